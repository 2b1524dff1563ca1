import { useQuery } from '@tanstack/react-query';
import type { Role, User } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The pickers of the member screens. Shared keys, so an admin edit elsewhere refreshes them. */
export const getUsers = () => api.get<User[]>('/api/users/list');
export const useUsers = () => useQuery({ queryKey: queryKeys.users.list(), queryFn: getUsers });

export const getRoles = () => api.get<Role[]>('/api/roles/list');
export const useRoles = () => useQuery({ queryKey: queryKeys.roles.list(), queryFn: getRoles });
