import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CaseField,
  CaseFieldList,
  CaseFieldMutation,
  CreateCaseFieldBody,
  MessageResponse,
  UpdateCaseFieldBody,
} from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A project's custom fields in form order (the same query the case forms read). */
export function useProjectCaseFields(projectId: number | null) {
  return useQuery({
    queryKey: queryKeys.caseFields.byProject(projectId ?? 0),
    queryFn: () => api.get<CaseFieldList>(`/api/projects/${projectId}/case-fields`),
    enabled: projectId !== null,
    select: (answer): CaseField[] =>
      [...answer.fields].sort((a, b) => a.position - b.position || a.id - b.id),
  });
}

/**
 * Create, change and delete fields. Every change reloads the project's fields, and the cases
 * (a deleted field's values leave them).
 */
export function useCaseFieldMutations(projectId: number) {
  const queryClient = useQueryClient();
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.caseFields.byProject(projectId) });
    await queryClient.invalidateQueries({ queryKey: ['cases'] });
  };
  const create = useMutation({
    mutationFn: (body: CreateCaseFieldBody) =>
      api.post<CaseFieldMutation>(`/api/projects/${projectId}/case-fields`, body),
    onSuccess: reload,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCaseFieldBody }) =>
      api.put<CaseFieldMutation>(`/api/case-fields/${id}`, body),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.del<MessageResponse>(`/api/case-fields/${id}`),
    onSuccess: reload,
  });
  return { create, update, remove };
}
