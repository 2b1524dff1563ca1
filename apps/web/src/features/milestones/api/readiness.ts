import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MilestoneReadiness, ReadinessRules, ReadinessRulesMutation } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * A milestone's readiness and its rules (docs/product/milestones.md, "Readiness"). The key sits
 * under the milestones' ('cycles'), so results recorded, live updates and the milestone's own
 * changes read it again.
 */

export const readinessKey = (milestoneId: number) =>
  [...queryKeys.milestones.all, 'readiness', milestoneId] as const;

export const getReadiness = (milestoneId: number) =>
  api.get<MilestoneReadiness>(`/api/milestones/${milestoneId}/readiness`);

export function useMilestoneReadiness(milestoneId: number) {
  return useQuery({ queryKey: readinessKey(milestoneId), queryFn: () => getReadiness(milestoneId) });
}

export function useReadinessRulesMutation(milestoneId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: ReadinessRules) =>
      api.put<ReadinessRulesMutation>(`/api/milestones/${milestoneId}/readiness-rules`, rules),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readinessKey(milestoneId) }),
  });
}
