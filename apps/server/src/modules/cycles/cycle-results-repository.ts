import type { Cycle, CycleResult, CycleResultState, StepResult } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoTime } from '../../lib/timestamps.ts';

/** SQL of the results recorded on a test cycle's items, and of an import's cycle (docs/product/cycles.md). */

export interface NewResult {
  itemId: number;
  state: CycleResultState;
  comment: string | null;
  elapsedMs: number | null;
  runId: number | null;
  executedBy: number;
  stepResults: (StepResult | null)[] | null;
  caseVersion: number;
}

/**
 * Records results (in the order given) and sets each item's state to its last one: two
 * statements for any number of results. Answers the new results' ids, in order, and the time
 * they were recorded (the transaction's).
 */
export async function insertResults(
  tx: Tx,
  results: NewResult[],
): Promise<{ ids: number[]; createdAt: string }> {
  const rows = await queryRows<{ id: number; created_at: Date | string }>(
    tx,
    sql`
    with numbered as (
      select i, s, c, e, r, x, sr, v, o, nextval(pg_get_serial_sequence('cycle_results', 'id'))::int as id
      from (
        select * from unnest(
          ${sql.param(results.map((r) => r.itemId))}::int[],
          ${sql.param(results.map((r) => r.state))}::text[],
          ${sql.param(results.map((r) => r.comment))}::text[],
          ${sql.param(results.map((r) => r.elapsedMs))}::int[],
          ${sql.param(results.map((r) => r.runId))}::int[],
          ${sql.param(results.map((r) => r.executedBy))}::int[],
          ${sql.param(results.map((r) => (r.stepResults ? JSON.stringify(r.stepResults) : null)))}::text[],
          ${sql.param(results.map((r) => r.caseVersion))}::int[]
        ) with ordinality as t(i, s, c, e, r, x, sr, v, o)
        order by o
      ) input
    ), inserted as (
      insert into cycle_results (id, item_id, state, comment, elapsed_ms, run_id, executed_by, step_results, case_version)
      select id, i, s, c, e, r, x, sr::jsonb, v from numbered order by id
    ), items as (
      update cycle_items ci set state = last.s, results = ci.results + last.n, elapsed_ms = last.e,
        updated_at = now()
      from (
        select distinct on (i) i, s, e, count(*) over (partition by i) as n from numbered order by i, o desc
      ) last
      where ci.id = last.i
    )
    select id, now() as created_at from numbered order by o`,
  );
  return {
    ids: rows.map((row) => row.id),
    createdAt: rows[0] ? isoTime(rows[0].created_at) : new Date().toISOString(),
  };
}

/** A result as an undo checks it: its item, cycle and case, its age and whether it is the latest. */
export interface UndoneResultRef {
  id: number;
  item_id: number;
  state: CycleResultState;
  run_id: number | null;
  executed_by: number | null;
  /** Seconds since it was recorded, by the database's clock. */
  age_seconds: number;
  latest: boolean;
  project_id: number;
  cycle_source: Cycle['source'];
  cycle_name: string;
  case_name: string;
}

export async function findResultRef(db: Tx, id: number): Promise<UndoneResultRef | null> {
  const [row] = await queryRows<UndoneResultRef>(
    db,
    sql`
    select r.id, r.item_id, r.state, r.run_id, r.executed_by,
      extract(epoch from (now() - r.created_at))::float8 as age_seconds,
      not exists (select 1 from cycle_results l where l.item_id between r.item_id and r.item_id and l.id > r.id)
        as latest,
      y.project_id, y.source as cycle_source, y.name as cycle_name, c.name as case_name
    from cycle_results r
      join cycle_items i on i.id = r.item_id
      join test_cycles y on y.id = i.cycle_id
      join test_cases c on c.id = i.case_id
    where r.id = ${id}`,
  );
  return row ?? null;
}

/**
 * Deletes an item's latest result and puts the item back as its result before left it: that
 * result's state and duration, or untested without one; one result fewer.
 */
export async function deleteLatestResult(tx: Tx, resultId: number, itemId: number): Promise<void> {
  await tx.execute(sql`
    with gone as (delete from cycle_results where id = ${resultId} and item_id = ${itemId} returning id)
    update cycle_items i set
      state = coalesce(prev.state, 'untested'), elapsed_ms = prev.elapsed_ms,
      results = i.results - (select count(*) from gone), updated_at = now()
    from (select 1) one
      left join lateral (
        select r.state, r.elapsed_ms from cycle_results r
        where r.item_id between ${itemId} and ${itemId} and r.id < ${resultId}
        order by r.item_id desc, r.id desc limit 1
      ) prev on true
    where i.id = ${itemId} and exists (select 1 from gone)`);
}

interface ResultRow {
  id: number;
  item_id: number;
  state: CycleResultState;
  comment: string | null;
  elapsed_ms: number | null;
  run_id: number | null;
  executor_id: number | null;
  executor_username: string | null;
  created_at: Date | string;
  failure_message: string | null;
  failure_type: string | null;
  failure_text: string | null;
  step_results: (StepResult | null)[] | null;
  case_version: number | null;
  log: string | null;
}

function toResult(row: ResultRow): CycleResult {
  return {
    id: row.id,
    item_id: row.item_id,
    state: row.state,
    comment: row.comment,
    elapsed_ms: row.elapsed_ms,
    run_id: row.run_id,
    executor:
      row.executor_id === null ? null : { id: row.executor_id, username: row.executor_username ?? '' },
    created_at: isoTime(row.created_at),
    failure:
      row.failure_message === null && row.failure_type === null && row.failure_text === null
        ? null
        : { message: row.failure_message, type: row.failure_type, text: row.failure_text },
    step_results: row.step_results,
    case_version: row.case_version,
    log: row.log,
  };
}

/** Results of an item (or one result), oldest first. */
export async function listResults(
  db: Tx,
  where: { itemId: number } | { id: number },
): Promise<CycleResult[]> {
  const condition = 'itemId' in where ? sql`r.item_id = ${where.itemId}` : sql`r.id = ${where.id}`;
  const rows = await queryRows<ResultRow>(
    db,
    sql`
    select r.id, r.item_id, r.state, r.comment, r.elapsed_ms, r.run_id,
      u.id as executor_id, u.username as executor_username, r.created_at,
      r.failure_message, r.failure_type, r.failure_text, r.step_results, r.case_version, r.log
    from cycle_results r left join users u on u.id = r.executed_by
    where ${condition}
    order by r.id`,
  );
  return rows.map(toResult);
}

/**
 * A case's latest results across cycles, newest first, each with its cycle's id and name: the
 * newest `limit` of each of its items by cycle_results_item_idx, then the newest of those
 * (decision record 171).
 */
export async function listCaseResults(
  db: Tx,
  caseId: number,
  limit: number,
): Promise<{ result: CycleResult; cycle: { id: number; name: string } }[]> {
  const rows = await queryRows<ResultRow & { cycle_id: number; cycle_name: string }>(
    db,
    sql`
    select r.id, r.item_id, r.state, r.comment, r.elapsed_ms, r.run_id,
      u.id as executor_id, u.username as executor_username, r.created_at,
      r.failure_message, r.failure_type, r.failure_text, r.step_results, r.case_version, r.log,
      c.id as cycle_id, c.name as cycle_name
    from cycle_items i
      cross join lateral (
        select * from cycle_results r
        where r.item_id between i.id and i.id order by r.item_id desc, r.id desc limit ${limit}
      ) r
      join test_cycles c on c.id = i.cycle_id
      left join users u on u.id = r.executed_by
    where i.case_id = ${caseId}
    order by r.id desc
    limit ${limit}`,
  );
  return rows.map((row) => ({ result: toResult(row), cycle: { id: row.cycle_id, name: row.cycle_name } }));
}

// ---- The cycle of a JUnit import ----

/** An item of an import's cycle as written: its case and its state (the gate reads these). */
export interface ImportedItem {
  id: number;
  case_id: number;
  state: string;
}

/** One reported test case's result in an import's cycle. */
export interface ImportedResult {
  caseId: number;
  /** The case's version when the import locked it: flakiness counts flips only within one. */
  caseVersion: number;
  state: 'passed' | 'failed' | 'skipped';
  runId: number | null;
  elapsedMs: number | null;
  failure: { message: string | null; type: string | null; text: string | null } | null;
  /** The test case's system-out and system-err (junit-reader.ts, logOf); null when it wrote none. */
  log: string | null;
  /** The reported steps' outcomes, when the case has as many steps (Cucumber); else null. */
  stepResults?: { state: 'passed' | 'failed' | 'skipped' }[] | null;
}

/**
 * The items and results of an import's cycle, in two statements: one item per distinct case
 * (its state the last result's), then one result per reported test case, in report order. The
 * results' ids, in that order, come from the sequence before the insert (as insertRuns does), so
 * the import can attach each test's evidence to its own result.
 */
export async function insertImportedResults(
  tx: Tx,
  cycleId: number,
  executedBy: number,
  results: ImportedResult[],
): Promise<{ items: ImportedItem[]; resultIds: number[] }> {
  const last = new Map<number, { state: string; results: number; elapsedMs: number | null }>();
  for (const r of results)
    last.set(r.caseId, {
      state: r.state,
      results: (last.get(r.caseId)?.results ?? 0) + 1,
      elapsedMs: r.elapsedMs,
    });
  const caseIds = [...last.keys()];
  const items = await queryRows<ImportedItem>(
    tx,
    sql`
    insert into cycle_items (cycle_id, case_id, state, results, elapsed_ms)
    select ${cycleId}, c, s, n, e
    from unnest(${sql.param(caseIds)}::int[], ${sql.param(caseIds.map((id) => last.get(id)!.state))}::text[],
      ${sql.param(caseIds.map((id) => last.get(id)!.results))}::int[],
      ${sql.param(caseIds.map((id) => last.get(id)!.elapsedMs))}::int[]) with ordinality as t(c, s, n, e, o)
    order by o
    returning id, case_id, state`,
  );
  const itemOf = new Map(items.map((row) => [row.case_id, row.id]));
  return { items, resultIds: await insertResultsOfItems(tx, executedBy, results, itemOf) };
}

/**
 * One result per reported test, in report order, on the item of its case; their ids in that order
 * come from the sequence before the insert (as insertRuns does).
 */
async function insertResultsOfItems(
  tx: Tx,
  executedBy: number,
  results: ImportedResult[],
  itemOf: Map<number, number>,
): Promise<number[]> {
  const ids = await queryRows<{ id: number }>(
    tx,
    sql`
    with numbered as (
      select u.*, nextval(pg_get_serial_sequence('cycle_results', 'id'))::int as id
      from (select * from unnest(
      ${sql.param(results.map((r) => itemOf.get(r.caseId)!))}::int[],
      ${sql.param(results.map((r) => r.state))}::text[],
      ${sql.param(results.map((r) => r.runId))}::int[],
      ${sql.param(results.map((r) => r.elapsedMs))}::int[],
      ${sql.param(results.map((r) => r.failure?.message ?? null))}::text[],
      ${sql.param(results.map((r) => r.failure?.type ?? null))}::text[],
      ${sql.param(results.map((r) => r.failure?.text ?? null))}::text[],
      ${sql.param(results.map((r) => r.log))}::text[],
      ${sql.param(results.map((r) => r.caseVersion))}::int[],
      ${sql.param(results.map((r) => (r.stepResults ? JSON.stringify(r.stepResults) : null)))}::text[]
      ) with ordinality as t(i, s, r, e, m, t2, x, l, v, j, o) order by o) u
    ), inserted as (
      insert into cycle_results
        (id, item_id, state, run_id, elapsed_ms, executed_by, failure_message, failure_type, failure_text, log,
          case_version, step_results)
      select id, i, s, r, e, ${executedBy}, m, t2, x, l, v, j::jsonb from numbered order by id
      returning id
    )
    select id from numbered order by o`,
  );
  return ids.map((row) => row.id);
}

/**
 * A live run's batch (docs/product/live-runs.md) on its open cycle: the cases it has no item for
 * yet get one, those it has take the batch's last result as their state and count its results,
 * then one result per reported test, in batch order.
 */
export async function appendImportedResults(
  tx: Tx,
  cycleId: number,
  executedBy: number,
  results: ImportedResult[],
): Promise<{ resultIds: number[] }> {
  const last = new Map<number, { state: string; results: number; elapsedMs: number | null }>();
  for (const r of results)
    last.set(r.caseId, {
      state: r.state,
      results: (last.get(r.caseId)?.results ?? 0) + 1,
      elapsedMs: r.elapsedMs,
    });
  const caseIds = [...last.keys()];
  const existing = await queryRows<{ id: number; case_id: number }>(
    tx,
    sql`
    select id, case_id from cycle_items
    where cycle_id = ${cycleId} and case_id = any(${sql.param(caseIds)}::int[])
    order by id for no key update`,
  );
  const itemOf = new Map(existing.map((row) => [row.case_id, row.id]));
  const found = caseIds.filter((id) => itemOf.has(id));
  if (found.length > 0) {
    await tx.execute(sql`
      update cycle_items i set state = u.s, results = i.results + u.n, elapsed_ms = u.e, updated_at = now()
      from unnest(${sql.param(found.map((id) => itemOf.get(id)!))}::int[], ${sql.param(found.map((id) => last.get(id)!.state))}::text[],
        ${sql.param(found.map((id) => last.get(id)!.results))}::int[],
        ${sql.param(found.map((id) => last.get(id)!.elapsedMs))}::int[]) as u(i, s, n, e)
      where i.id = u.i`);
  }
  const missing = caseIds.filter((id) => !itemOf.has(id));
  if (missing.length > 0) {
    const items = await queryRows<{ id: number; case_id: number }>(
      tx,
      sql`
      insert into cycle_items (cycle_id, case_id, state, results, elapsed_ms)
      select ${cycleId}, c, s, n, e
      from unnest(${sql.param(missing)}::int[], ${sql.param(missing.map((id) => last.get(id)!.state))}::text[],
        ${sql.param(missing.map((id) => last.get(id)!.results))}::int[],
        ${sql.param(missing.map((id) => last.get(id)!.elapsedMs))}::int[]) with ordinality as t(c, s, n, e, o)
      order by o
      returning id, case_id`,
    );
    for (const row of items) itemOf.set(row.case_id, row.id);
  }
  return { resultIds: await insertResultsOfItems(tx, executedBy, results, itemOf) };
}

/**
 * What a cycle says of its live run, read now: null unless it is one, i.e. an import cycle none of
 * whose results was written with it (an import writes its cycle and results in one transaction,
 * at one now(); a live run's cycle is opened empty and its results come later). `stopped` once
 * `timeoutMinutes` passed since its newest result (its start before one) while it is open.
 */
export async function liveRunOf(
  db: Tx,
  cycleId: number,
  timeoutMinutes: number,
): Promise<{ state: 'running' | 'finished' | 'stopped'; last_result_at: Date | string } | null> {
  const [row] = await queryRows<{
    live: boolean;
    state: 'running' | 'finished' | 'stopped';
    last_result_at: Date | string;
  }>(
    db,
    sql`
    select
      not exists (select 1 from cycle_items i join cycle_results r on r.item_id = i.id
        where i.cycle_id = y.id and r.created_at <= y.created_at) as live,
      case when y.state = 'closed' then 'finished'
        when coalesce(l.at, y.created_at) < now() - make_interval(mins => ${timeoutMinutes}) then 'stopped'
        else 'running' end as state,
      coalesce(l.at, y.created_at) as last_result_at
    from test_cycles y
    cross join lateral (select max(r.created_at) as at from cycle_items i
      join cycle_results r on r.item_id = i.id where i.cycle_id = y.id) l
    where y.id = ${cycleId} and y.source = 'import'`,
  );
  if (!row?.live) return null;
  return { state: row.state, last_result_at: row.last_result_at };
}
