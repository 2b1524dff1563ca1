import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatusCount } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getStatusCount = () => api.get<StatusCount>('/api/users/status-count');

export const statusCountQuery = () =>
  queryOptions({ queryKey: queryKeys.users.statusCount(), queryFn: getStatusCount });

export const useStatusCount = () => useQuery(statusCountQuery());
