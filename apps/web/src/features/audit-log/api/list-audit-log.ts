import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AuditLogPage, User } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { type AuditFilters, auditLogQueryString } from '../audit-filters';

export const getAuditLogPage = (filters: AuditFilters, before?: number) =>
  api.get<AuditLogPage>(`/api/audit-log?${auditLogQueryString(filters, before)}`);

/**
 * Pages follow the server's cursor (keyset paging), so 'Load more' costs the same however far
 * down the log is. Not under a shared resource key: every screen's change adds an entry, so it
 * is simply read afresh each time the screen opens.
 */
export const auditLogQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['audit-log', filters] as const,
    queryFn: ({ pageParam }) => getAuditLogPage(filters, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useAuditLog = (filters: AuditFilters, enabled: boolean) =>
  useInfiniteQuery({ ...auditLogQuery(filters), enabled });

/** The user filter's choices: the user list, for those who may read it (view_admin_home). */
export const useAuditUsers = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.users.list(),
    queryFn: () => api.get<User[]>('/api/users/list'),
    enabled,
  });
