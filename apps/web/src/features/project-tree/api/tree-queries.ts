import { queryOptions } from '@tanstack/react-query';
import type { Project, Suite } from '@verdict/contract';
import { type CaseListScope, treeCaseListQuery } from '@/entities/case/case-list-queries';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { TreeAccess, TreeNode } from '../tree-model';

/**
 * The tree's calls (docs/product/shell-and-navigation.md, "Calls" under "The project tree").
 * Each list is loaded once, on the first expansion (staleTime/gcTime Infinity), and again only
 * when a screen reports a change (invalidateTree). A failure is logged here; the node then says
 * it could not load, with Retry (docs/product/errors-and-keyboard.md).
 */

const ONCE = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

async function logged<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.error(`Failed to load ${what}`, error);
    throw error;
  }
}

export const treeProjectsQuery = () =>
  queryOptions({
    queryKey: queryKeys.tree.projects(),
    queryFn: ({ signal }) =>
      logged('the project list', () => api.get<Project[]>('/api/projects/list', { signal })),
    ...ONCE,
  });

/**
 * On failure retried with /api/test-suites/…; an empty list if both fail
 * (docs/product/shell-and-navigation.md, "Calls" under "The project tree").
 */
export async function getProjectSuites(projectId: number, signal?: AbortSignal): Promise<Suite[]> {
  try {
    return await api.get<Suite[]>(`/api/testsuites/project/${projectId}`, { signal });
  } catch (first) {
    if (signal?.aborted) throw first;
    try {
      return await api.get<Suite[]>(`/api/test-suites/project/${projectId}`, { signal });
    } catch (second) {
      if (signal?.aborted) throw second;
      console.error(`Failed to load the suites of project ${projectId}`, second);
      return [];
    }
  }
}

export const projectSuitesQuery = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.tree.projectSuites(projectId),
    queryFn: ({ signal }) => getProjectSuites(projectId, signal),
    ...ONCE,
  });

/**
 * The case list below a node, if the user may see cases: a suite's top-level cases, a case's
 * children, a project's top-level cases: those in no suite when it shows suites (`suitesFound`),
 * else all of them, so that no case is unreachable (also when both suite lists failed).
 */
export function caseListScope(
  node: Pick<TreeNode, 'type' | 'id'>,
  access: TreeAccess,
  suitesFound = false,
): CaseListScope | null {
  if (!access.cases) return null;
  if (node.type === 'project') return { type: 'project', id: node.id, outsideSuites: suitesFound };
  return { type: node.type === 'suite' ? 'suite' : 'parent', id: node.id };
}

/**
 * The lists a node's children come from, in order: a project's suites, then its cases. A case
 * list is a window at first, longer after 'Show more' (docs/product/shell-and-navigation.md).
 * With suites shown, a project's cases are asked for once its suites are known
 * (`suitesFound` undefined: not yet).
 */
export function childListQueries(
  node: Pick<TreeNode, 'type' | 'id'>,
  access: TreeAccess,
  suitesFound?: boolean,
) {
  if (node.type !== 'project' || !access.suites) {
    const scope = caseListScope(node, access);
    return scope ? [treeCaseListQuery(scope)] : [];
  }
  const scope = suitesFound === undefined ? null : caseListScope(node, access, suitesFound);
  return [projectSuitesQuery(node.id), ...(scope ? [treeCaseListQuery(scope)] : [])];
}
