import {
  type CasePriority,
  type CycleItem,
  type CycleItemState,
  type CycleItemsQuery,
  type CycleState,
  takenParameterRow,
} from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { type Viewer, visibleProjectCondition } from '../../db/project-visibility.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';
import { textMatches } from '../../lib/list-paging.ts';
import { isoTime } from '../../lib/timestamps.ts';

/** SQL of a test cycle's items (docs/product/cycles.md, "Items"). */

interface ItemRow {
  id: number;
  cycle_id: number;
  case_id: number;
  case_name: string;
  case_description: string;
  parameter_row: number;
  parameter_values: { columns: string[]; values: string[] } | null;
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
    parameter_row: takenParameterRow(row.parameter_row, row.parameter_values),
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
  i.parameter_row, i.parameter_values,
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

/**
 * How many items match a filter of only the cycle and a state, from the counts the database keeps
 * (cycle_counts); null for any other filter, which is counted.
 */
async function keptCount(db: Tx, cycleId: number, query: CycleItemsQuery): Promise<number | null> {
  const narrowed =
    query.after_id !== undefined ||
    query.before_id !== undefined ||
    query.assignee_id !== undefined ||
    query.suite_id !== undefined ||
    Boolean(query.q?.trim());
  if (narrowed) return null;
  const column = query.state ? sql.identifier(query.state) : sql.identifier('total');
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select ${column} as n from cycle_counts where cycle_id = ${cycleId}`,
  );
  return row?.n ?? 0;
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
    // The page is chosen first, so only its items look up their latest result; its items are then
    // read by key (`= any(array)`: a probe of the primary key each, never a scan of the cycle's
    // items hashed against the page, which the planner picks for `in (select ...)`).
    sql`
    select ${ITEM_COLUMNS} ${ITEM_FROM_WITH_LAST}
    where i.id = any(array(select i.id ${ITEM_FROM} where ${where} order by ${order} limit ${limit} offset ${offset}))
    order by ${order}`,
  );
  const kept = await keptCount(db, cycleId, query);
  if (kept !== null) return { items: rows.map(toItem), total: kept };
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

/** The project of each of these items that exists (through its cycle). */
export async function findProjectsOfItems(db: Tx, ids: number[]): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; project_id: number }>(
    db,
    sql`
    select i.id, y.project_id from cycle_items i join test_cycles y on y.id = i.cycle_id
    where i.id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, row.project_id]));
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
      select c.version as case_version, jsonb_array_length(expanded_steps(c.steps)) as case_steps
      from test_cases c where c.id = l.case_id offset 0
    ) c`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Items by id, as answers show them. */
export async function findItems(db: Tx, ids: number[]): Promise<Map<number, CycleItem>> {
  const rows = await queryRows<ItemRow>(
    db,
    sql`select ${ITEM_COLUMNS} ${ITEM_FROM_WITH_LAST} where i.id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, toItem(row)]));
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

/** The items of a cycle and row that holds both cases of a merge: `fromId`'s and `toId`'s. */
export function itemPairsOfCases(
  tx: Tx,
  fromId: number,
  toId: number,
): Promise<{ from_item: number; to_item: number }[]> {
  return queryRows<{ from_item: number; to_item: number }>(
    tx,
    sql`select f.id as from_item, t.id as to_item from cycle_items f
    join cycle_items t on t.cycle_id = f.cycle_id and t.parameter_row = f.parameter_row and t.case_id = ${toId}
    where f.case_id = ${fromId} order by f.id`,
  );
}

/**
 * A merge of cases: `fromId`'s items become `toId`'s. Where a cycle holds both cases on the same
 * row (`pairs`, itemPairsOfCases), the one item takes the other's results and its state, count and
 * duration are those of its latest result again (the cycle's counts follow by trigger). Results
 * recorded against `fromId`'s versions name them as the surviving case numbers them now
 * (+ `versionOffset`).
 */
export async function moveItemsToCase(
  tx: Tx,
  fromId: number,
  toId: number,
  versionOffset: number,
  pairs: { from_item: number; to_item: number }[],
): Promise<void> {
  await tx.execute(sql`update cycle_results set case_version = case_version + ${versionOffset}
    where case_version is not null and item_id in (select id from cycle_items where case_id = ${fromId})`);
  if (pairs.length > 0) {
    const from = sql.param(pairs.map((p) => p.from_item));
    const to = sql.param(pairs.map((p) => p.to_item));
    await tx.execute(sql`update cycle_results r set item_id = p.t
      from unnest(${from}::int[], ${to}::int[]) as p(f, t) where r.item_id = p.f`);
    await tx.execute(sql`delete from cycle_items where id = any(${from}::int[])`);
    await tx.execute(sql`update cycle_items i set state = coalesce(l.state, 'untested'), results = l.n,
      elapsed_ms = l.elapsed_ms, updated_at = now()
    from (
      select x.id, (select count(*)::int from cycle_results r where r.item_id = x.id) as n, last.state, last.elapsed_ms
      from unnest(${to}::int[]) as x(id)
      left join lateral (
        select r.state, r.elapsed_ms from cycle_results r
        where r.item_id between x.id and x.id order by r.item_id desc, r.id desc limit 1
      ) last on true
    ) l where i.id = l.id`);
  }
  await tx.execute(sql`update cycle_items set case_id = ${toId} where case_id = ${fromId}`);
}
