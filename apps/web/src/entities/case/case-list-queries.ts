import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { CASE_WINDOW_MAX, type CaseWindow, type TestCase } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The case lists (a project's top-level cases, a suite's cases, a case's children). Screens and
 * the sidebar tree fetch windows of them (docs/product/cases.md, "Windows of a list"): a page
 * asks for the rows it shows, the tree for its first window and, on 'Show more', the next. The
 * whole lists are asked for only where all of a list is needed (a project's or case's page, the
 * cycle's case picker, 'Select all'). A failure is logged.
 */

/** Which list: a suite's top-level cases, a case's children, or a project's top-level cases. */
export interface CaseListScope {
  type: 'suite' | 'parent' | 'project';
  id: number;
  /** A project's cases in no suite only (as the tree shows them beside its suites). */
  outsideSuites?: boolean;
}

/** The tree's first window of a list, and each further one 'Show more' adds. */
export const TREE_WINDOW = 200;

const WHAT = {
  suite: 'the cases of suite',
  parent: 'the child cases of case',
  project: 'the cases of project',
};
const describe = (scope: CaseListScope) => `${WHAT[scope.type]} ${scope.id}`;

async function logged<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.error(`Failed to load ${what}`, error);
    throw error;
  }
}

/** `GET /api/suites/{id}/cases`, `/api/test-cases/{id}/children`, `/api/projects/{id}/cases`. */
export function caseWindowPath(scope: CaseListScope, offset: number, limit: number): string {
  const base = {
    suite: `/api/suites/${scope.id}/cases`,
    parent: `/api/test-cases/${scope.id}/children`,
    project: `/api/projects/${scope.id}/cases`,
  }[scope.type];
  const outside = scope.type === 'project' && scope.outsideSuites ? '&outside_suites=true' : '';
  return `${base}?offset=${offset}&limit=${limit}${outside}`;
}

export const getCaseWindow = (scope: CaseListScope, offset: number, limit: number, signal?: AbortSignal) =>
  api.get<CaseWindow>(caseWindowPath(scope, offset, limit), { signal });

/** The key of a list's screen queries ('cases' first, so every case change refreshes them). */
function listKey(scope: CaseListScope): QueryKey {
  if (scope.type === 'suite') return queryKeys.cases.bySuite(scope.id);
  if (scope.type === 'parent') return queryKeys.cases.byParent(scope.id);
  return scope.outsideSuites
    ? [...queryKeys.cases.byProject(scope.id), 'outside-suites']
    : queryKeys.cases.byProject(scope.id);
}

/** One page of a list as a screen shows it, with the list's total for the pager. */
export const caseWindowQuery = (scope: CaseListScope, offset: number, limit: number) =>
  queryOptions({
    queryKey: [...listKey(scope), 'window', offset, limit],
    queryFn: ({ signal }) => logged(describe(scope), () => getCaseWindow(scope, offset, limit, signal)),
  });

const WHOLE_PATH = { suite: 'suite', parent: 'parent', project: 'project' } as const;

/** A whole list (`GET /api/test-cases/{project|suite|parent}/{id}`). */
export const wholeCaseListQuery = (scope: Omit<CaseListScope, 'outsideSuites'>) =>
  queryOptions({
    queryKey: [...listKey(scope), 'whole'],
    queryFn: ({ signal }) =>
      logged(describe(scope), () =>
        api.get<TestCase[]>(`/api/test-cases/${WHOLE_PATH[scope.type]}/${scope.id}`, { signal }),
      ),
  });

export const projectCasesQuery = (projectId: number) =>
  wholeCaseListQuery({ type: 'project', id: projectId });
export const suiteCasesQuery = (suiteId: number) => wholeCaseListQuery({ type: 'suite', id: suiteId });
export const childCasesQuery = (caseId: number) => wholeCaseListQuery({ type: 'parent', id: caseId });

/** The tree's own key of a list (its keys end in 'tree', lib/query-keys.ts). */
export function treeListKey(scope: CaseListScope): QueryKey {
  if (scope.type === 'suite') return queryKeys.tree.suiteCases(scope.id);
  if (scope.type === 'parent') return queryKeys.tree.childCases(scope.id);
  return queryKeys.tree.projectCases(scope.id, scope.outsideSuites);
}

/**
 * A list as the tree shows it: the cases it has shown so far (one window at first, more after
 * 'Show more') and the list's total. The tree keeps it until a change is reported (staleTime
 * Infinity, `invalidateTree`); reloading it asks again for as many cases as it showed.
 */
export const treeCaseListQuery = (scope: CaseListScope) =>
  queryOptions({
    queryKey: treeListKey(scope),
    queryFn: ({ client, queryKey, signal }) =>
      logged(describe(scope), async (): Promise<CaseWindow> => {
        const shown = client.getQueryData<CaseWindow>(queryKey)?.items.length ?? 0;
        const wanted = Math.max(TREE_WINDOW, shown);
        const items: TestCase[] = [];
        let total = 0;
        while (items.length < wanted) {
          const limit = Math.min(CASE_WINDOW_MAX, wanted - items.length);
          const window = await getCaseWindow(scope, items.length, limit, signal);
          items.push(...window.items);
          total = window.total;
          if (window.items.length < limit) break;
        }
        return { items, total };
      }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
