import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getRoles = () => api.get<Role[]>('/api/roles/list');

export const rolesQuery = () => queryOptions({ queryKey: queryKeys.roles.list(), queryFn: getRoles });

export const useRoles = () => useQuery(rolesQuery());
