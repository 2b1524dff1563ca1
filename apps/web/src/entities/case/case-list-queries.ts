import { type QueryKey, queryOptions } from '@tanstack/react-query';
import type { TestCase } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The case lists (a project's top-level cases, a suite's cases, a case's children), shared by the
 * sidebar tree and the project, suite and case pages: one key per list, so a page and the tree
 * showing the same list make one request (docs/product/cases.md, "Lists of cases"). The tree keeps
 * a list until a change is reported (staleTime Infinity, `invalidateTree`); a page asks for it
 * again when it opens (see features/cases/api/case-lists.ts). A failure is logged.
 */
const casesQuery = (key: QueryKey, path: string, what: string) =>
  queryOptions({
    queryKey: key,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<TestCase[]>(path, { signal });
      } catch (error) {
        console.error(`Failed to load ${what}`, error);
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const projectCasesQuery = (projectId: number) =>
  casesQuery(
    queryKeys.tree.projectCases(projectId),
    `/api/test-cases/project/${projectId}`,
    `the cases of project ${projectId}`,
  );

export const suiteCasesQuery = (suiteId: number) =>
  casesQuery(
    queryKeys.tree.suiteCases(suiteId),
    `/api/test-cases/suite/${suiteId}`,
    `the cases of suite ${suiteId}`,
  );

export const childCasesQuery = (caseId: number) =>
  casesQuery(
    queryKeys.tree.childCases(caseId),
    `/api/test-cases/parent/${caseId}`,
    `the child cases of case ${caseId}`,
  );
