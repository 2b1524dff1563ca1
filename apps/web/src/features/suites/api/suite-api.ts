import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, Suite, SuiteMutation, UpdateSuiteBody } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh';

// The suite itself is read through lib/get-suite.ts, which breadcrumbs share.
export { useSuite } from '@/lib/get-suite';

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

/** A project's suites (docs/product/suites.md, "The calls"); only with home_test_suit there. */
export function useProjectSuites(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.suites.byProject(projectId),
    queryFn: ({ signal }) => api.get<Suite[]>(`/api/testsuites/project/${projectId}`, { signal }),
    enabled,
  });
}
