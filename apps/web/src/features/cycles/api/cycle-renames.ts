import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseMutation, Cycle, CycleRenames, MergeCaseBody, RenamePair } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The renamed tests of an import's cycle and the merge that keeps their history (docs/product/report-formats.md, "Renamed tests"). */

/** Only an import's cycle can propose renames, so other cycles never ask. */
export function useCycleRenames(cycle: Pick<Cycle, 'id' | 'source'>) {
  return useQuery({
    queryKey: queryKeys.cycles.renames(cycle.id),
    queryFn: () => api.get<CycleRenames>(`/api/cycles/${cycle.id}/renames`),
    enabled: cycle.source === 'import',
    select: (answer) => answer.items,
  });
}

/**
 * Merges `pair.from` into `pair.to`. The pair leaves the list at once; the merge moves runs,
 * items, results and links, so the cycles, their items, My Work, cases, runs and defects reload.
 */
export function useMergeRenamedCase(cycleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pair: RenamePair) =>
      api.post<CaseMutation>(`/api/test-cases/${pair.to.id}/merge`, {
        from_case_id: pair.from.id,
      } satisfies MergeCaseBody),
    onSuccess: async (_answer, pair) => {
      queryClient.setQueryData<CycleRenames>(queryKeys.cycles.renames(cycleId), (answer) =>
        answer ? { items: answer.items.filter((item) => item.from.id !== pair.from.id) } : answer,
      );
      const keys = [
        queryKeys.cycles.all,
        queryKeys.cycleItems.all,
        queryKeys.myWork,
        queryKeys.cases.all,
        queryKeys.runs.all,
        queryKeys.defects.all,
      ];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
