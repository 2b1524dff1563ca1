import { useQuery } from '@tanstack/react-query';
import { projectCasesQuery } from '@/entities/case/case-list-queries';

/**
 * The whole case list a screen shows a page of (docs/product/cases.md, "The calls"): a project's
 * top-level cases, kept to those in no suite when suites are shown. The server keeps whole lists
 * ready-made; a page asks again each time it opens (staleTime 0). Fetched only with
 * home_test_case in the project, as the server answers 403 without it. A suite's cases and a
 * case's children are read a window at a time (case-window-page.ts).
 */
export function useProjectCases(projectId: number, enabled: boolean) {
  return useQuery({ ...projectCasesQuery(projectId), staleTime: 0, enabled });
}
