import { type Query, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { Suite, TestCase } from '@verdict/contract';
import { useCallback } from 'react';
import { queryKeys } from './query-keys';

/**
 * Keeps the sidebar's project tree true to what other screens change. After a successful
 * create, rename or delete of a project, suite or case, call
 *
 *   const invalidateTree = useInvalidateTree();
 *   await invalidateTree({ type: 'suite', id: suite.id, parent: { type: 'project', id: projectId } });
 *
 * The tree refetches only the lists that can show the change, at once if they are on screen
 * (expanded) and on their next expansion otherwise. `parent` is where the node lives: a
 * suite's project; a case's project (a top-level case in no suite), suite or parent case. It
 * is needed for a *new* node (nothing cached names it yet); for a rename or delete the tree
 * finds the node in what it has loaded. Without a parent and without a cached match, every
 * loaded list of that kind is refreshed, which is always correct, only wider.
 */

export type TreeNodeKind = 'project' | 'suite' | 'case';

export interface TreeNodeRef {
  type: TreeNodeKind;
  id: number;
}

export interface TreeChange extends TreeNodeRef {
  parent?: TreeNodeRef;
}

type QueryFilter = { queryKey: QueryKey; exact: true } | { predicate: (query: Query) => boolean };

const isTreeQuery = (query: Query, resource: 'suites' | 'cases', scope?: string) =>
  query.queryKey[0] === resource &&
  query.queryKey[query.queryKey.length - 1] === 'tree' &&
  (scope === undefined || query.queryKey[1] === scope);

const exact = (queryKey: QueryKey): QueryFilter => ({ queryKey, exact: true });

/** A tree list's items: a whole list (suites), or the cases a case list has shown so far. */
function listItems<T>(data: unknown): readonly T[] | null {
  if (Array.isArray(data)) return data as T[];
  const items = (data as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? (items as T[]) : null;
}

/** Both of a project's case lists in the tree: all its top-level cases, and those in no suite. */
const projectCaseLists = (projectId: number): QueryFilter[] => [
  exact(queryKeys.tree.projectCases(projectId)),
  exact(queryKeys.tree.projectCases(projectId, true)),
];

/** The tree's cached lists of `resource` whose items include one with this id. */
function listsHolding<T extends { id: number }>(
  queryClient: QueryClient,
  resource: 'suites' | 'cases',
  id: number,
): Array<{ key: QueryKey; item: T }> {
  const found: Array<{ key: QueryKey; item: T }> = [];
  for (const query of queryClient.getQueryCache().findAll({ predicate: (q) => isTreeQuery(q, resource) })) {
    const items = listItems<T>(query.state.data);
    if (!items) continue;
    const item = items.find((entry) => entry.id === id);
    if (item) found.push({ key: query.queryKey, item });
  }
  return found;
}

function suiteFilters(queryClient: QueryClient, { id, parent }: TreeChange): QueryFilter[] {
  const projectIds = parent
    ? [parent.id]
    : listsHolding<Suite>(queryClient, 'suites', id).map(({ item }) => item.project_id);
  if (projectIds.length === 0) {
    return [
      { predicate: (q) => isTreeQuery(q, 'suites') },
      { predicate: (q) => isTreeQuery(q, 'cases', 'project') },
    ];
  }
  // A project's case list is shown filtered by its suites, so it changes with them.
  return projectIds.flatMap((projectId) => [
    exact(queryKeys.tree.projectSuites(projectId)),
    ...projectCaseLists(projectId),
  ]);
}

function caseFilters(queryClient: QueryClient, { id, parent }: TreeChange): QueryFilter[] {
  const filters: QueryFilter[] = [];
  // Where the case itself is listed (rename, delete).
  const holding = listsHolding<TestCase>(queryClient, 'cases', id);
  for (const { key } of holding) filters.push(exact(key));
  // A parent case gains or loses children, so the lists showing the parent redraw its arrow.
  const parentCaseIds = new Set<number>();
  for (const { item } of holding) if (typeof item.parent_id === 'number') parentCaseIds.add(item.parent_id);

  if (parent?.type === 'project') filters.push(...projectCaseLists(parent.id));
  if (parent?.type === 'case') {
    filters.push(exact(queryKeys.tree.childCases(parent.id)));
    parentCaseIds.add(parent.id);
  }
  if (parent?.type === 'suite') {
    filters.push(exact(queryKeys.tree.suiteCases(parent.id)));
    // The suite's project lists all its top-level cases too (shown when suites are hidden).
    const projects = listsHolding<Suite>(queryClient, 'suites', parent.id).map(({ item }) => item.project_id);
    if (projects.length === 0) filters.push({ predicate: (q) => isTreeQuery(q, 'cases', 'project') });
    for (const projectId of projects) filters.push(...projectCaseLists(projectId));
  }
  // Every ancestor's roll-up can change with it (a deleted failing case), so the lists showing
  // them redraw too.
  for (const parentId of parentCaseIds) {
    for (const ancestorId of caseAndAncestors(queryClient, parentId).ids) {
      for (const { key } of listsHolding<TestCase>(queryClient, 'cases', ancestorId))
        filters.push(exact(key));
    }
  }

  if (filters.length === 0) filters.push({ predicate: (q) => isTreeQuery(q, 'cases') });
  return filters;
}

/** The parent of a case as the tree's lists or its case screen know it; undefined when unknown. */
function parentIdOf(queryClient: QueryClient, id: number): number | null | undefined {
  const [listed] = listsHolding<TestCase>(queryClient, 'cases', id);
  if (listed) return listed.item.parent_id;
  return queryClient.getQueryData<TestCase>(queryKeys.cases.detail(id))?.parent_id;
}

/**
 * A case and its ancestors, walking up `parent_id` through what is cached. `complete` is false
 * when the walk met a case whose parent nothing cached names, so some ancestor may be missing.
 */
function caseAndAncestors(queryClient: QueryClient, id: number): { ids: number[]; complete: boolean } {
  const ids: number[] = [];
  let current: number | null | undefined = id;
  while (typeof current === 'number' && !ids.includes(current)) {
    ids.push(current);
    current = parentIdOf(queryClient, current);
  }
  return { ids, complete: current === null };
}

/**
 * After a run of a case was added, changed or deleted: the case's own status and the roll-up of
 * it and every ancestor may have changed, so the tree's lists showing any of them refresh. When
 * the case is unknown or the cache cannot name every ancestor, every case list of the tree
 * refreshes instead.
 */
export async function invalidateCaseStatus(
  queryClient: QueryClient,
  caseId: number | undefined,
): Promise<void> {
  const { ids, complete } =
    caseId === undefined ? { ids: [], complete: false } : caseAndAncestors(queryClient, caseId);
  const filters: QueryFilter[] = complete
    ? ids.flatMap((id) => listsHolding<TestCase>(queryClient, 'cases', id).map(({ key }) => exact(key)))
    : [{ predicate: (q) => isTreeQuery(q, 'cases') }];
  await Promise.all(filters.map((filter) => queryClient.invalidateQueries(filter)));
}

/** Refreshes what the project tree shows after `change`; resolves when visible lists are fresh. */
export async function invalidateTree(queryClient: QueryClient, change: TreeChange): Promise<void> {
  const filters =
    change.type === 'project'
      ? [exact(queryKeys.tree.projects())]
      : change.type === 'suite'
        ? suiteFilters(queryClient, change)
        : caseFilters(queryClient, change);
  await Promise.all(filters.map((filter) => queryClient.invalidateQueries(filter)));
}

/** `const invalidateTree = useInvalidateTree(); await invalidateTree({ type: 'case', id, parent })`. */
export function useInvalidateTree(): (change: TreeChange) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback((change: TreeChange) => invalidateTree(queryClient, change), [queryClient]);
}
