import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, Suite, SuiteMutation, UpdateSuiteBody } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh';

export const getSuite = (id: number) => api.get<Suite>(`/api/testsuites/detail/${id}`);

export const suiteQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.suites.detail(id), queryFn: () => getSuite(id) });

export function useSuite(id: number | null | undefined) {
  return useQuery({ ...suiteQuery(id ?? 0), enabled: id != null && id > 0 });
}

export const updateSuite = (id: number, body: UpdateSuiteBody) =>
  api.put<SuiteMutation>(`/api/testsuites/update/${id}`, body);

export function useUpdateSuite(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSuiteBody) => updateSuite(id, body),
    onSuccess: () => refreshAfter(queryClient, { type: 'suite', id }, ['suites']),
  });
}

export const deleteSuite = (id: number) => api.del<MessageResponse>(`/api/testsuites/delete/${id}`);

/** The screen refreshes (`refreshAfterSuiteDelete`) after leaving, so no 404 refetch is shown. */
export const useDeleteSuite = () => useMutation({ mutationFn: deleteSuite });
