import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkBody,
  BulkPreview,
  BulkResult,
  BulkSelection,
  CaseFieldList,
  CaseSearchPage,
} from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/projects/{id}/cases/bulk/preview`: how many cases, child cases and runs a selection holds. */
export function useBulkPreview(projectId: number, selection: BulkSelection, enabled: boolean) {
  return useQuery({
    queryKey: ['cases', 'bulk-preview', projectId, selection],
    queryFn: () => api.post<BulkPreview>(`/api/projects/${projectId}/cases/bulk/preview`, { selection }),
    enabled,
    // Asked again each time a dialog opens: the cases may have changed since.
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * `POST /api/projects/{id}/cases/bulk`. A bulk action can change any list of cases, the search,
 * the tree, the cycles (add to cycle) and the runs (delete): all of them are loaded again.
 */
export function useBulkAction(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkBody) => api.post<BulkResult>(`/api/projects/${projectId}/cases/bulk`, body),
    onSuccess: async () => {
      const keys = [
        queryKeys.cases.all,
        queryKeys.suites.all,
        queryKeys.runs.all,
        queryKeys.cycles.all,
        queryKeys.cycleItems.all,
        queryKeys.myWork,
        queryKeys.projects.count(),
      ];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** A project's custom fields in form order (the same query the case forms read). */
export function useFields(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.caseFields.byProject(projectId),
    queryFn: () => api.get<CaseFieldList>(`/api/projects/${projectId}/case-fields`),
    enabled,
    select: inFormOrder,
  });
}

const inFormOrder = (answer: CaseFieldList) =>
  [...answer.fields].sort((a, b) => a.position - b.position || a.id - b.id);

/** Cases a Move or Copy dialog offers as the parent, for what was typed. */
export const PARENT_CHOICES = 10;

/** The cases matching `q` (the search language), the first PARENT_CHOICES of them. */
export function useParentChoices(projectId: number, q: string) {
  return useQuery({
    queryKey: [...queryKeys.cases.search(projectId, q, 0), 'parents'],
    queryFn: () =>
      api.get<CaseSearchPage>(
        `/api/projects/${projectId}/cases/search?${new URLSearchParams({ q, limit: String(PARENT_CHOICES), offset: '0' })}`,
      ),
    enabled: q.trim() !== '',
    staleTime: 30_000,
  });
}
