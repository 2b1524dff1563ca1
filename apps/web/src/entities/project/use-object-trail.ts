import { useQueries, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type TestCase } from '@verdict/contract';
import { useLocation } from 'react-router';
import type { Crumb } from '@/components/ui/breadcrumbs';
import { caseQuery } from '@/entities/case/get-case';
import { useSuite } from '@/entities/suite/get-suite';
import { paths } from '@/lib/paths';
import { useProject } from './get-project';

/** The object a screen shows, or works on (an edit form's object). */
export type TrailStart = { type: 'project' | 'suite' | 'case'; id: number | null };

export interface ObjectTrail {
  /** Project › Suite › top case › … › the object, each with its screen. */
  crumbs: Crumb[];
  projectId: number | null;
  suiteId: number | null;
  /** The object's case and its ancestors, top-level case first; empty for a project or suite. */
  caseIds: number[];
  /** Every id above the object is known (the tree can reveal it). */
  complete: boolean;
}

/** A case's parent id; `parent_id` null or the string 'null' means top level (docs/product/cases.md). */
export function parentIdOf(testCase: Pick<TestCase, 'parent_id'>): number | null {
  const parent = testCase.parent_id as number | string | null;
  return typeof parent === 'number' ? parent : null;
}

/**
 * The ids from a case up to its top-level ancestor, as far as `known` has loaded them; the walk
 * stops at the depth limit so a malformed chain cannot loop.
 */
export function caseChain(caseId: number, known: (id: number) => TestCase | undefined): number[] {
  const chain = [caseId];
  let next = known(caseId);
  while (next && chain.length <= LIMITS.caseDepthMax) {
    const parentId = parentIdOf(next);
    if (parentId === null || chain.includes(parentId)) break;
    chain.push(parentId);
    next = known(parentId);
  }
  return chain;
}

/**
 * Where an object sits: its project, suite and ancestor cases, loaded one level at a time (each
 * case names only its parent) and shared with the screens through the query cache.
 * docs/product/projects.md, "Where you are"
 */
export function useObjectTrail(start: TrailStart | null): ObjectTrail {
  const queryClient = useQueryClient();
  const startCase = start?.type === 'case' && start.id !== null ? start.id : null;
  // Each render walks up as far as the cache goes; a parent's arrival renders again, one level up.
  const chain =
    startCase === null ? [] : caseChain(startCase, (id) => queryClient.getQueryData(caseQuery(id).queryKey));
  const cases = useQueries({ queries: chain.map((id) => caseQuery(id)) });
  const own = cases[0]?.data;

  const suiteId = start?.type === 'suite' ? start.id : (own?.suite_id ?? null);
  const suite = useSuite(suiteId);
  const projectId =
    start?.type === 'project' ? start.id : (suite.data?.project_id ?? own?.project_id ?? null);
  const project = useProject(projectId);

  const crumbs: Crumb[] = [];
  if (projectId !== null) crumbs.push({ label: project.data?.name, href: paths.projectDetail(projectId) });
  if (suiteId !== null) crumbs.push({ label: suite.data?.name, href: paths.suiteDetail(suiteId) });
  const caseIds = [...chain].reverse();
  const topLoaded = cases[cases.length - 1]?.data;
  for (const [index, id] of caseIds.entries()) {
    crumbs.push({ label: cases[chain.length - 1 - index]?.data?.name, href: paths.caseDetail(id) });
  }
  return {
    crumbs,
    projectId,
    suiteId,
    caseIds,
    complete: start?.type !== 'case' || (topLoaded !== undefined && parentIdOf(topLoaded) === null),
  };
}

/**
 * A form's trail: its object's trail (Project › Suite › Case), then the form itself, named by its
 * title, as the current page.
 */
export function useScreenTrail(start: TrailStart | null, screen: string): Crumb[] {
  const { pathname } = useLocation();
  const { crumbs } = useObjectTrail(start);
  return [...crumbs, { label: screen, href: pathname }];
}
