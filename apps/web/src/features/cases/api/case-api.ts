import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseBody, CaseMutation, MessageResponse, TestCase } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh';

export const getCase = (id: number) => api.get<TestCase>(`/api/test-cases/single/${id}`);

export const caseQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.cases.detail(id), queryFn: () => getCase(id) });

export function useCase(id: number | null | undefined) {
  return useQuery({ ...caseQuery(id ?? 0), enabled: id != null && id > 0 });
}

export const updateCase = (id: number, body: CaseBody) =>
  api.put<CaseMutation>(`/api/test-cases/update/${id}`, body);

export function useUpdateCase(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseBody) => updateCase(id, body),
    // Runs carry their case's name.
    onSuccess: () => refreshAfter(queryClient, { type: 'case', id }, ['cases', 'runs']),
  });
}

export const deleteCase = (id: number) => api.del<MessageResponse>(`/api/test-cases/delete/${id}`);

/** The screen refreshes (`refreshAfterCaseDelete`) after leaving, so no 404 refetch is shown. */
export const useDeleteCase = () => useMutation({ mutationFn: deleteCase });
