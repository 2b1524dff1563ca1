import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestCaseDetail } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * A case with its whole content (steps, fields, version), shared by its own screens, the
 * execution view and every breadcrumb trail that passes through it.
 */
export const getCase = (id: number) => api.get<TestCaseDetail>(`/api/test-cases/single/${id}`);

export const caseQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.cases.detail(id), queryFn: () => getCase(id) });

/** `id` null (a malformed route param) never fetches. */
export function useCase(id: number | null | undefined) {
  return useQuery({ ...caseQuery(id ?? 0), enabled: id != null && id > 0 });
}

/**
 * The case with every shared step set's steps in its reference's place (`?expand=steps`), as its
 * page and the execution view show it; under the case's key, so whatever reloads the case
 * reloads this too.
 */
export const getExpandedCase = (id: number) =>
  api.get<TestCaseDetail>(`/api/test-cases/single/${id}?expand=steps`);

export const expandedCaseQuery = (id: number) =>
  queryOptions({ queryKey: [...queryKeys.cases.detail(id), 'expanded'], queryFn: () => getExpandedCase(id) });

export function useExpandedCase(id: number | null | undefined) {
  return useQuery({ ...expandedCaseQuery(id ?? 0), enabled: id != null && id > 0 });
}
