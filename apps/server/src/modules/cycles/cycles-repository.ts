import type {
  CasePriority,
  Cycle,
  CycleItem,
  CycleItemState,
  CycleItemsQuery,
  CycleResult,
  CycleResultState,
  CycleState,
  StepResult,
} from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  projectPermissionCondition,
  type Viewer,
  visibleProjectCondition,
} from '../../db/project-visibility.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';
import { textMatches } from '../../lib/list-paging.ts';
import { isoTime } from '../../lib/timestamps.ts';

/** SQL of test cycles (docs/product/cycles.md). Counts: cycle_counts (db/triggers/cycle-counts.sql). */

interface CycleRow {
  id: number;
  project_id: number;
  name: string;
  description: string;
  milestone: string | null;
  environment: string | null;
  state: CycleState;
  source: Cycle['source'];
  branch: string | null;
  commit: string | null;
  build_url: string | null;
  build_number: string | null;
  creator_id: number | null;
  creator_username: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  closed_at: Date | string | null;
  total: number;
  untested: number;
  passed: number;
  failed: number;
  blocked: number;
  skipped: number;
  retest: number;
}

function toCycle(row: CycleRow): Cycle {
  return {
    id: row.id,
    project_id: row.project_id,
    name: row.name,
    description: row.description,
    milestone: row.milestone,
    environment: row.environment,
    state: row.state,
    source: row.source,
    branch: row.branch,
    commit: row.commit,
    build_url: row.build_url,
    build_number: row.build_number,
    creator: row.creator_id === null ? null : { id: row.creator_id, username: row.creator_username ?? '' },
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    closed_at: row.closed_at === null ? null : isoTime(row.closed_at),
    counts: {
      total: row.total,
      untested: row.untested,
      passed: row.passed,
      failed: row.failed,
      blocked: row.blocked,
      skipped: row.skipped,
      retest: row.retest,
    },
  };
}

async function selectCycles(db: Tx, where: SQL): Promise<Cycle[]> {
  const rows = await queryRows<CycleRow>(
    db,
    sql`
    select y.id, y.project_id, y.name, y.description, y.milestone, y.environment, y.state, y.source,
      y.branch, y.commit, y.build_url, y.build_number, u.id as creator_id, u.username as creator_username,
      y.created_at, y.updated_at, y.closed_at,
      n.total, n.untested, n.passed, n.failed, n.blocked, n.skipped, n.retest
    from test_cycles y
    join cycle_counts n on n.cycle_id = y.id
    left join users u on u.id = y.created_by
    where ${where}
    order by y.id desc`,
  );
  return rows.map(toCycle);
}

export function listCyclesOfProject(db: Tx, projectId: number): Promise<Cycle[]> {
  return selectCycles(db, sql`y.project_id = ${projectId}`);
}

/** The newest open cycles of the projects where the viewer holds home_test_cycle, with their project. */
export async function listActiveCycles(
  db: Tx,
  viewer: Viewer,
  limit: number,
): Promise<{ cycle: Cycle; project: { id: number; name: string } }[]> {
  const cycles = await selectCycles(
    db,
    sql`y.id in (select a.id from test_cycles a
      where a.state = 'open' and ${projectPermissionCondition(viewer, 'home_test_cycle', sql`a.project_id`)}
      order by a.id desc limit ${limit})`,
  );
  if (cycles.length === 0) return [];
  const projects = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from projects where id = any(${sql.param([...new Set(cycles.map((c) => c.project_id))])}::int[])`,
  );
  const names = new Map(projects.map((project) => [project.id, project.name]));
  return cycles.map((cycle) => ({
    cycle,
    project: { id: cycle.project_id, name: names.get(cycle.project_id) ?? '' },
  }));
}

export async function findCycle(db: Tx, id: number): Promise<Cycle | null> {
  const [cycle] = await selectCycles(db, sql`y.id = ${id}`);
  return cycle ?? null;
}

export interface CycleRef {
  id: number;
  project_id: number;
  name: string;
  state: CycleState;
}

/** The cycle's project, name and state, for access checks and locks. */
export async function findCycleRef(db: Tx, id: number, lock: RowLock = LOCK.none): Promise<CycleRef | null> {
  const [row] = await queryRows<CycleRef>(
    db,
    sql`select id, project_id, name, state from test_cycles where id = ${id}${lock}`,
  );
  return row ?? null;
}

export interface NewCycle {
  projectId: number;
  name: string;
  description: string;
  milestone: string | null;
  environment: string | null;
  createdBy: number;
  source?: Cycle['source'];
  ci?: { branch: string | null; commit: string | null; buildUrl: string | null; buildNumber: string | null };
}

export async function insertCycle(tx: Tx, cycle: NewCycle): Promise<number> {
  const ci = cycle.ci ?? { branch: null, commit: null, buildUrl: null, buildNumber: null };
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`
    insert into test_cycles (project_id, name, description, milestone, environment, created_by, source,
      branch, commit, build_url, build_number)
    values (${cycle.projectId}, ${cycle.name}, ${cycle.description}, ${cycle.milestone}, ${cycle.environment},
      ${cycle.createdBy}, ${cycle.source ?? 'manual'}, ${ci.branch}, ${ci.commit}, ${ci.buildUrl}, ${ci.buildNumber})
    returning id`,
  );
  return row!.id;
}

export interface Selection {
  suiteIds: number[];
  caseIds: number[];
  allCases: boolean;
  fromCycleId: number | null;
  fromStates: CycleItemState[];
}

/**
 * Adds the selected cases of the project to the cycle, each once, in case id order: every case
 * of the chosen suites (children included, as every case of a subtree carries its suite's id),
 * the chosen cases with their descendants, every case of the project, and the cases of another
 * cycle whose items are in the given states. Answers how many items were added.
 */
export async function insertItems(
  tx: Tx,
  cycleId: number,
  projectId: number,
  pick: Selection,
): Promise<number> {
  const [row] = await queryRows<{ added: number }>(
    tx,
    sql`
    with recursive chosen(id) as (
      select id from test_cases where project_id = ${projectId} and id = any(${sql.param(pick.caseIds)}::int[])
      union
      select c.id from test_cases c join chosen on c.parent_id = chosen.id
    ), picked as (
      select id from test_cases
        where project_id = ${projectId}
          and (${pick.allCases} or suite_id = any(${sql.param(pick.suiteIds)}::int[]))
      union
      select id from chosen
      union
      select i.case_id from cycle_items i
        where i.cycle_id = ${pick.fromCycleId} and i.state = any(${sql.param(pick.fromStates)}::text[])
    ), added as (
      -- Items are numbered suite by suite, so the cycle page's list (in item order) groups them.
      insert into cycle_items (cycle_id, case_id)
      select ${cycleId}, p.id from picked p join test_cases c on c.id = p.id
      order by c.suite_id nulls last, p.id
      returning 1
    )
    select count(*)::int as added from added`,
  );
  return row?.added ?? 0;
}

/** Adds the cases and their descendants to a cycle, each once; answers how many were added. */
export async function insertItemsWithDescendants(
  tx: Tx,
  cycleId: number,
  ids: readonly number[],
): Promise<number> {
  const [row] = await queryRows<{ added: number }>(
    tx,
    sql`
    with recursive chosen(id) as (
      select unnest(${`{${ids.join(',')}}`}::int[])
      union
      select c.id from test_cases c join chosen on c.parent_id = chosen.id
    ), added as (
      insert into cycle_items (cycle_id, case_id)
      select ${cycleId}, id from chosen order by id
      on conflict (cycle_id, case_id) do nothing
      returning 1
    )
    select count(*)::int as added from added`,
  );
  return row?.added ?? 0;
}

/** Of these ids, those that are suites (or cases) of the project. */
export async function existingIds(
  tx: Tx,
  table: 'suites' | 'test_cases',
  projectId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${sql.identifier(table)} where project_id = ${projectId} and id = any(${sql.param(ids)}::int[])`,
  );
  return new Set(rows.map((r) => r.id));
}

export interface CycleFields {
  name?: string | undefined;
  description?: string | undefined;
  milestone?: string | null | undefined;
  environment?: string | null | undefined;
  state?: CycleState | undefined;
}

export async function updateCycleRow(tx: Tx, id: number, fields: CycleFields): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (fields.name !== undefined) sets.push(sql`name = ${fields.name}`);
  if (fields.description !== undefined) sets.push(sql`description = ${fields.description}`);
  if (fields.milestone !== undefined) sets.push(sql`milestone = ${fields.milestone}`);
  if (fields.environment !== undefined) sets.push(sql`environment = ${fields.environment}`);
  if (fields.state !== undefined) {
    sets.push(sql`state = ${fields.state}`);
    sets.push(fields.state === 'closed' ? sql`closed_at = now()` : sql`closed_at = null`);
  }
  await tx.execute(sql`update test_cycles set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/**
 * Deletes the cycle with its items and results, and first the test runs its results recorded
 * (their triggers correct the cases' latest status and the counters). Answers how many runs went.
 * The results are read item by item (`offset 0` keeps the lateral apart, decision record 171),
 * never by a scan of every cycle's results.
 */
export async function deleteCycleRow(tx: Tx, id: number): Promise<number> {
  const [row] = await queryRows<{ runs: number }>(
    tx,
    sql`
    with gone as (
      delete from test_runs where id in (
        select r.run_id from cycle_items i
          cross join lateral (
            select r.run_id from cycle_results r where r.item_id between i.id and i.id offset 0
          ) r
        where i.cycle_id = ${id} and r.run_id is not null)
      returning 1
    )
    select count(*)::int as runs from gone`,
  );
  await tx.execute(sql`delete from test_cycles where id = ${id}`);
  return row?.runs ?? 0;
}

// ---- Items ----

interface ItemRow {
  id: number;
  cycle_id: number;
  case_id: number;
  case_name: string;
  case_description: string;
  suite_id: number | null;
  suite_name: string | null;
  parent_id: number | null;
  priority: CasePriority;
  state: CycleItemState;
  assignee_id: number | null;
  assignee_username: string | null;
  executor_id: number | null;
  executor_username: string | null;
  results: number;
  updated_at: Date | string;
  last_elapsed_ms: number | null;
  last_failure_message: string | null;
}

function toItem(row: ItemRow): CycleItem {
  return {
    id: row.id,
    cycle_id: row.cycle_id,
    test_case: {
      id: row.case_id,
      name: row.case_name,
      description: row.case_description,
      suite_id: row.suite_id,
      suite_name: row.suite_name,
      parent_id: row.parent_id,
      priority: row.priority,
    },
    state: row.state,
    assignee:
      row.assignee_id === null ? null : { id: row.assignee_id, username: row.assignee_username ?? '' },
    executor:
      row.executor_id === null ? null : { id: row.executor_id, username: row.executor_username ?? '' },
    results: row.results,
    last_result:
      row.results > 0 ? { elapsed_ms: row.last_elapsed_ms, failure_message: row.last_failure_message } : null,
    updated_at: isoTime(row.updated_at),
  };
}

const ITEM_COLUMNS = sql`
  i.id, i.cycle_id, c.id as case_id, c.name as case_name, c.description as case_description,
  c.suite_id, s.name as suite_name, c.parent_id, c.priority, i.state, u.id as assignee_id,
  u.username as assignee_username, lr.executor_id, lr.executor_username, i.results, i.updated_at,
  lr.elapsed_ms as last_elapsed_ms, lr.failure_message as last_failure_message`;

const ITEM_FROM = sql`
  from cycle_items i
  join test_cases c on c.id = i.case_id
  left join users u on u.id = i.assignee_id`;

/**
 * ITEM_FROM with each item's suite and latest result with its executor (one index lookup per
 * listed item, never for counts). `between i.id and i.id`, not `=`: with an equality the planner
 * drops item_id from the order and may walk the whole primary key backwards for each item without
 * a result (decision record 171). The executor is looked up by its key after the limit.
 */
const ITEM_FROM_WITH_LAST = sql`${ITEM_FROM}
  left join suites s on s.id = c.suite_id
  left join lateral (
    select last.elapsed_ms, last.failure_message, e.id as executor_id, e.username as executor_username
    from (
      select r.elapsed_ms, r.failure_message, r.executed_by from cycle_results r
      where r.item_id between i.id and i.id order by r.item_id desc, r.id desc limit 1
    ) last left join users e on e.id = last.executed_by
  ) lr on true`;

function itemFilter(cycleId: number, query: CycleItemsQuery): SQL {
  const parts: SQL[] = [sql`i.cycle_id = ${cycleId}`];
  if (query.state) parts.push(sql`i.state = ${query.state}`);
  if (query.after_id !== undefined) parts.push(sql`i.id > ${query.after_id}`);
  if (query.before_id !== undefined) parts.push(sql`i.id < ${query.before_id}`);
  if (query.assignee_id !== undefined) {
    parts.push(
      query.assignee_id === 0 ? sql`i.assignee_id is null` : sql`i.assignee_id = ${query.assignee_id}`,
    );
  }
  if (query.suite_id !== undefined) parts.push(sql`c.suite_id = ${query.suite_id}`);
  if (query.q?.trim()) parts.push(textMatches(query.q, sql`c.name`));
  return sql.join(parts, sql` and `);
}

/** One page of a cycle's items in item order, and how many match the filters. */
export async function listItems(
  db: Tx,
  cycleId: number,
  query: CycleItemsQuery,
): Promise<{ items: CycleItem[]; total: number }> {
  const where = itemFilter(cycleId, query);
  const limit = query.limit ?? 100;
  const offset = query.offset ?? 0;
  // before_id reads backwards from that item: the nearest first (the execution view's "Previous").
  const order = query.before_id === undefined ? sql`i.id` : sql`i.id desc`;
  const rows = await queryRows<ItemRow>(
    db,
    // The page is chosen first, so only its items look up their latest result.
    sql`
    with page as (select i.id ${ITEM_FROM} where ${where} order by ${order} limit ${limit} offset ${offset})
    select ${ITEM_COLUMNS} ${ITEM_FROM_WITH_LAST} where i.id in (select id from page) order by ${order}`,
  );
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total ${ITEM_FROM} where ${where}`,
  );
  return { items: rows.map(toItem), total: count?.total ?? 0 };
}

export async function findItem(db: Tx, id: number): Promise<CycleItem | null> {
  const [row] = await queryRows<ItemRow>(
    db,
    sql`select ${ITEM_COLUMNS} ${ITEM_FROM_WITH_LAST} where i.id = ${id}`,
  );
  return row ? toItem(row) : null;
}

export interface ItemRef {
  id: number;
  cycle_id: number;
  case_id: number;
  project_id: number;
  state: CycleItemState;
}

/** The item's cycle, case and project, for access checks and locks. */
export async function findItemRef(db: Tx, id: number, lock: RowLock = LOCK.none): Promise<ItemRef | null> {
  const [row] = await queryRows<ItemRef>(
    db,
    sql`
    select i.id, i.cycle_id, i.case_id, y.project_id, i.state
    from cycle_items i join test_cycles y on y.id = i.cycle_id
    where i.id = ${id}${lock === LOCK.none ? sql`` : sql`${lock} of i`}`,
  );
  return row ?? null;
}

/**
 * The items of a batch of results, with their cycle's project and state, locked top-down in one
 * call (lock_cycle_items, db/triggers/cycle-item-locks.sql): projects, cycles (shared: a close
 * waits), cases, items. Items that are gone are missing from the answer.
 */
export interface LockedItem {
  id: number;
  cycle_id: number;
  case_id: number;
  project_id: number;
  cycle_state: CycleState;
  /** The case's version and how many steps it has, read under the case's lock. */
  case_version: number;
  case_steps: number;
}

export async function lockItemsForResults(tx: Tx, itemIds: number[]): Promise<Map<number, LockedItem>> {
  // The planner takes a function to answer 1,000 rows; joined plainly, it hashed every test case
  // of the database for each batch (15–80 ms at 50,000 cases). The lateral lookup, fenced by
  // `offset 0`, probes the primary key once per locked item (decision record 184).
  const rows = await queryRows<LockedItem>(
    tx,
    sql`select l.id, l.cycle_id, l.case_id, l.project_id, l.cycle_state, c.case_version, c.case_steps
    from lock_cycle_items(${sql.param(itemIds)}::int[]) l
    cross join lateral (
      select c.version as case_version, jsonb_array_length(c.steps) as case_steps
      from test_cases c where c.id = l.case_id offset 0
    ) c`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

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

/** Items by id, as answers show them. */
export async function findItems(db: Tx, ids: number[]): Promise<Map<number, CycleItem>> {
  const rows = await queryRows<ItemRow>(
    db,
    sql`select ${ITEM_COLUMNS} ${ITEM_FROM_WITH_LAST} where i.id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, toItem(row)]));
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

/** Sets the assignee of these items of the cycle; answers how many items there were. */
export async function assignItems(
  tx: Tx,
  cycleId: number,
  itemIds: number[],
  assigneeId: number | null,
): Promise<number> {
  const [row] = await queryRows<{ updated: number }>(
    tx,
    sql`
    with changed as (
      update cycle_items set assignee_id = ${assigneeId}, updated_at = now()
      where cycle_id = ${cycleId} and id = any(${sql.param(itemIds)}::int[])
      returning 1
    )
    select count(*)::int as updated from changed`,
  );
  return row?.updated ?? 0;
}

/** Open items (untested, blocked or retest, in open cycles) assigned to the user, in projects they see. */
export async function listAssignedItems(
  db: Tx,
  viewer: Viewer,
  limit: number,
): Promise<
  { item: CycleItem; cycle: { id: number; name: string }; project: { id: number; name: string } }[]
> {
  const rows = await queryRows<ItemRow & { cycle_name: string; project_id: number; project_name: string }>(
    db,
    sql`
    select ${ITEM_COLUMNS}, y.name as cycle_name, p.id as project_id, p.name as project_name
    ${ITEM_FROM_WITH_LAST}
    join test_cycles y on y.id = i.cycle_id
    join projects p on p.id = y.project_id
    where i.assignee_id = ${viewer.id} and i.state in ('untested', 'blocked', 'retest') and y.state = 'open'
      and ${visibleProjectCondition(viewer, sql`p.id`)}
    order by y.id desc, i.id
    limit ${limit}`,
  );
  return rows.map((row) => ({
    item: toItem(row),
    cycle: { id: row.cycle_id, name: row.cycle_name },
    project: { id: row.project_id, name: row.project_name },
  }));
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
}

/**
 * The items and results of an import's cycle, in two statements: one item per distinct case
 * (its state the last result's), then one result per reported test case, in report order.
 */
export async function insertImportedResults(
  tx: Tx,
  cycleId: number,
  executedBy: number,
  results: ImportedResult[],
): Promise<ImportedItem[]> {
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
  await tx.execute(sql`
    insert into cycle_results
      (item_id, state, run_id, elapsed_ms, executed_by, failure_message, failure_type, failure_text, log,
        case_version)
    select i, s, r, e, ${executedBy}, m, t, x, l, v
    from unnest(
      ${sql.param(results.map((r) => itemOf.get(r.caseId)!))}::int[],
      ${sql.param(results.map((r) => r.state))}::text[],
      ${sql.param(results.map((r) => r.runId))}::int[],
      ${sql.param(results.map((r) => r.elapsedMs))}::int[],
      ${sql.param(results.map((r) => r.failure?.message ?? null))}::text[],
      ${sql.param(results.map((r) => r.failure?.type ?? null))}::text[],
      ${sql.param(results.map((r) => r.failure?.text ?? null))}::text[],
      ${sql.param(results.map((r) => r.log))}::text[],
      ${sql.param(results.map((r) => r.caseVersion))}::int[]
    ) with ordinality as u(i, s, r, e, m, t, x, l, v, o)
    order by o`);
  return items;
}
