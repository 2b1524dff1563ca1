import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateMilestoneBody,
  MessageResponse,
  MilestoneMutation,
  UpdateMilestoneBody,
} from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Create, change and delete milestones. Each reloads the milestones and the cycles: a rename
 * renames their cycles' milestone, a delete leaves them without one (docs/product/milestones.md).
 * The milestone keys sit under 'cycles', so one invalidation reloads both.
 */
export function useMilestoneMutations(projectId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.cycles.all });
  const create = useMutation({
    mutationFn: (body: CreateMilestoneBody) =>
      api.post<MilestoneMutation>(`/api/projects/${projectId}/milestones`, body),
    onSuccess: reload,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateMilestoneBody }) =>
      api.put<MilestoneMutation>(`/api/milestones/${id}`, body),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.del<MessageResponse>(`/api/milestones/${id}`),
    // The deleted milestone itself is not read again: it would answer 404 while its page is
    // still on view.
    onSuccess: (_answer, id) => {
      const gone = JSON.stringify(queryKeys.milestones.detail(id));
      return queryClient.invalidateQueries({
        queryKey: queryKeys.cycles.all,
        predicate: (query) => JSON.stringify(query.queryKey) !== gone,
      });
    },
  });
  return { create, update, remove };
}
