import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Permission } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getPermission = (id: number) => api.get<Permission>(`/api/permissions/get/${id}`);

export const permissionQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.permissions.detail(id), queryFn: () => getPermission(id) });

/** `id` null (a malformed route param) never calls the server. */
export const usePermission = (id: number | null) =>
  useQuery({ ...permissionQuery(id ?? 0), enabled: id !== null });
