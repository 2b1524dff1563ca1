import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, RunMutation, RunStatusValue, TestRun } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterRunChange } from '@/lib/refresh';

export const getRuns = (caseId: number) => api.get<TestRun[]>(`/api/testruns/testcase/${caseId}`);

/** Only fetched with home_test_run (the server answers 403 without it). */
export function useRuns(caseId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.runs.byCase(caseId ?? 0),
    queryFn: () => getRuns(caseId ?? 0),
    enabled: enabled && caseId !== null,
  });
}

export const getRun = (id: number) => api.get<TestRun>(`/api/testruns/detail/${id}`);

export const runQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.runs.detail(id), queryFn: () => getRun(id) });

export function useRun(id: number | null | undefined) {
  return useQuery({ ...runQuery(id ?? 0), enabled: id != null && id > 0 });
}

export const createRun = (caseId: number, status: RunStatusValue) =>
  api.post<RunMutation>(`/api/testruns/create/${caseId}`, { status });

export const updateRun = (id: number, status: RunStatusValue) =>
  api.put<RunMutation>(`/api/testruns/update/${id}`, { status });

export const deleteRun = (id: number) => api.del<MessageResponse>(`/api/testruns/delete/${id}`);

// Every run change moves the dashboard's passed/failed counts, its case's status and the
// roll-ups above it (refreshAfterRunChange).
export function useCreateRun(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: RunStatusValue) => createRun(caseId, status),
    onSuccess: () => refreshAfterRunChange(queryClient, caseId),
  });
}

/** Updates run `id` of the case `caseId` (undefined when the run does not name it). */
export function useUpdateRun(id: number, caseId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: RunStatusValue) => updateRun(id, status),
    onSuccess: () => refreshAfterRunChange(queryClient, caseId),
  });
}

/** Deletes runs of the case `caseId`. */
export function useDeleteRun(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRun,
    onSuccess: () => refreshAfterRunChange(queryClient, caseId),
  });
}

/**
 * The executor's username, or 'ID: {executor id}' once that user was deleted
 * (docs/product/runs.md, "Data rules").
 */
export function executedByText(run: Pick<TestRun, 'executor' | 'executed_by'>): string {
  if (run.executor) return run.executor.username;
  return `ID: ${run.executed_by ?? '-'}`;
}
