import { queryOptions } from '@tanstack/react-query';
import type { Project, Suite } from '@verdict/contract';
import { childCasesQuery, projectCasesQuery, suiteCasesQuery } from '@/entities/case/case-list-queries';
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

/** The lists a node's children come from, in order: a project's suites, then its cases. */
export function childListQueries(node: Pick<TreeNode, 'type' | 'id'>, access: TreeAccess) {
  switch (node.type) {
    case 'project':
      return [
        ...(access.suites ? [projectSuitesQuery(node.id)] : []),
        ...(access.cases ? [projectCasesQuery(node.id)] : []),
      ];
    case 'suite':
      return access.cases ? [suiteCasesQuery(node.id)] : [];
    case 'case':
      return access.cases ? [childCasesQuery(node.id)] : [];
  }
}
