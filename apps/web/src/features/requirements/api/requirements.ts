import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CaseRequirements,
  CaseSearchPage,
  CreateRequirementBody,
  MessageResponse,
  RequirementCases,
  RequirementDetail,
  RequirementMutation,
  RequirementVersionPage,
  TraceabilityPage,
  UpdateRequirementBody,
} from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * One requirement, its history, the matrix, and the calls that change them
 * (docs/product/requirements.md, "The calls"). Every change reloads what sits under
 * queryKeys.requirements.all (lists, pages, the matrix: a link changes coverage up the tree) and
 * the cases, whose detail names their requirements.
 */

export const getRequirement = (id: number) => api.get<RequirementDetail>(`/api/requirements/${id}`);

/** `id` null (a malformed route param) never fetches. */
export function useRequirement(id: number | null) {
  return useQuery({
    queryKey: queryKeys.requirements.detail(id ?? 0),
    queryFn: () => getRequirement(id ?? 0),
    enabled: id !== null && id > 0,
  });
}

/** Versions a requirement's History shows (newest first). */
export const VERSIONS_SHOWN = 50;

export function useRequirementVersions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.requirements.versions(id),
    queryFn: () =>
      api.get<RequirementVersionPage>(`/api/requirements/${id}/versions?limit=${VERSIONS_SHOWN}&offset=0`),
    enabled,
  });
}

export interface TraceabilityFilters {
  milestone_id?: number | null;
  configuration_id?: number | null;
  coverage?: string;
  status?: string;
  limit?: number;
  offset?: number;
}

/** '?milestone_id=2&limit=50', leaving out what is empty; '' when all is. */
export function traceabilityQuery(filters: TraceabilityFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The matrix's rows from `filters.offset` under the filters, its total and its summary. */
export function traceabilityPageQuery(projectId: number, filters: TraceabilityFilters) {
  const query = traceabilityQuery(filters);
  return queryOptions({
    queryKey: queryKeys.requirements.traceability(projectId, query),
    queryFn: () => api.get<TraceabilityPage>(`/api/projects/${projectId}/traceability${query}`),
  });
}

export function useTraceability(projectId: number, filters: TraceabilityFilters, enabled = true) {
  return useQuery({
    ...traceabilityPageQuery(projectId, filters),
    enabled: enabled && projectId > 0,
    placeholderData: (previous) => previous,
  });
}

/** The CSV of the whole matrix under the filters (no paging). */
export const traceabilityCsvPath = (projectId: number, filters: TraceabilityFilters) =>
  `/api/projects/${projectId}/traceability.csv${traceabilityQuery({ ...filters, limit: undefined, offset: undefined })}`;

function useReload() {
  const queryClient = useQueryClient();
  return (except?: number) => {
    const gone = except === undefined ? null : JSON.stringify(queryKeys.requirements.detail(except));
    return Promise.all([
      queryClient.invalidateQueries({
        queryKey: queryKeys.requirements.all,
        // A deleted requirement is not read again: it would answer 404 while its page is on view.
        predicate: (query) => gone === null || JSON.stringify(query.queryKey) !== gone,
      }),
      queryClient.invalidateQueries({ queryKey: queryKeys.cases.all }),
    ]);
  };
}

export function useRequirementMutations(projectId: number) {
  const reload = useReload();
  const create = useMutation({
    mutationFn: (body: CreateRequirementBody) =>
      api.post<RequirementMutation>(`/api/projects/${projectId}/requirements`, body),
    onSuccess: () => reload(),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateRequirementBody }) =>
      api.put<RequirementMutation>(`/api/requirements/${id}`, body),
    onSuccess: () => reload(),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.del<MessageResponse>(`/api/requirements/${id}`),
    onSuccess: (_answer, id) => reload(id),
  });
  return { create, update, remove };
}

/** `add`: POST, these join its links; `set`: PUT, its links become exactly these. */
export function useRequirementCases(id: number) {
  const reload = useReload();
  const add = useMutation({
    mutationFn: (caseIds: number[]) =>
      api.post<RequirementCases>(`/api/requirements/${id}/cases`, { case_ids: caseIds }),
    onSuccess: () => reload(),
  });
  const set = useMutation({
    mutationFn: (caseIds: number[]) =>
      api.put<RequirementCases>(`/api/requirements/${id}/cases`, { case_ids: caseIds }),
    onSuccess: () => reload(),
  });
  return { add, set };
}

/** `PUT /api/test-cases/{id}/requirements`: the case's links become exactly these. */
export function useSetCaseRequirements(caseId: number) {
  const reload = useReload();
  return useMutation({
    mutationFn: (requirementIds: number[]) =>
      api.put<CaseRequirements>(`/api/test-cases/${caseId}/requirements`, {
        requirement_ids: requirementIds,
      }),
    onSuccess: () => reload(),
  });
}

/** Cases the Link cases dialog offers for what was typed. */
export const CASE_CHOICES = 25;

/** The cases matching `q` (the search language), the first CASE_CHOICES of them. */
export function useCaseChoices(projectId: number, q: string) {
  return useQuery({
    queryKey: [...queryKeys.cases.search(projectId, q, 0), 'requirement-link'],
    queryFn: () =>
      api.get<CaseSearchPage>(
        `/api/projects/${projectId}/cases/search?${new URLSearchParams({ q, limit: String(CASE_CHOICES), offset: '0' })}`,
      ),
    enabled: q.trim() !== '',
    staleTime: 30_000,
  });
}
