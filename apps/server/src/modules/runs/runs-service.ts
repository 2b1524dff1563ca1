import {
  type CreateRunBody,
  DEFAULT_RUN_STATUS,
  type ListQuery,
  type RunStats,
  type TestRun,
  type UpdateRunBody,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { type Principal, requireProjectOf } from '../authz/authorization.ts';
import { findCase } from '../cases/cases-repository.ts';
import { CASE_NOT_FOUND, lockCase } from '../cases/cases-service.ts';
import { LOCK, lockTopDown, type RowLock } from '../projects/row-locks.ts';
import {
  deleteRun as deleteRunRow,
  findRun,
  findRunRef,
  insertRun,
  listRunsOfCase,
  runStatsOfVisibleProjects,
  updateRunStatus,
} from './runs-repository.ts';

const RUN_NOT_FOUND = 'Test run not found';

/**
 * Locks a run after its project, suite and case (see row-locks.ts); null when it is gone. The
 * case is locked for update because the run's trigger rewrites the case's latest status: taking
 * it before the run, as a case delete does, keeps the two from waiting on each other in a cycle.
 */
async function lockRun(tx: Tx, id: number, lock: RowLock) {
  const seen = await findRunRef(tx, id);
  if (!seen) return null;
  await lockCase(tx, seen.case_id, LOCK.noKeyUpdate);
  return lockTopDown(tx, (l) => findRunRef(tx, id, l), lock);
}

async function runOrFail(db: Tx, id: number): Promise<TestRun> {
  const run = await findRun(db, id);
  if (!run) throw new NotFoundError(RUN_NOT_FOUND);
  return run;
}

export async function listRuns(
  db: Db,
  principal: Principal,
  caseId: number,
  query: ListQuery,
): Promise<TestRun[]> {
  const testCase = await findCase(db, caseId);
  await requireProjectOf(db, principal, testCase?.project_id, CASE_NOT_FOUND, 'home_test_run');
  return listRunsOfCase(db, caseId, query);
}

/** The caller is the executor; the run's project is copied from its case for the counters. */
export async function createRun(
  db: Db,
  principal: Principal,
  caseId: number,
  body: CreateRunBody,
): Promise<TestRun> {
  return db.transaction(async (tx) => {
    // For update, not key share: the new run's trigger rewrites the case's latest status.
    const testCase = await lockCase(tx, caseId, LOCK.noKeyUpdate);
    await requireProjectOf(tx, principal, testCase?.project_id, CASE_NOT_FOUND, 'add_test_run_in_test_case');
    const id = await insertRun(tx, {
      caseId,
      projectId: testCase!.project_id,
      status: body.status ?? DEFAULT_RUN_STATUS,
      executedBy: principal.id,
    });
    return runOrFail(tx, id);
  });
}

export async function getRun(db: Db, principal: Principal, id: number): Promise<TestRun> {
  const ref = await findRunRef(db, id);
  await requireProjectOf(db, principal, ref?.project_id, RUN_NOT_FOUND);
  return runOrFail(db, id);
}

/** Only the status changes (DESIGN §2); the executor and the case stay. */
export async function updateRun(
  db: Db,
  principal: Principal,
  id: number,
  body: UpdateRunBody,
): Promise<TestRun> {
  return db.transaction(async (tx) => {
    const ref = await lockRun(tx, id, LOCK.noKeyUpdate);
    await requireProjectOf(tx, principal, ref?.project_id, RUN_NOT_FOUND, 'edit_test_run');
    if (!(await updateRunStatus(tx, id, body.status))) throw new NotFoundError(RUN_NOT_FOUND);
    return runOrFail(tx, id);
  });
}

export async function deleteRun(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const ref = await lockRun(tx, id, LOCK.update);
    await requireProjectOf(tx, principal, ref?.project_id, RUN_NOT_FOUND, 'delete_test_run');
    if (!(await deleteRunRow(tx, id))) throw new NotFoundError(RUN_NOT_FOUND);
  });
}

export function runStats(db: Db, principal: Principal): Promise<RunStats> {
  return runStatsOfVisibleProjects(db, principal);
}
