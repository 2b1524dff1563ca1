import type { CreateSuiteBody, ListQuery, Suite, UpdateSuiteBody } from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject, lockTopDown, type RowLock } from '../../db/row-locks.ts';
import { NotFoundError } from '../../lib/errors.ts';
import {
  type Audited,
  auditCreated,
  auditDeleted,
  auditUpdated,
  counted,
} from '../audit-log/audit-entries.ts';
import { type Principal, requireProject, requireProjectOf, visibleFigure } from '../authz/authorization.ts';
import {
  countSuiteCases,
  countVisibleSuites,
  deleteSuite as deleteSuiteRow,
  findSuite,
  findSuitesByName,
  insertSuite,
  insertSuites,
  listSuitesOfProject,
  updateSuite as updateSuiteRow,
} from './suites-repository.ts';

export const SUITE_NOT_FOUND = 'Test suite not found';

const audited = (s: Suite): Audited => ({ entity: 'suite', id: s.id, name: s.name, projectId: s.project_id });
const auditedFields = (s: Suite) => ({ name: s.name, description: s.description });

/** Locks a suite after its project (see db/row-locks.ts); null when it is gone. */
export function lockSuite(tx: Tx, id: number, lock: RowLock): Promise<Suite | null> {
  return lockTopDown(tx, (l) => findSuite(tx, id, l), lock);
}

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
    await auditCreated(tx, principal, audited(suite), auditedFields(suite));
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
    const seen = await lockSuite(tx, id, LOCK.noKeyUpdate);
    await requireProjectOf(tx, principal, seen?.project_id, SUITE_NOT_FOUND, 'edit_test_suit');
    const suite = await updateSuiteRow(tx, id, body);
    if (!suite || !seen) throw new NotFoundError(SUITE_NOT_FOUND);
    await auditUpdated(tx, principal, audited(suite), auditedFields(seen), auditedFields(suite));
    return suite;
  });
}

/** Its cases, their descendants and all their runs go with it, in one transaction. */
export async function deleteSuite(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await lockSuite(tx, id, LOCK.update);
    await requireProjectOf(tx, principal, seen?.project_id, SUITE_NOT_FOUND, 'delete_test_suit');
    const cases = await countSuiteCases(tx, id);
    if (!seen || !(await deleteSuiteRow(tx, id))) throw new NotFoundError(SUITE_NOT_FOUND);
    await auditDeleted(tx, principal, audited(seen), auditedFields(seen), ` with ${counted(cases, 'case')}`);
  });
}

/** The project's suites with these names, by name; the oldest wins when a name repeats. */
export function suitesByName(tx: Tx, projectId: number, names: string[]): Promise<Map<string, number>> {
  return findSuitesByName(tx, projectId, names);
}

/**
 * The imports' suites: one statement makes a suite for each name (an import may make
 * thousands; decision 044), in the import's transaction. Answers their ids by name.
 */
export function createSuitesInBulk(tx: Tx, projectId: number, names: string[]): Promise<Map<string, number>> {
  return insertSuites(tx, projectId, names);
}
