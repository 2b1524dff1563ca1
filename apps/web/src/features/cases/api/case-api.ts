import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseBody, CaseMutation, MessageResponse } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/refresh';

// The case itself is read through entities/case/get-case.ts, which breadcrumbs share.
export { useCase } from '@/entities/case/get-case';

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
