import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Permission } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getPermissions = () => api.get<Permission[]>('/api/permissions/list');

export const permissionsQuery = () =>
  queryOptions({ queryKey: queryKeys.permissions.list(), queryFn: getPermissions });

export const usePermissions = () => useQuery(permissionsQuery());
