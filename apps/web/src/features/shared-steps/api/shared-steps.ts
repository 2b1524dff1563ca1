import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MessageResponse,
  SharedStepsMutation,
  SharedStepsUsage,
  UpdateSharedStepsBody,
} from '@verdict/contract';
import { sharedStepsKeys } from '@/entities/shared-steps/shared-steps-api';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The cases a set's page lists as using it, a page at a time. */
export function useSharedStepsUsage(id: number, offset: number, limit: number) {
  return useQuery({
    queryKey: [...sharedStepsKeys.usage(id, offset), limit],
    queryFn: () => api.get<SharedStepsUsage>(`/api/shared-steps/${id}/usage?limit=${limit}&offset=${offset}`),
    placeholderData: (previous) => previous,
  });
}

/**
 * Change and delete a set. Either changes every case using it (their steps, a new version), so
 * both reload what sits under 'cases' (the sets' keys are there too); a deleted set is not read
 * again, since it would answer 404 while its page is still on view.
 */
export function useSharedStepsMutations(id: number) {
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (body: UpdateSharedStepsBody) =>
      api.put<SharedStepsMutation>(`/api/shared-steps/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cases.all }),
  });
  const remove = useMutation({
    mutationFn: (copyIntoCases: boolean) =>
      api.del<MessageResponse>(`/api/shared-steps/${id}${copyIntoCases ? '?copy_into_cases=true' : ''}`),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.cases.all,
        predicate: ({ queryKey: [, resource, part, setId] }) =>
          !(resource === 'shared-steps' && (part === 'detail' || part === 'usage') && setId === id),
      }),
  });
  return { update, remove };
}
