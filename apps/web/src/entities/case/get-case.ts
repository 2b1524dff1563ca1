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
