import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSuiteBody, SuiteMutation } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/refresh';

export const createSuite = (body: CreateSuiteBody) => api.post<SuiteMutation>('/api/testsuites/create', body);

/** Shows the suite under its project in the tree and refreshes the dashboard's suite count. */
export function useCreateSuite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSuite,
    onSuccess: ({ suite }) =>
      refreshAfter(
        queryClient,
        { type: 'suite', id: suite.id, parent: { type: 'project', id: suite.project_id } },
        ['suites'],
      ),
  });
}
