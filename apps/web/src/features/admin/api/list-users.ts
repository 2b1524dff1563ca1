import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getUsers = () => api.get<User[]>('/api/users/list');

export const usersQuery = () => queryOptions({ queryKey: queryKeys.users.list(), queryFn: getUsers });

export const useUsers = () => useQuery(usersQuery());
