import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CycleDefectList,
  DefectLinkList,
  DefectLinkMutation,
  MessageResponse,
  NewIssueAnswer,
  TrackerAnswer,
  TrackerBody,
  TrackerMutation,
} from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Issue tracker and defect links (docs/product/defects.md). */

export function useTracker(projectId: number | null) {
  return useQuery({
    queryKey: queryKeys.tracker.byProject(projectId ?? 0),
    queryFn: () => api.get<TrackerAnswer>(`/api/projects/${projectId}/tracker`),
    enabled: projectId !== null,
    select: (answer) => answer.tracker,
  });
}

export function useTrackerMutations(projectId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.tracker.byProject(projectId) });
  const save = useMutation({
    mutationFn: (body: TrackerBody) => api.put<TrackerMutation>(`/api/projects/${projectId}/tracker`, body),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: () => api.del<MessageResponse>(`/api/projects/${projectId}/tracker`),
    onSuccess: reload,
  });
  return { save, remove };
}

/** Where a defect list belongs: a case (every level), or an item (its own and its results'). */
export type DefectOwner = { kind: 'case'; id: number } | { kind: 'item'; id: number };

const ownerUrl = (owner: DefectOwner) =>
  owner.kind === 'case' ? `/api/test-cases/${owner.id}/defects` : `/api/cycle-items/${owner.id}/defects`;

export function useDefectLinks(owner: DefectOwner) {
  return useQuery({
    queryKey: owner.kind === 'case' ? queryKeys.defects.byCase(owner.id) : queryKeys.defects.byItem(owner.id),
    queryFn: () => api.get<DefectLinkList>(ownerUrl(owner)),
    select: (answer) => answer.defects,
  });
}

export function useCycleDefects(cycleId: number) {
  return useQuery({
    queryKey: queryKeys.defects.byCycle(cycleId),
    queryFn: () => api.get<CycleDefectList>(`/api/cycles/${cycleId}/defects`),
    select: (answer) => answer.defects,
  });
}

/** The defects of a milestone's cycles and its sub-milestones' (docs/product/milestones.md). */
export function useMilestoneDefects(milestoneId: number) {
  return useQuery({
    queryKey: queryKeys.defects.byMilestone(milestoneId),
    queryFn: () => api.get<CycleDefectList>(`/api/milestones/${milestoneId}/defects`),
    select: (answer) => answer.defects,
  });
}

/**
 * Links a defect to a result of an item (the execution view's Defect field, sent with the
 * result), then reloads the defect lists as a link from the item's list does.
 */
export function useLinkResultDefect() {
  const queryClient = useQueryClient();
  return async (itemId: number, resultId: number, defect: string) => {
    const answer = await api.post<DefectLinkMutation>(`/api/cycle-items/${itemId}/defects`, {
      defect,
      result_id: resultId,
    });
    await queryClient.invalidateQueries({ queryKey: queryKeys.defects.all });
    return answer;
  };
}

/** Link and unlink; every change reloads every defect list (case, item and cycle show the same links). */
export function useDefectMutations(owner: DefectOwner) {
  const queryClient = useQueryClient();
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.defects.all });
    // `defect:` searches read the links too.
    await queryClient.invalidateQueries({ queryKey: ['cases', 'search'] });
  };
  const link = useMutation({
    mutationFn: (body: { defect: string; result_id?: number }) =>
      api.post<DefectLinkMutation>(ownerUrl(owner), body),
    onSuccess: reload,
  });
  const unlink = useMutation({
    mutationFn: (id: number) => api.del<MessageResponse>(`/api/defect-links/${id}`),
    onSuccess: reload,
  });
  return { link, unlink };
}

/** "File a bug": the new-issue address of a result, asked once the result shows. */
export function useNewIssueUrl(resultId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['defects', 'new-issue', resultId],
    queryFn: () => api.get<NewIssueAnswer>(`/api/cycle-results/${resultId}/new-issue`),
    enabled,
    select: (answer) => answer.url,
    staleTime: 60_000,
  });
}
