import { useQuery } from '@tanstack/react-query';
import { childCasesQuery, projectCasesQuery, suiteCasesQuery } from '@/entities/case/case-list-queries';

/**
 * The case lists the screens show (docs/product/cases.md, "The calls"): whole lists, which the
 * server keeps ready-made (a 10,000-case suite is about 63 KB gzipped); the screen draws one page.
 * The same queries as the sidebar tree's, so both make one request; a page asks again each time it
 * opens (staleTime 0) where the tree waits for a reported change. Fetched only with home_test_case
 * in the project, as the server answers 403 without it.
 */
const ON_OPEN = { staleTime: 0 } as const;

export function useSuiteCases(suiteId: number, enabled: boolean) {
  return useQuery({ ...suiteCasesQuery(suiteId), ...ON_OPEN, enabled });
}

export function useChildCases(caseId: number, enabled: boolean) {
  return useQuery({ ...childCasesQuery(caseId), ...ON_OPEN, enabled });
}

/** A project's top-level cases, each with its `suite_id`. */
export function useProjectCases(projectId: number, enabled: boolean) {
  return useQuery({ ...projectCasesQuery(projectId), ...ON_OPEN, enabled });
}
