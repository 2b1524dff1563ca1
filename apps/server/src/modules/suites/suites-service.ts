import type { CreateSuiteBody, ListQuery, Suite, UpdateSuiteBody } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { type Principal, requireProject, requireProjectOf } from '../authz/authorization.ts';
import { LOCK, lockProject, lockTopDown } from '../projects/row-locks.ts';
import {
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
  return { totalTestSuites: await countVisibleSuites(db, principal) };
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
    return insertSuite(tx, {
      projectId: body.project_id,
      name: body.name,
      description: body.description ?? '',
    });
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
    if (!suite) throw new NotFoundError(SUITE_NOT_FOUND);
    return suite;
  });
}

/** Its cases, their descendants and all their runs go with it, in one transaction. */
export async function deleteSuite(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await lockTopDown(tx, (lock) => findSuite(tx, id, lock), LOCK.update);
    await requireProjectOf(tx, principal, seen?.project_id, SUITE_NOT_FOUND, 'delete_test_suit');
    if (!(await deleteSuiteRow(tx, id))) throw new NotFoundError(SUITE_NOT_FOUND);
  });
}
