import type { AuditChanges, ListQuery, RunStats, TestRun } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { visibleProjectCondition } from '../../db/project-visibility.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';
import { pageClause, textMatches } from '../../lib/list-paging.ts';
import type { Principal } from '../authz/authorization.ts';

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

/** A run to record, with who records it and the audit entry's changes. */
export interface NewRecordedRun {
  caseId: number;
  projectId: number;
  status: TestRun['status'];
  executor: { id: number; username: string; email: string };
  changes: AuditChanges;
}

/**
 * Records runs and their audit entries in one statement, which is its own transaction. It
 * takes the projects' rows (KEY SHARE, in id order: the first lock of every write in a project,
 * row-locks.ts), reads the cases, gives each run its id from the sequence in the order given,
 * inserts the runs, whose foreign-key checks and status trigger lock the cases (in id order)
 * and whose counters trigger updates project_stats once per project, then one entry per run,
 * naming its case as it is now. Between the cases' locks and the commit there is no round trip.
 * Answers one run per input, null where the case is not in that project (any more); a case
 * deleted meanwhile fails the whole statement's foreign-key check (23503).
 */
export async function insertRecordedRuns(db: Tx, runs: NewRecordedRun[]): Promise<(TestRun | null)[]> {
  const input = runs.map((r, i) => ({
    i,
    case_id: r.caseId,
    project_id: r.projectId,
    status: r.status,
    executor_id: r.executor.id,
    executor_name: r.executor.username,
    executor_email: r.executor.email,
    changes: r.changes,
  }));
  const rows = await queryRows<{ i: number; id: number; created_at: Date | string; case_name: string }>(
    db,
    sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(i int, case_id int,
        project_id int, status text, executor_id int, executor_name text, executor_email text, changes jsonb)
    ), project as (
      select id from projects where id in (select project_id from input) order by id for key share
    ), listed as (
      select input.*, c.name as case_name from input
      join test_cases c on c.id = input.case_id and c.project_id = input.project_id
      where input.project_id in (select id from project)
    ), numbered as (
      select listed.*, nextval(pg_get_serial_sequence('test_runs', 'id'))::int as id
      from (select * from listed order by i) listed
    ), run as (
      insert into test_runs (id, case_id, project_id, status, executed_by)
      select id, case_id, project_id, status, executor_id from numbered order by id
      returning id, created_at
    ), entry as (
      insert into audit_log
        (actor_id, actor_name, actor_email, action, entity_type, entity_id, project_id, summary, changes)
      select n.executor_id, n.executor_name, n.executor_email, 'create', 'run', n.id, n.project_id,
        'Recorded run #' || n.id || ' (' || n.status || ') of case "' || n.case_name || '"', n.changes
      from numbered n order by n.id
    )
    select n.i, run.id, run.created_at, n.case_name from run join numbered n on n.id = run.id`,
  );
  const byInput = new Map(rows.map((row) => [row.i, row]));
  return runs.map((r, i) => {
    const row = byInput.get(i);
    if (!row) return null;
    return toRun({
      id: row.id,
      status: r.status,
      executed_by: r.executor.id,
      created_at: row.created_at,
      executor_id: r.executor.id,
      executor_username: r.executor.username,
      case_id: r.caseId,
      case_name: row.case_name,
    });
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

/** Summed from the trigger-kept counters, one row per visible project (docs/product/dashboard.md). */
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

/** A merge of cases (POST /api/test-cases/{id}/merge): the runs of `fromId` become `toId`'s. */
export async function moveRunsToCase(tx: Tx, fromId: number, toId: number): Promise<void> {
  await tx.execute(sql`update test_runs set case_id = ${toId} where case_id = ${fromId}`);
}
