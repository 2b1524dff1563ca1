import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubUserList } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getSubUsers = () => api.get<SubUserList>('/api/users/list-subusers');

export const subUsersQuery = () =>
  queryOptions({ queryKey: queryKeys.users.subUsers(), queryFn: getSubUsers });

export const useSubUsers = () => useQuery(subUsersQuery());
