import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseBody, CaseMutation } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/refresh';

/**
 * Where a new case goes: top level in a project (no suite), top level in a suite, or under a
 * parent case (it inherits the parent's project and suite). One file for the three screens.
 */
export type CaseParent = { kind: 'project' | 'suite' | 'parent'; id: number };

export const createCase = (parent: CaseParent, body: CaseBody) =>
  api.post<CaseMutation>(`/api/test-cases/${parent.kind}/${parent.id}/create`, body);

export function useCreateCase(parent: CaseParent) {
  const queryClient = useQueryClient();
  const treeParent = { type: parent.kind === 'parent' ? 'case' : parent.kind, id: parent.id } as const;
  return useMutation({
    mutationFn: (body: CaseBody) => createCase(parent, body),
    // The parent case gains a child (has_children), so case screens refresh too.
    onSuccess: ({ testCase }) =>
      refreshAfter(queryClient, { type: 'case', id: testCase.id, parent: treeParent }, ['cases']),
  });
}
