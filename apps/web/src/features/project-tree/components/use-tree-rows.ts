import { type QueryKey, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseWindow, Suite, TestCase } from '@verdict/contract';
import { useCallback, useMemo } from 'react';
import { getCaseWindow, TREE_WINDOW, treeListKey } from '@/entities/case/case-list-queries';
import { queryKeys } from '@/lib/query-keys';
import { caseListScope, childListQueries, treeProjectsQuery } from '../api/tree-queries';
import {
  type ChildrenState,
  caseChildren,
  type ExpandedMap,
  type FlatTree,
  flattenTree,
  nodePath,
  projectChildren,
  projectNode,
  type TreeAccess,
  type TreeNode,
} from '../tree-model';

const NONE: readonly never[] = [];
const LIST_CHANGES: ['data', 'status', 'isFetching'] = ['data', 'status', 'isFetching'];
type ListRead<T> =
  | { loading: true }
  | { loading: false; failed: boolean; items: readonly T[]; total: number };

export interface TreeRowsResult {
  /** The project list itself is still loading ('Loading projects…'). */
  loadingProjects: boolean;
  /** The project list could not be loaded (docs/product/errors-and-keyboard.md). */
  projectsFailed: boolean;
  tree: FlatTree;
  /** Some expanded node is still loading its children. */
  busy: boolean;
  /**
   * 'Show more' below an expanded node: loads the next window of its case list; answers the path
   * of the first case it added (where focus goes), null when nothing was added.
   */
  showMore: (parentPath: string) => Promise<string | null>;
}

/**
 * The visible rows of the tree. Which lists are needed depends on what is expanded and on what
 * has loaded (a restored 'project-1/suite-3' waits for project 1's children), so each render
 * first walks the tree over what the query cache holds, then subscribes to the lists of every
 * visible expanded node: their arrival renders again and the walk goes one level deeper.
 */
export function useTreeRows(expanded: ExpandedMap, access: TreeAccess): TreeRowsResult {
  const queryClient = useQueryClient();
  const projects = useQuery(treeProjectsQuery());

  const roots = useMemo(
    () => (projects.data ?? []).map((project) => projectNode(project, access)),
    [projects.data, access],
  );

  // Children arrays are rebuilt only when their lists change, so a 10,000-case list is mapped once.
  // `access` is memoised by the caller; new permissions rebuild every node.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh cache per access value
  const memo = useMemo(() => new WeakMap<object, WeakMap<object, TreeNode[]>>(), [access]);

  // A suite list is whole; a case list is the part of it shown so far, with its total.
  const read = <T>(key: QueryKey): ListRead<T> => {
    const state = queryClient.getQueryState<T[] | { items: T[]; total: number }>(key);
    const data = state?.data;
    if (Array.isArray(data)) return { loading: false, failed: false, items: data, total: data.length };
    if (data !== undefined) return { loading: false, failed: false, items: data.items, total: data.total };
    // A failed list was logged by its fetcher; the node says so, with Retry, until it loads again.
    if (state?.status === 'error' && state.fetchStatus === 'idle')
      return { loading: false, failed: true, items: NONE, total: 0 };
    return { loading: true };
  };

  const remember = (first: object, second: object, build: () => TreeNode[]): TreeNode[] => {
    let inner = memo.get(first);
    if (!inner) {
      inner = new WeakMap();
      memo.set(first, inner);
    }
    let nodes = inner.get(second);
    if (!nodes) {
      nodes = build();
      inner.set(second, nodes);
    }
    return nodes;
  };

  // A project that shows suites lists its cases in no suite once it knows it has suites.
  const suitesFound = (node: TreeNode): boolean | undefined => {
    if (node.type !== 'project' || !access.suites) return undefined;
    const suites = read<Suite>(queryKeys.tree.projectSuites(node.id));
    return suites.loading ? undefined : suites.items.length > 0;
  };
  const queriesOf = (node: TreeNode) => childListQueries(node, access, suitesFound(node));

  const childrenOf = (node: TreeNode): ChildrenState => {
    const queries = queriesOf(node);
    if (node.type === 'project') {
      const suites = access.suites ? read<Suite>(queries[0]?.queryKey ?? []) : null;
      const casesQuery = access.suites ? queries[1] : queries[0];
      const cases = access.cases
        ? casesQuery
          ? read<TestCase>(casesQuery.queryKey)
          : ({ loading: true } as const)
        : null;
      if (suites?.loading || cases?.loading) return { status: 'loading' };
      if ((suites && !suites.loading && suites.failed) || (cases && !cases.loading && cases.failed)) {
        return { status: 'failed' };
      }
      const suiteList = suites && !suites.loading ? suites.items : NONE;
      const caseList = cases && !cases.loading ? cases.items : NONE;
      return {
        status: 'loaded',
        nodes: remember(suiteList, caseList, () => projectChildren(node, suiteList, caseList, access)),
        ...(cases && !cases.loading ? { more: { shown: cases.items.length, total: cases.total } } : {}),
      };
    }
    const [query] = queries;
    if (!query) return { status: 'loaded', nodes: NONE };
    const cases = read<TestCase>(query.queryKey);
    if (cases.loading) return { status: 'loading' };
    if (cases.failed) return { status: 'failed' };
    return {
      status: 'loaded',
      nodes: remember(cases.items, NONE, () => caseChildren(node, cases.items)),
      more: { shown: cases.items.length, total: cases.total },
    };
  };

  const tree = flattenTree(roots, expanded, childrenOf);
  // The rows are read from the cache above, so a list's new data (a fetch, or 'Show more'
  // adding a window) must render again, not only its fetching state.
  const lists = useQueries({
    queries: tree.open
      .flatMap((node) => queriesOf(node))
      .map((query) => ({ ...query, notifyOnChangeProps: LIST_CHANGES })),
  });

  const open = tree.open;
  const showMore = useCallback(
    async (parentPath: string): Promise<string | null> => {
      const node = open.find((candidate) => candidate.path === parentPath);
      const shownSuites =
        node?.type === 'project' && access.suites
          ? queryClient.getQueryData<Suite[]>(queryKeys.tree.projectSuites(node.id))
          : undefined;
      const scope = node ? caseListScope(node, access, (shownSuites?.length ?? 0) > 0) : null;
      if (!node || !scope) return null;
      const key = treeListKey(scope);
      const shown = queryClient.getQueryData<CaseWindow>(key);
      if (!shown) return null;
      const next = await getCaseWindow(scope, shown.items.length, TREE_WINDOW).catch((error: unknown) => {
        console.error(`Failed to load more of the list below ${parentPath}`, error);
        return null;
      });
      if (!next) return null;
      // A reload of the list that finished meanwhile wins only if it already holds these cases.
      const current = queryClient.getQueryData<CaseWindow>(key) ?? shown;
      const known = new Set(current.items.map((item) => item.id));
      const added = next.items.filter((item) => !known.has(item.id));
      queryClient.setQueryData<CaseWindow>(key, { items: [...current.items, ...added], total: next.total });
      const [firstAdded] = added;
      return firstAdded ? nodePath(parentPath, 'case', firstAdded.id) : null;
    },
    [open, access, queryClient],
  );

  return {
    showMore,
    loadingProjects: projects.isPending || (projects.isError && projects.isFetching),
    projectsFailed: projects.isError && !projects.isFetching && projects.data === undefined,
    tree,
    busy: projects.isFetching || lists.some((list) => list.isFetching),
  };
}
