import { type QueryKey, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Suite, TestCase } from '@verdict/contract';
import { useMemo } from 'react';
import { childListQueries, treeProjectsQuery } from '../api/tree-queries';
import {
  type ChildrenState,
  caseChildren,
  type ExpandedMap,
  type FlatTree,
  flattenTree,
  projectChildren,
  projectNode,
  type TreeAccess,
  type TreeNode,
} from '../tree-model';

const NONE: readonly never[] = [];
type ListRead<T> = { loading: true } | { loading: false; failed: boolean; items: readonly T[] };

export interface TreeRowsResult {
  /** The project list itself is still loading ('Loading projects…'). */
  loadingProjects: boolean;
  /** The project list could not be loaded (docs/product/errors-and-keyboard.md). */
  projectsFailed: boolean;
  tree: FlatTree;
  /** Some expanded node is still loading its children. */
  busy: boolean;
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

  const read = <T>(key: QueryKey): ListRead<T> => {
    const state = queryClient.getQueryState<T[]>(key);
    if (state?.data !== undefined) return { loading: false, failed: false, items: state.data };
    // A failed list was logged by its fetcher; the node says so, with Retry, until it loads again.
    if (state?.status === 'error' && state.fetchStatus === 'idle')
      return { loading: false, failed: true, items: NONE };
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

  const childrenOf = (node: TreeNode): ChildrenState => {
    const queries = childListQueries(node, access);
    if (node.type === 'project') {
      const suites = access.suites ? read<Suite>(queries[0]?.queryKey ?? []) : null;
      const cases = access.cases ? read<TestCase>(queries[queries.length - 1]?.queryKey ?? []) : null;
      if (suites?.loading || cases?.loading) return { status: 'loading' };
      if ((suites && !suites.loading && suites.failed) || (cases && !cases.loading && cases.failed)) {
        return { status: 'failed' };
      }
      const suiteList = suites && !suites.loading ? suites.items : NONE;
      const caseList = cases && !cases.loading ? cases.items : NONE;
      return {
        status: 'loaded',
        nodes: remember(suiteList, caseList, () => projectChildren(node, suiteList, caseList, access)),
      };
    }
    const [query] = queries;
    if (!query) return { status: 'loaded', nodes: NONE };
    const cases = read<TestCase>(query.queryKey);
    if (cases.loading) return { status: 'loading' };
    if (cases.failed) return { status: 'failed' };
    return { status: 'loaded', nodes: remember(cases.items, NONE, () => caseChildren(node, cases.items)) };
  };

  const tree = flattenTree(roots, expanded, childrenOf);
  const lists = useQueries({ queries: tree.open.flatMap((node) => childListQueries(node, access)) });

  return {
    loadingProjects: projects.isPending || (projects.isError && projects.isFetching),
    projectsFailed: projects.isError && !projects.isFetching && projects.data === undefined,
    tree,
    busy: projects.isFetching || lists.some((list) => list.isFetching),
  };
}
