import { useQuery } from '@tanstack/react-query';
import type { RequirementCoverage, RequirementPage, RequirementStatus } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * A project's requirements (docs/product/requirements.md, "The calls"). Here, not in the
 * requirements feature, because the case page's Requirements card and the bulk bar's "Link to
 * requirement" pick a requirement from the same list.
 */

export interface RequirementFilters {
  q?: string;
  status?: RequirementStatus | '';
  coverage?: RequirementCoverage | '';
  /** 0: the top level; a requirement's id: its children; left out: every requirement. */
  parent_id?: number;
  limit?: number;
  offset?: number;
}

/** The list's query string ('?q=pay&limit=25'), leaving out what is empty. */
export function requirementQuery(filters: RequirementFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export const getRequirements = (projectId: number, filters: RequirementFilters) =>
  api.get<RequirementPage>(`/api/projects/${projectId}/requirements${requirementQuery(filters)}`);

/** `enabled` false (the caller lacks home_requirement) never fetches. */
export function useRequirements(projectId: number, filters: RequirementFilters, enabled = true) {
  const query = requirementQuery(filters);
  return useQuery({
    queryKey: queryKeys.requirements.list(projectId, query),
    queryFn: () => getRequirements(projectId, filters),
    enabled: enabled && projectId > 0,
  });
}

/** How many requirements a picker offers for what was typed. */
export const PICKER_CHOICES = 10;

/** The requirements whose key or title holds `q`, the first PICKER_CHOICES of them; none asked for ''. */
export function useRequirementChoices(projectId: number, q: string) {
  return useRequirements(projectId, { q, limit: PICKER_CHOICES }, q.trim() !== '');
}

export const STATUS_LABELS: Record<RequirementStatus, string> = {
  draft: 'Draft',
  approved: 'Approved',
  implemented: 'Implemented',
  obsolete: 'Obsolete',
};

export const COVERAGE_LABELS: Record<RequirementCoverage, string> = {
  passing: 'Passing',
  failing: 'Failing',
  untested: 'Untested',
  not_covered: 'Not covered',
};
