import type { CaseBody, ListQuery, TestCase } from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { type Principal, requireProject, requireProjectOf } from '../authz/authorization.ts';
import { LOCK, lockProject, lockTopDown, type RowLock } from '../projects/row-locks.ts';
import { findSuite } from '../suites/suites-repository.ts';
import { SUITE_NOT_FOUND } from '../suites/suites-service.ts';
import {
  CASES_OF,
  type CaseRow,
  deleteCaseTree,
  findCase,
  findCaseView,
  insertCase,
  listCases,
  updateCase as updateCaseRow,
} from './cases-repository.ts';

export const CASE_NOT_FOUND = 'Test case not found';

/** Locks a case after its project and suite (see row-locks.ts); null when it is gone. */
export function lockCase(tx: Tx, id: number, lock: RowLock): Promise<CaseRow | null> {
  return lockTopDown(tx, (l) => findCase(tx, id, l), lock);
}

/** Top-level cases of a project, each with its suite_id, so none is unreachable in the tree. */
export async function listProjectCases(db: Db, principal: Principal, projectId: number, query: ListQuery) {
  await requireProject(db, principal, projectId, 'home_test_case');
  return listCases(db, CASES_OF.projectTopLevel(projectId), query);
}

export async function listSuiteCases(db: Db, principal: Principal, suiteId: number, query: ListQuery) {
  const suite = await findSuite(db, suiteId);
  await requireProjectOf(db, principal, suite?.project_id, SUITE_NOT_FOUND, 'home_test_case');
  return listCases(db, CASES_OF.suiteTopLevel(suiteId), query);
}

export async function listChildCases(db: Db, principal: Principal, caseId: number, query: ListQuery) {
  const parent = await findCase(db, caseId);
  await requireProjectOf(db, principal, parent?.project_id, CASE_NOT_FOUND, 'home_test_case');
  return listCases(db, CASES_OF.children(caseId), query);
}

function fields(body: CaseBody) {
  return { name: body.name, description: body.description ?? '' };
}

/** A case directly in a project: in no suite, top level. */
export async function createProjectCase(db: Db, principal: Principal, projectId: number, body: CaseBody) {
  return db.transaction(async (tx) => {
    await lockProject(tx, projectId, LOCK.keyShare);
    await requireProject(tx, principal, projectId, 'add_test_case_in_project');
    return insertCase(tx, { projectId, suiteId: null, parentId: null, ...fields(body) });
  });
}

/** A top-level case in a suite; its project is the suite's. */
export async function createSuiteCase(db: Db, principal: Principal, suiteId: number, body: CaseBody) {
  return db.transaction(async (tx) => {
    const suite = await lockTopDown(tx, (lock) => findSuite(tx, suiteId, lock), LOCK.keyShare);
    await requireProjectOf(tx, principal, suite?.project_id, SUITE_NOT_FOUND, 'add_test_case_in_test_suit');
    return insertCase(tx, { projectId: suite!.project_id, suiteId, parentId: null, ...fields(body) });
  });
}

/** A child inherits its parent's project and suite (DESIGN §2), so a subtree never straddles two. */
export async function createChildCase(db: Db, principal: Principal, parentId: number, body: CaseBody) {
  return db.transaction(async (tx) => {
    const parent = await lockCase(tx, parentId, LOCK.keyShare);
    await requireProjectOf(tx, principal, parent?.project_id, CASE_NOT_FOUND, 'add_test_case_in_test_case');
    return insertCase(tx, {
      projectId: parent!.project_id,
      suiteId: parent!.suite_id,
      parentId,
      ...fields(body),
    });
  });
}

export async function getCase(db: Db, principal: Principal, id: number): Promise<TestCase> {
  const seen = await findCase(db, id);
  await requireProjectOf(db, principal, seen?.project_id, CASE_NOT_FOUND);
  const testCase = await findCaseView(db, id);
  if (!testCase) throw new NotFoundError(CASE_NOT_FOUND);
  return testCase;
}

export async function updateCase(
  db: Db,
  principal: Principal,
  id: number,
  body: CaseBody,
): Promise<TestCase> {
  return db.transaction(async (tx) => {
    const seen = await lockCase(tx, id, LOCK.noKeyUpdate);
    await requireProjectOf(tx, principal, seen?.project_id, CASE_NOT_FOUND, 'edit_test_case');
    const updated = await updateCaseRow(tx, id, body);
    const testCase = updated && (await findCaseView(tx, id));
    if (!testCase) throw new NotFoundError(CASE_NOT_FOUND);
    return testCase;
  });
}

/** Its descendants and all their runs go with it, in one transaction. */
export async function deleteCase(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await lockCase(tx, id, LOCK.update);
    await requireProjectOf(tx, principal, seen?.project_id, CASE_NOT_FOUND, 'delete_test_case');
    if (!(await deleteCaseTree(tx, id))) throw new NotFoundError(CASE_NOT_FOUND);
  });
}
