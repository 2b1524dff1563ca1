import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getRole = (id: number) => api.get<Role>(`/api/roles/get-role/${id}`);

export const roleQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.roles.detail(id), queryFn: () => getRole(id) });

/** `id` null (a malformed route param) never calls the server. */
export const useRole = (id: number | null) => useQuery({ ...roleQuery(id ?? 0), enabled: id !== null });
