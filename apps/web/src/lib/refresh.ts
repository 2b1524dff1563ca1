import type { QueryClient } from '@tanstack/react-query';
import { invalidateCaseStatus, invalidateTree, type TreeChange } from './project-tree-refresh';

/** The resources whose screen queries (details, lists, dashboard counts) a change can touch. */
export type Resource = 'projects' | 'suites' | 'cases' | 'runs';

const isTreeQuery = (key: readonly unknown[]) => key[key.length - 1] === 'tree';

/**
 * After a successful create, rename or delete: the sidebar tree refreshes only the lists that
 * can show the change (`invalidateTree`), and every screen query of the touched resources is
 * marked stale, so what is on screen (details, dashboard counts) refetches at once and the
 * rest on its next use. Screen queries are few, so this stays cheap; the tree's many lists
 * are never refetched wholesale.
 */
export async function refreshAfter(
  queryClient: QueryClient,
  change: TreeChange | null,
  resources: readonly Resource[],
): Promise<void> {
  await Promise.all([
    change ? invalidateTree(queryClient, change) : undefined,
    ...resources.map((resource) =>
      queryClient.invalidateQueries({ queryKey: [resource], predicate: (q) => !isTreeQuery(q.queryKey) }),
    ),
  ]);
}

/**
 * A deleted project takes its suites, cases, runs and memberships with it
 * (docs/product/projects.md, "Data rules").
 */
export const refreshAfterProjectDelete = (queryClient: QueryClient, id: number) =>
  refreshAfter(queryClient, { type: 'project', id }, ['projects', 'suites', 'cases', 'runs']);

/** A deleted suite takes its cases and their runs with it. */
export const refreshAfterSuiteDelete = (
  queryClient: QueryClient,
  suite: { id: number; project_id: number },
) =>
  refreshAfter(
    queryClient,
    { type: 'suite', id: suite.id, parent: { type: 'project', id: suite.project_id } },
    ['suites', 'cases', 'runs'],
  );

/** Where a case hangs in the tree: its parent case, else its suite, else its project. */
export function caseParentRef(testCase: {
  parent_id: number | null;
  suite_id: number | null;
  project_id: number;
}): TreeChange['parent'] {
  if (testCase.parent_id !== null) return { type: 'case', id: testCase.parent_id };
  if (testCase.suite_id !== null) return { type: 'suite', id: testCase.suite_id };
  return { type: 'project', id: testCase.project_id };
}

/** A deleted case takes its descendants and all their runs with it. */
export const refreshAfterCaseDelete = (
  queryClient: QueryClient,
  testCase: { id: number; parent_id: number | null; suite_id: number | null; project_id: number },
) =>
  refreshAfter(queryClient, { type: 'case', id: testCase.id, parent: caseParentRef(testCase) }, [
    'cases',
    'runs',
  ]);

/**
 * A run added, changed or deleted: its case's status and the roll-ups of the case and its
 * ancestors (in the tree and on the case screens), and the dashboard's run counts. Without the
 * case's id, every case list of the tree refreshes.
 */
export async function refreshAfterRunChange(
  queryClient: QueryClient,
  caseId: number | undefined,
): Promise<void> {
  await Promise.all([
    invalidateCaseStatus(queryClient, caseId),
    refreshAfter(queryClient, null, ['cases', 'runs']),
  ]);
}
