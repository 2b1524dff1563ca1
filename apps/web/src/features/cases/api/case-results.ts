import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CASE_RESULTS_PAGE, type CaseResultsPage } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/test-cases/{id}/results` (docs/product/cases.md, "Results"): one page, newest first. */
export const getCaseResults = (caseId: number, offset: number) =>
  api.get<CaseResultsPage>(`/api/test-cases/${caseId}/results?limit=${CASE_RESULTS_PAGE}&offset=${offset}`);

/** Pages by offset until `total` is reached; only fetched with home_test_run (403 without). */
export const caseResultsQuery = (caseId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.runs.results(caseId),
    queryFn: ({ pageParam }) => getCaseResults(caseId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });

export const useCaseResults = (caseId: number) => useInfiniteQuery(caseResultsQuery(caseId));
