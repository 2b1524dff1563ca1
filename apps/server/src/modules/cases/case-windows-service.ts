import {
  CASE_WINDOW_DEFAULT,
  type CaseWindow,
  type CaseWindowQuery,
  type ProjectCaseWindowQuery,
} from '@verdict/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Principal, requireProjectOf } from '../authz/authorization.ts';
import { SUITE_NOT_FOUND } from '../suites/suites-service.ts';
import { CASES_OF, countCases, findListScope, selectCaseWindow } from './cases-repository.ts';
import { CASE_NOT_FOUND } from './cases-service.ts';

/**
 * Windows of the case lists (docs/product/cases.md, "Windows of a list"): what a screen shows
 * of a suite's, a project's or a case's cases, with how many the list holds. The same access
 * and the same order (by id) as the whole lists, which keep answering for API clients.
 */

export function windowOfSuiteCases(db: Db, principal: Principal, suiteId: number, query: CaseWindowQuery) {
  return caseWindow(db, principal, 'suite', suiteId, CASES_OF.suiteTopLevel(suiteId), query, SUITE_NOT_FOUND);
}

export function windowOfChildCases(db: Db, principal: Principal, caseId: number, query: CaseWindowQuery) {
  return caseWindow(db, principal, 'parent', caseId, CASES_OF.children(caseId), query, CASE_NOT_FOUND);
}

/** All top-level cases, or (`outside_suites`) those in no suite, as the tree shows them with suites. */
export function windowOfProjectCases(
  db: Db,
  principal: Principal,
  projectId: number,
  query: ProjectCaseWindowQuery,
) {
  const where = query.outside_suites
    ? CASES_OF.projectOutsideSuites(projectId)
    : CASES_OF.projectTopLevel(projectId);
  return caseWindow(db, principal, 'project', projectId, where, query, 'Project not found');
}

/** Access first, as the whole list checks it (a hidden or missing scope is a 404), then the window. */
async function caseWindow(
  db: Db,
  principal: Principal,
  scope: 'project' | 'suite' | 'parent',
  id: number,
  where: SQL,
  query: CaseWindowQuery,
  notFound: string,
): Promise<CaseWindow> {
  const found = await findListScope(db, scope, id);
  await requireProjectOf(db, principal, found?.project_id, notFound, 'home_test_case');
  const [items, total] = await Promise.all([
    selectCaseWindow(db, where, query.offset ?? 0, query.limit ?? CASE_WINDOW_DEFAULT),
    countCases(db, where),
  ]);
  return { items, total };
}
