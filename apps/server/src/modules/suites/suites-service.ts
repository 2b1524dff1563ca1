import type { CreateSuiteBody, ListQuery, Suite, UpdateSuiteBody } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import {
  changedFieldList,
  counted,
  createdChanges,
  deletedChanges,
  quoted,
  recordAudit,
  updatedChanges,
} from '../audit/audit-log.ts';
import { type Principal, requireProject, requireProjectOf, visibleFigure } from '../authz/authorization.ts';
import { LOCK, lockProject, lockTopDown } from '../projects/row-locks.ts';
import {
  countSuiteCases,
  countVisibleSuites,
  deleteSuite as deleteSuiteRow,
  findSuite,
  insertSuite,
  listSuitesOfProject,
  updateSuite as updateSuiteRow,
} from './suites-repository.ts';

export const SUITE_NOT_FOUND = 'Test suite not found';

export async function listSuites(
  db: Db,
  principal: Principal,
  projectId: number,
  query: ListQuery,
): Promise<Suite[]> {
  await requireProject(db, principal, projectId, 'home_test_suit');
  return listSuitesOfProject(db, projectId, query);
}

export async function countSuites(db: Db, principal: Principal): Promise<{ totalTestSuites: number }> {
  return {
    totalTestSuites: await visibleFigure(db, 'suites', principal, () => countVisibleSuites(db, principal)),
  };
}

export async function getSuite(db: Db, principal: Principal, id: number): Promise<Suite> {
  const suite = await findSuite(db, id);
  await requireProjectOf(db, principal, suite?.project_id, SUITE_NOT_FOUND);
  return suite as Suite;
}

export async function createSuite(db: Db, principal: Principal, body: CreateSuiteBody): Promise<Suite> {
  return db.transaction(async (tx) => {
    await lockProject(tx, body.project_id, LOCK.keyShare);
    await requireProject(tx, principal, body.project_id, 'add_test_suit_in_project');
    const suite = await insertSuite(tx, {
      projectId: body.project_id,
      name: body.name,
      description: body.description ?? '',
    });
    await recordAudit(tx, principal, {
      action: 'create',
      entity: 'suite',
      entityId: suite.id,
      projectId: suite.project_id,
      summary: `Created suite ${quoted(suite.name)}`,
      changes: createdChanges({ name: suite.name, description: suite.description }),
    });
    return suite;
  });
}

export async function updateSuite(
  db: Db,
  principal: Principal,
  id: number,
  body: UpdateSuiteBody,
): Promise<Suite> {
  return db.transaction(async (tx) => {
    const seen = await lockTopDown(tx, (lock) => findSuite(tx, id, lock), LOCK.noKeyUpdate);
    await requireProjectOf(tx, principal, seen?.project_id, SUITE_NOT_FOUND, 'edit_test_suit');
    const suite = await updateSuiteRow(tx, id, body);
    if (!suite || !seen) throw new NotFoundError(SUITE_NOT_FOUND);
    const changes = updatedChanges(
      { name: seen.name, description: seen.description },
      { name: suite.name, description: suite.description },
    );
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'suite',
      entityId: id,
      projectId: suite.project_id,
      summary: `Updated suite ${quoted(suite.name)}${changedFieldList(changes)}`,
      changes,
    });
    return suite;
  });
}

/** Its cases, their descendants and all their runs go with it, in one transaction. */
export async function deleteSuite(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await lockTopDown(tx, (lock) => findSuite(tx, id, lock), LOCK.update);
    await requireProjectOf(tx, principal, seen?.project_id, SUITE_NOT_FOUND, 'delete_test_suit');
    const cases = await countSuiteCases(tx, id);
    if (!seen || !(await deleteSuiteRow(tx, id))) throw new NotFoundError(SUITE_NOT_FOUND);
    await recordAudit(tx, principal, {
      action: 'delete',
      entity: 'suite',
      entityId: id,
      projectId: seen.project_id,
      summary: `Deleted suite ${quoted(seen.name)} with ${counted(cases, 'case')}`,
      changes: deletedChanges({ name: seen.name, description: seen.description }),
    });
  });
}
