import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, SuiteMutation, UpdateSuiteBody } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/refresh';

// The suite itself is read through entities/suite/get-suite.ts, which breadcrumbs share.
export { useSuite } from '@/entities/suite/get-suite';
export { useProjectSuites } from '@/entities/suite/project-suites';

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
