import { queryOptions, useQuery } from '@tanstack/react-query';
import { CASE_SEARCH_PAGE, type CaseSearchPage } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/projects/{id}/cases/search` (docs/product/search.md): one page of the matching cases. */
export function searchCases(projectId: number, q: string, offset: number, limit = CASE_SEARCH_PAGE) {
  const query = q === '' ? '' : `q=${encodeURIComponent(q)}&`;
  return api.get<CaseSearchPage>(
    `/api/projects/${projectId}/cases/search?${query}limit=${limit}&offset=${offset}`,
  );
}

/** The page of a search that starts at `offset`, CASE_SEARCH_PAGE cases long. */
export function caseSearchQuery(projectId: number, q: string, offset: number) {
  return queryOptions({
    queryKey: queryKeys.cases.search(projectId, q, offset),
    queryFn: () => searchCases(projectId, q, offset),
    // The list mounts after the first page has come: fresh for a while, it is not asked again.
    // A change to any case (or a live update) invalidates it all the same.
    staleTime: 30_000,
  });
}

/** The first page: it answers the total, and a query's problems when the server cannot read it. */
export function useFirstSearchPage(projectId: number, q: string) {
  return useQuery(caseSearchQuery(projectId, q, 0));
}
