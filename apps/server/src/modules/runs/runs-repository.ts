import type { AuditChanges, ListQuery, RunStats, TestRun } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { pageClause, textMatches } from '../../lib/list-paging.ts';
import { type Principal, visibleProjectCondition } from '../authz/authorization.ts';
import { LOCK, type RowLock } from '../projects/row-locks.ts';

interface RunRow {
  id: number;
  status: TestRun['status'];
  executed_by: number | null;
  created_at: Date | string;
  executor_id: number | null;
  executor_username: string | null;
  case_id: number;
  case_name: string;
}

function toRun(row: RunRow): TestRun {
  return {
    id: row.id,
    status: row.status,
    executed_by: row.executed_by,
    // executed_by has no foreign key: once the user is deleted the id stays and executor is null.
    executor:
      row.executor_id === null ? null : { id: row.executor_id, username: row.executor_username ?? '' },
    test_case: { id: row.case_id, name: row.case_name },
    created_at: new Date(row.created_at).toISOString(),
  };
}

async function selectRuns(db: Tx, where: SQL, tail: SQL = sql``): Promise<TestRun[]> {
  const rows = await queryRows<RunRow>(
    db,
    sql`
    select r.id, r.status, r.executed_by, r.created_at,
      u.id as executor_id, u.username as executor_username, c.id as case_id, c.name as case_name
    from test_runs r
    join test_cases c on c.id = r.case_id
    left join users u on u.id = r.executed_by
    where ${where}
    order by r.id${tail}`,
  );
  return rows.map(toRun);
}

/** A case's runs; `q` matches the status or the executor's username. */
export function listRunsOfCase(db: Tx, caseId: number, query: ListQuery): Promise<TestRun[]> {
  const q = query.q;
  return selectRuns(
    db,
    sql`r.case_id = ${caseId} and (${textMatches(q, sql`r.status`)} or ${textMatches(q, sql`u.username`)})`,
    pageClause(query),
  );
}

export async function findRun(db: Tx, id: number): Promise<TestRun | null> {
  const [run] = await selectRuns(db, sql`r.id = ${id}`);
  return run ?? null;
}

export interface RunRef {
  id: number;
  project_id: number;
  case_id: number;
  status: TestRun['status'];
}

/** The run's project, case and status, for access checks, locks and the audit log, reading only test_runs. */
export async function findRunRef(db: Tx, id: number, lock: RowLock = LOCK.none): Promise<RunRef | null> {
  const [row] = await queryRows<RunRef>(
    db,
    sql`select id, project_id, case_id, status from test_runs where id = ${id}${lock}`,
  );
  return row ?? null;
}

/**
 * Records a run and its audit entry in one statement, which is its own transaction: it takes
 * the project row (KEY SHARE, the first lock of every write in a project, row-locks.ts), reads
 * the case, inserts the run, whose foreign-key check and status trigger lock the case and whose
 * counters trigger updates project_stats, then the entry, which names the case as it is now.
 * Null when the case is not in that project (any more); a case deleted meanwhile fails the
 * foreign-key check (23503). Between the case's lock and the commit there is no round trip to
 * the server, so runs of one case follow each other quickly.
 */
export async function insertRecordedRun(
  db: Tx,
  values: {
    caseId: number;
    projectId: number;
    status: TestRun['status'];
    executor: { id: number; username: string; email: string };
    /** The entry's summary is `${before}${run id}${middle}"${case name}"`. */
    summary: [before: string, middle: string];
    changes: AuditChanges;
  },
): Promise<TestRun | null> {
  const { caseId, projectId, status, executor } = values;
  const [row] = await queryRows<{ id: number; created_at: Date | string; case_name: string }>(
    db,
    sql`
    with project as (
      select id from projects where id = ${projectId} for key share
    ), listed as (
      select c.id, c.name from test_cases c join project p on p.id = c.project_id where c.id = ${caseId}
    ), run as (
      insert into test_runs (case_id, project_id, status, executed_by)
      select listed.id, ${projectId}, ${status}, ${executor.id} from listed
      returning id, created_at
    ), entry as (
      insert into audit_log
        (actor_id, actor_name, actor_email, action, entity_type, entity_id, project_id, summary, changes)
      select ${executor.id}, ${executor.username}, ${executor.email}, 'create', 'run', run.id, ${projectId},
        ${values.summary[0]} || run.id || ${values.summary[1]} || '"' || listed.name || '"',
        ${JSON.stringify(values.changes)}::jsonb
      from run, listed
    )
    select run.id, run.created_at, listed.name as case_name from run, listed`,
  );
  if (!row) return null;
  return toRun({
    id: row.id,
    status,
    executed_by: executor.id,
    created_at: row.created_at,
    executor_id: executor.id,
    executor_username: executor.username,
    case_id: caseId,
    case_name: row.case_name,
  });
}

export async function updateRunStatus(tx: Tx, id: number, status: TestRun['status']): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`
    update test_runs set status = ${status}, updated_at = now() where id = ${id} returning id`,
  );
  return rows.length > 0;
}

export async function deleteRun(tx: Tx, id: number): Promise<boolean> {
  const rows = await queryRows(tx, sql`delete from test_runs where id = ${id} returning id`);
  return rows.length > 0;
}

/** Summed from the trigger-kept counters, one row per visible project (DESIGN §7). */
export async function runStatsOfVisibleProjects(db: Tx, principal: Principal): Promise<RunStats> {
  const [row] = await queryRows<{ passed: number; failed: number }>(
    db,
    sql`
    select coalesce(sum(ps.passed), 0)::int as passed, coalesce(sum(ps.failed), 0)::int as failed
    from project_stats ps
    where ${visibleProjectCondition(principal, sql`ps.project_id`)}`,
  );
  const passed = row?.passed ?? 0;
  const failed = row?.failed ?? 0;
  return { totalPassed: passed, totalFailed: failed, totalRuns: passed + failed };
}
