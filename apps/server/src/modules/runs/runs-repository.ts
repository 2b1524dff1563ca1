import type { ListQuery, RunStats, TestRun } from '@verdict/contract';
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

/** The run's project and case, for access checks and locks, reading only test_runs. */
export async function findRunRef(
  db: Tx,
  id: number,
  lock: RowLock = LOCK.none,
): Promise<{ id: number; project_id: number; case_id: number } | null> {
  const [row] = await queryRows<{ id: number; project_id: number; case_id: number }>(
    db,
    sql`select id, project_id, case_id from test_runs where id = ${id}${lock}`,
  );
  return row ?? null;
}

export async function insertRun(
  tx: Tx,
  values: { caseId: number; projectId: number; status: TestRun['status']; executedBy: number },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`
    insert into test_runs (case_id, project_id, status, executed_by)
    values (${values.caseId}, ${values.projectId}, ${values.status}, ${values.executedBy})
    returning id`,
  );
  if (!row) throw new Error('insert into test_runs returned no row');
  return row.id;
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
