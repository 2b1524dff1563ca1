import type { CaseStep } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/**
 * Bulk SQL of the JUnit import. Every write is one statement over arrays (`unnest`) of up to a
 * few thousand rows (import-service.ts), so a report of 20,000 cases costs a handful of round
 * trips, and the statement-level triggers that keep the dashboard counters run once per
 * statement, not once per row.
 */

export interface CaseRow {
  id: number;
  suite_id: number;
  parent_id: number | null;
  name: string;
}

/** A case the import made, with its first version. */
export type CreatedCaseRow = CaseRow & { version: number };

const IMPORT_LOCK = 7261004;

/**
 * Two imports into one project at once would each create the cases the other is creating;
 * this lock, held until the transaction ends, makes them take turns.
 */
export async function lockProjectImports(tx: Tx, projectId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK}, ${projectId})`);
}

/**
 * Locks what the import builds on, before its first write: the existing suites (key share), then
 * the existing cases (for update, since the runs' trigger rewrites their latest status), each in
 * id order — top-down, as every other write and a case delete lock them (a parent's id is below
 * its children's). Taken later, after the suite insert has locked the counters row, a concurrent
 * run write on one of these cases (case row, then counters) could wait on it in a cycle.
 */
export async function lockImportTargets(
  tx: Tx,
  suiteIds: number[],
  caseIds: number[],
): Promise<Map<number, { version: number; steps: number }>> {
  if (suiteIds.length > 0) {
    await tx.execute(sql`
      select id from suites where id = any(${sql.param(suiteIds)}::int[]) order by id for key share`);
  }
  if (caseIds.length === 0) return new Map();
  // Each case's version as of its lock, which nothing can change before the import commits: its
  // results record it (flakiness counts flips within one version), and how many steps it has
  // (a report's steps become step results when they are as many). Steps without a shared set are
  // counted as they are: a call of expanded_steps per case was two thirds of this statement's time
  // for 20,000 cases embedded (0.4 s of 0.55 s).
  const rows = await queryRows<{ id: number; version: number; steps: number }>(
    tx,
    sql`
    select id, version,
      case when steps @? '$[*].shared_steps_id' then jsonb_array_length(expanded_steps(steps))
        else jsonb_array_length(steps) end as steps
    from test_cases
    where id = any(${sql.param(caseIds)}::int[]) order by id for no key update`,
  );
  return new Map(rows.map((row) => [row.id, { version: row.version, steps: row.steps }]));
}

/** The cases of the project among these ids (the keys tests name), with their suite and name. */
export async function findKeyedCases(
  tx: Tx,
  projectId: number,
  ids: number[],
): Promise<Map<number, { suite_id: number | null; name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; suite_id: number | null; name: string }>(
    tx,
    sql`select id, suite_id, name from test_cases
    where project_id = ${projectId} and id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, { suite_id: row.suite_id, name: row.name }]));
}

/** Cases of these suites whose name is one of `names`, oldest first. */
export async function findCases(
  tx: Tx,
  projectId: number,
  suiteIds: number[],
  names: string[],
): Promise<CaseRow[]> {
  if (suiteIds.length === 0) return [];
  return queryRows<CaseRow>(
    tx,
    sql`
    select id, suite_id, parent_id, name from test_cases
    where project_id = ${projectId}
      and suite_id = any(${sql.param(suiteIds)}::int[])
      and name = any(${sql.param(names)}::text[])
    order by id`,
  );
}

/**
 * Inserts new cases. `status` is the status of the last run the import records for the case: a
 * case made with it already set is one its runs' trigger (case-latest-run.sql) finds up to date,
 * so recording them rewrites no case row (half the time of a first import of 20,000 tests). The
 * trigger still computes it from the runs, so a status given here can never stand unrecorded.
 */
export async function insertCases(
  tx: Tx,
  projectId: number,
  rows: {
    suiteId: number;
    parentId: number | null;
    name: string;
    steps: CaseStep[] | null;
    status: 'passed' | 'failed' | null;
  }[],
): Promise<CreatedCaseRow[]> {
  return queryRows<CreatedCaseRow>(
    tx,
    sql`
    insert into test_cases (project_id, suite_id, parent_id, name, steps, latest_run_status)
    select ${projectId}, s, p, n, coalesce(j::jsonb, '[]'::jsonb), r
    from unnest(
      ${sql.param(rows.map((r) => r.suiteId))}::int[],
      ${sql.param(rows.map((r) => r.parentId))}::int[],
      ${sql.param(rows.map((r) => r.name))}::text[],
      ${sql.param(rows.map((r) => (r.steps ? JSON.stringify(r.steps) : null)))}::text[],
      ${sql.param(rows.map((r) => r.status))}::text[]
    ) as t(s, p, n, j, r)
    returning id, suite_id, parent_id, name, version`,
  );
}

/**
 * Records one run per entry and answers their ids in the order given; `project_id` is the
 * cases' project, as the counters need. The ids come from the sequence in that order before the
 * insert, as insertRecordedRuns does (runs-repository.ts).
 */
export async function insertRuns(
  tx: Tx,
  projectId: number,
  executedBy: number,
  runs: { caseId: number; status: 'passed' | 'failed' }[],
): Promise<number[]> {
  if (runs.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`
    with numbered as (
      select c, s, o, nextval(pg_get_serial_sequence('test_runs', 'id'))::int as id
      from (
        select * from unnest(${sql.param(runs.map((r) => r.caseId))}::int[], ${sql.param(runs.map((r) => r.status))}::text[])
          with ordinality as t(c, s, o)
        order by o
      ) input
    ), inserted as (
      insert into test_runs (id, case_id, project_id, status, executed_by)
      select id, c, ${projectId}, s, ${executedBy} from numbered order by id
      returning id
    )
    select id from numbered order by o`,
  );
  return rows.map((row) => row.id);
}
