import { useQuery } from '@tanstack/react-query';
import type { Plan, PlanList } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * A project's test plans and one plan (docs/product/plans.md, "The calls"). Here, not in the
 * plans feature, because a cycle's page names its plan and a milestone's page lists its plans.
 * The keys sit under 'cycles': a plan's totals are its cycles' counts, so a result recorded
 * anywhere (and the live updates) reload them.
 */

export const getProjectPlans = (projectId: number) => api.get<PlanList>(`/api/projects/${projectId}/plans`);

export const getPlan = (id: number) => api.get<Plan>(`/api/plans/${id}`);

/** `enabled` false (the caller lacks home_test_cycle, or the project is unknown) never fetches. */
export function useProjectPlans(projectId: number | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.plans.byProject(projectId ?? 0),
    queryFn: async () => (await getProjectPlans(projectId ?? 0)).plans,
    enabled: enabled && projectId !== null && projectId > 0,
  });
}

/** `id` null (a malformed route param, a cycle of no plan) never fetches. */
export function usePlan(id: number | null | undefined) {
  return useQuery({
    queryKey: queryKeys.plans.detail(id ?? 0),
    queryFn: () => getPlan(id ?? 0),
    enabled: id != null && id > 0,
  });
}
