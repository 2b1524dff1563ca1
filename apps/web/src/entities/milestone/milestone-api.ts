import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Milestone, MilestoneList } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * A project's milestones and one milestone (docs/product/milestones.md, "The calls"). Here, not in
 * the milestones feature, because the cycle form picks a cycle's milestone from the same list.
 */

export const getProjectMilestones = (projectId: number) =>
  api.get<MilestoneList>(`/api/projects/${projectId}/milestones`);

export const getMilestone = (id: number) => api.get<Milestone>(`/api/milestones/${id}`);

/** `enabled` false (the caller lacks home_milestone, or the project is unknown) never fetches. */
export function useProjectMilestones(projectId: number | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.milestones.byProject(projectId ?? 0),
    queryFn: async () => (await getProjectMilestones(projectId ?? 0)).milestones,
    enabled: enabled && projectId !== null && projectId > 0,
  });
}

export const milestoneQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.milestones.detail(id), queryFn: () => getMilestone(id) });

/** `id` null (a malformed route param) never fetches. */
export function useMilestone(id: number | null) {
  return useQuery({ ...milestoneQuery(id ?? 0), enabled: id !== null && id > 0 });
}

/**
 * The project's milestones as a select's options: top-level ones in the order they were made,
 * each followed by its sub-milestones ("Release 2 › Sprint 1"); completed ones say so.
 */
export function milestoneOptions(milestones: readonly Milestone[]): { value: number; label: string }[] {
  const byId = new Map(milestones.map((milestone) => [milestone.id, milestone]));
  const label = (milestone: Milestone) => {
    const parent = milestone.parent_id === null ? undefined : byId.get(milestone.parent_id);
    const name = parent ? `${parent.name} › ${milestone.name}` : milestone.name;
    return milestone.state === 'completed' ? `${name} (completed)` : name;
  };
  const options: { value: number; label: string }[] = [];
  const placed = new Set<number>();
  const add = (milestone: Milestone) => {
    options.push({ value: milestone.id, label: label(milestone) });
    placed.add(milestone.id);
  };
  for (const top of milestones.filter(
    (milestone) => milestone.parent_id === null || !byId.has(milestone.parent_id),
  )) {
    add(top);
    for (const sub of milestones.filter((milestone) => milestone.parent_id === top.id)) add(sub);
  }
  for (const rest of milestones.filter((milestone) => !placed.has(milestone.id))) add(rest);
  return options;
}
