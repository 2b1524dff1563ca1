import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePlanBody, MessageResponse, PlanMutation, UpdatePlanBody } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Create, change and delete test plans (docs/product/plans.md, "The calls"). Each reloads
 * everything under 'cycles': a plan makes cycles, takes them to a new milestone or deletes them,
 * and the plan and milestone keys sit there too.
 */

export function useCreatePlan(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlanBody) => api.post<PlanMutation>(`/api/projects/${projectId}/plans`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cycles.all }),
  });
}

export function useUpdatePlan(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePlanBody) => api.put<PlanMutation>(`/api/plans/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cycles.all }),
  });
}

/** What happens to the plan's cycles: `keep` detaches them, `delete` deletes them with it. */
export type CyclesOnDelete = 'keep' | 'delete';

export function useDeletePlan(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cycles: CyclesOnDelete) => api.del<MessageResponse>(`/api/plans/${id}?cycles=${cycles}`),
    // The deleted plan itself is not read again: it would answer 404 while its page is on view.
    // Deleting cycles deletes the runs their results recorded.
    onSuccess: (_answer, cycles) => {
      const gone = JSON.stringify(queryKeys.plans.detail(id));
      const keys: readonly (readonly unknown[])[] =
        cycles === 'delete'
          ? [queryKeys.cycleItems.all, queryKeys.myWork, ['cases'], ['runs'], ['projects', 'count']]
          : [];
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.cycles.all,
          predicate: (query) => JSON.stringify(query.queryKey) !== gone,
        }),
        ...keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]);
    },
  });
}
