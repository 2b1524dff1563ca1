import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActiveCycles,
  AssignItemsBody,
  AssignItemsResponse,
  CreateCycleBody,
  Cycle,
  CycleItemDetail,
  CycleItemPage,
  CycleItemState,
  CycleMutation,
  MessageResponse,
  MyWork,
  RecordResultBody,
  ResultMutation,
  ResultUndone,
  UpdateCycleBody,
} from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The test cycle calls (docs/product/cycles.md, "The calls") and their queries. Every key starts
 * with 'cycles', 'cycle-items' or 'my-work', which app/live-updates.ts reloads when anyone records
 * a result, so open screens follow other people's work.
 */

export const getProjectCycles = (projectId: number) => api.get<Cycle[]>(`/api/projects/${projectId}/cycles`);
export const getCycle = (id: number) => api.get<Cycle>(`/api/cycles/${id}`);

/** The filters of a cycle's item list; `assignee_id` 0 is "unassigned". */
export interface CycleItemFilters {
  state?: CycleItemState;
  assignee_id?: number;
  suite_id?: number;
  q?: string;
  /** Only items after this one, in item order. */
  after_id?: number;
  /** Only items before this one, the nearest first. */
  before_id?: number;
}

/** The query string of a filtered page of items. */
export function itemsQueryString(filters: CycleItemFilters, offset: number, limit: number): string {
  const params = new URLSearchParams();
  if (filters.state) params.set('state', filters.state);
  if (filters.assignee_id !== undefined) params.set('assignee_id', String(filters.assignee_id));
  if (filters.suite_id !== undefined) params.set('suite_id', String(filters.suite_id));
  if (filters.q) params.set('q', filters.q);
  if (filters.after_id !== undefined) params.set('after_id', String(filters.after_id));
  if (filters.before_id !== undefined) params.set('before_id', String(filters.before_id));
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  return params.toString();
}

export const getCycleItems = (cycleId: number, filters: CycleItemFilters, offset: number, limit: number) =>
  api.get<CycleItemPage>(`/api/cycles/${cycleId}/items?${itemsQueryString(filters, offset, limit)}`);

export const getCycleItem = (id: number) => api.get<CycleItemDetail>(`/api/cycle-items/${id}`);
export const getActiveCycles = () => api.get<ActiveCycles>('/api/cycles/active');
export const getMyWork = () => api.get<MyWork>('/api/my-work');

export function useProjectCycles(projectId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.cycles.byProject(projectId),
    queryFn: () => getProjectCycles(projectId),
    enabled,
  });
}

/** The cycles of a milestone and of its sub-milestones, newest first (`?milestone_id=`). */
export function useMilestoneCycles(projectId: number, milestoneId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.cycles.byMilestone(projectId, milestoneId),
    queryFn: () => api.get<Cycle[]>(`/api/projects/${projectId}/cycles?milestone_id=${milestoneId}`),
    enabled,
  });
}

export const cycleQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.cycles.detail(id), queryFn: () => getCycle(id) });

/** `id` null (a malformed route param) never fetches. */
export function useCycle(id: number | null | undefined) {
  return useQuery({ ...cycleQuery(id ?? 0), enabled: id != null && id > 0 });
}

export function useCycleItem(id: number | null | undefined) {
  return useQuery({
    queryKey: queryKeys.cycleItems.detail(id ?? 0),
    queryFn: () => getCycleItem(id ?? 0),
    enabled: id != null && id > 0,
  });
}

/** The dashboard's open cycles (its key starts with 'cycles', so live updates reload it). */
export function useActiveCycles() {
  return useQuery({ queryKey: queryKeys.cycles.active(), queryFn: getActiveCycles });
}

export function useMyWork(enabled = true) {
  return useQuery({ queryKey: queryKeys.myWork, queryFn: getMyWork, enabled });
}

/** A cycle change moves its counts, its items, My Work and (through runs) the case marks. */
async function refreshAfterCycleChange(queryClient: ReturnType<typeof useQueryClient>, runs: boolean) {
  const keys: readonly (readonly unknown[])[] = runs
    ? [
        queryKeys.cycles.all,
        queryKeys.cycleItems.all,
        queryKeys.myWork,
        ['cases'],
        ['runs'],
        ['projects', 'count'],
      ]
    : [queryKeys.cycles.all, queryKeys.cycleItems.all, queryKeys.myWork];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreateCycle(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCycleBody) => api.post<CycleMutation>(`/api/projects/${projectId}/cycles`, body),
    onSuccess: () => refreshAfterCycleChange(queryClient, false),
  });
}

export function useUpdateCycle(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCycleBody) => api.put<CycleMutation>(`/api/cycles/${id}`, body),
    onSuccess: () => refreshAfterCycleChange(queryClient, false),
  });
}

export function useDeleteCycle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.del<MessageResponse>(`/api/cycles/${id}`),
    // Deleting a cycle deletes the runs its results recorded.
    onSuccess: () => refreshAfterCycleChange(queryClient, true),
  });
}

export function useAssignItems(cycleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignItemsBody) =>
      api.put<AssignItemsResponse>(`/api/cycles/${cycleId}/assign`, body),
    onSuccess: () => refreshAfterCycleChange(queryClient, false),
  });
}

export function useRecordResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: number; body: RecordResultBody }) =>
      api.post<ResultMutation>(`/api/cycle-items/${itemId}/results`, body),
    onSuccess: (answer) => refreshAfterCycleChange(queryClient, answer.result.run_id !== null),
  });
}

/** Undoes a result its caller just recorded (docs/product/cycle-execution.md, "Undo"). */
export function useUndoResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resultId }: { resultId: number; runs: boolean }) =>
      api.del<ResultUndone>(`/api/cycle-results/${resultId}`),
    onSuccess: (_answer, { runs }) => refreshAfterCycleChange(queryClient, runs),
  });
}
