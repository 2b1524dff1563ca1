import {
  type CreateRunBody,
  DEFAULT_RUN_STATUS,
  type ListQuery,
  type RunStats,
  type TestRun,
  type UpdateRunBody,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockTopDown, type RowLock } from '../../db/row-locks.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { quoted, recordAudit } from '../audit-log/audit-entries.ts';
import { type Principal, requireProjectOf, visibleFigure } from '../authz/authorization.ts';
import { CASE_NOT_FOUND, findCaseProjectId, lockCase } from '../cases/cases-service.ts';
import { runBatchOf } from './run-batcher.ts';
import {
  deleteRun as deleteRunRow,
  findRun,
  findRunRef,
  insertRecordedRuns,
  listRunsOfCase,
  type NewRecordedRun,
  type RunRef,
  runStatsOfVisibleProjects,
  updateRunStatus,
} from './runs-repository.ts';

const RUN_NOT_FOUND = 'Test run not found';

/**
 * Records test runs that another write produced (a cycle's passed and failed results), with
 * their audit entries, in the caller's transaction; null where the case is not in that project.
 */
export function recordRuns(tx: Tx, runs: NewRecordedRun[]): Promise<(TestRun | null)[]> {
  return insertRecordedRuns(tx, runs);
}

/**
 * Deletes a run another write recorded, when that write is undone (an undone cycle result), in the
 * caller's transaction, which holds the case's lock already; its triggers put the case's latest
 * status and the counters back. False when the run is gone.
 */
export function withdrawRecordedRun(tx: Tx, id: number): Promise<boolean> {
  return deleteRunRow(tx, id);
}

/**
 * Locks a run after its project, suite and case (see db/row-locks.ts); null when it is gone. The
 * case is locked for update because the run's trigger rewrites the case's latest status: taking
 * it before the run, as a case delete does, keeps the two from waiting on each other in a cycle.
 */
async function lockRun(tx: Tx, id: number, lock: RowLock): Promise<(RunRef & { case_name: string }) | null> {
  const seen = await findRunRef(tx, id);
  if (!seen) return null;
  const testCase = await lockCase(tx, seen.case_id, LOCK.noKeyUpdate);
  const run = await lockTopDown(tx, (l) => findRunRef(tx, id, l), lock);
  return run && testCase ? { ...run, case_name: testCase.name } : null;
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
  const projectId = await findCaseProjectId(db, caseId);
  await requireProjectOf(db, principal, projectId, CASE_NOT_FOUND, 'home_test_run');
  return listRunsOfCase(db, caseId, query);
}

// A case never moves to another project, so which project holds it is kept once read (per
// database handle).
const projectsOfCases = new WeakMap<Db, Map<number, number>>();
const MAX_REMEMBERED_CASES = 100_000;

async function projectIdOfCase(db: Db, caseId: number): Promise<number | undefined> {
  let known = projectsOfCases.get(db);
  if (!known) {
    known = new Map();
    projectsOfCases.set(db, known);
  }
  const projectId = known.get(caseId);
  if (projectId !== undefined) return projectId;
  const found = await findCaseProjectId(db, caseId);
  if (found === undefined) return undefined;
  if (known.size >= MAX_REMEMBERED_CASES) known.clear();
  known.set(caseId, found);
  return found;
}

/**
 * The caller is the executor; the run's project is copied from its case for the counters. The
 * hottest write (CI records thousands): once the case's project is known (remembered: a case
 * never moves) and access is checked (remembered per caller, auth-cache.ts), the run and its
 * audit entry are recorded by one statement, together with the runs created at the same moment
 * (run-batcher.ts). A case or project deleted meanwhile answers 404.
 */
export async function createRun(
  db: Db,
  principal: Principal,
  caseId: number,
  body: CreateRunBody,
): Promise<TestRun> {
  const projectId = await projectIdOfCase(db, caseId);
  await requireProjectOf(db, principal, projectId, CASE_NOT_FOUND, 'add_test_run_in_test_case');
  const status = body.status ?? DEFAULT_RUN_STATUS;
  try {
    const run = await runBatchOf(db).call({
      caseId,
      projectId: projectId!,
      status,
      executor: principal,
      changes: { status: { before: null, after: status }, case_id: { before: null, after: caseId } },
    });
    if (!run) throw new NotFoundError(CASE_NOT_FOUND);
    return run;
  } catch (error) {
    if (dbViolationOf(error)?.kind === 'foreign-key') throw new NotFoundError(CASE_NOT_FOUND);
    throw error;
  }
}

export async function getRun(db: Db, principal: Principal, id: number): Promise<TestRun> {
  const ref = await findRunRef(db, id);
  await requireProjectOf(db, principal, ref?.project_id, RUN_NOT_FOUND);
  return runOrFail(db, id);
}

/** Only the status changes (docs/product/runs.md, "Data rules"); the executor and the case stay. */
export async function updateRun(
  db: Db,
  principal: Principal,
  id: number,
  body: UpdateRunBody,
): Promise<TestRun> {
  return db.transaction(async (tx) => {
    const ref = await lockRun(tx, id, LOCK.noKeyUpdate);
    await requireProjectOf(tx, principal, ref?.project_id, RUN_NOT_FOUND, 'edit_test_run');
    if (!ref || !(await updateRunStatus(tx, id, body.status))) throw new NotFoundError(RUN_NOT_FOUND);
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'run',
      entityId: id,
      projectId: ref.project_id,
      summary: `Changed run #${id} of case ${quoted(ref.case_name)} from ${ref.status} to ${body.status}`,
      changes: ref.status === body.status ? {} : { status: { before: ref.status, after: body.status } },
    });
    return runOrFail(tx, id);
  });
}

export async function deleteRun(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const ref = await lockRun(tx, id, LOCK.update);
    await requireProjectOf(tx, principal, ref?.project_id, RUN_NOT_FOUND, 'delete_test_run');
    if (!ref || !(await deleteRunRow(tx, id))) throw new NotFoundError(RUN_NOT_FOUND);
    await recordAudit(tx, principal, {
      action: 'delete',
      entity: 'run',
      entityId: id,
      projectId: ref.project_id,
      summary: `Deleted run #${id} (${ref.status}) of case ${quoted(ref.case_name)}`,
      changes: { status: { before: ref.status, after: null }, case_id: { before: ref.case_id, after: null } },
    });
  });
}

export function runStats(db: Db, principal: Principal): Promise<RunStats> {
  return visibleFigure(db, 'runs', principal, () => runStatsOfVisibleProjects(db, principal));
}

export { moveRunsToCase } from './runs-repository.ts';
