import { FLAKY_DEFAULTS, type ImportGate } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/**
 * The CI gate's statements (import-gate.ts says what the gate answers). Each reads one cycle's
 * items by one index, or cases by id: the planner's figures say nothing of a cycle made in this
 * very transaction.
 */

type ComparedCycle = NonNullable<ImportGate['compared_with']>;

/** The cases whose item failed in a cycle. */
export function failedCasesOf(tx: Tx, cycleId: number): Promise<{ case_id: number }[]> {
  return queryRows<{ case_id: number }>(
    tx,
    sql`select case_id from cycle_items where cycle_id = ${cycleId} and state = 'failed'`,
  );
}

/** The gate's facts of these items: their case, last failure message, quarantine and flakiness. */
export function gateCases(
  tx: Tx,
  projectId: number,
  branch: string | null,
  items: { id: number; case_id: number }[],
) {
  return queryRows<{
    item_id: number;
    id: number;
    name: string;
    failure_message: string | null;
    quarantined: boolean;
    flaky: boolean;
  }>(
    tx,
    sql`
    with k as (
      select coalesce((select flip_threshold from project_flaky_settings where project_id = ${projectId}),
        ${FLAKY_DEFAULTS.flips}) as k
    )
    select u.item_id, c.id, c.name,
      -- The item's last result by cycle_results_item_idx (decision record 171).
      (select r.failure_message from cycle_results r
        where r.item_id between u.item_id and u.item_id order by r.item_id desc, r.id desc limit 1)
        as failure_message,
      exists (select 1 from case_quarantines q where q.case_id = c.id
        and (q.until is null or q.until > (now() at time zone 'UTC')::date)) as quarantined,
      exists (select 1 from case_flakiness f, k where f.case_id = c.id
        and f.branch = ${branch ?? ''} and f.flips >= k.k) as flaky
    from unnest(${sql.param(items.map((item) => item.id))}::int[],
      ${sql.param(items.map((item) => item.case_id))}::int[]) as u(item_id, case_id)
    join test_cases c on c.id = u.case_id
    order by c.id`,
  );
}

/** The latest import cycle of the project before `beforeId` on the same branch ('' for none). */
export async function previousImportCycle(
  tx: Tx,
  projectId: number,
  beforeId: number,
  branch: string,
): Promise<ComparedCycle | null> {
  const [same] = await queryRows<ComparedCycle>(
    tx,
    sql`select id, name, branch from test_cycles
    where project_id = ${projectId} and source = 'import' and id < ${beforeId}
      and coalesce(branch, '') = ${branch}
    order by id desc limit 1`,
  );
  return same ?? null;
}

/** The latest import cycle before `beforeId` on the first of the default branches that has one. */
export async function previousImportCycleOnDefaults(
  tx: Tx,
  projectId: number,
  beforeId: number,
  defaults: string[],
): Promise<ComparedCycle | null> {
  const [fallback] = await queryRows<ComparedCycle>(
    tx,
    sql`select id, name, branch from test_cycles
    where project_id = ${projectId} and source = 'import' and id < ${beforeId}
      and branch = any(${sql.param(defaults)}::text[])
    order by array_position(${sql.param(defaults)}::text[], branch), id desc limit 1`,
  );
  return fallback ?? null;
}

/** The project's newest import cycle on a branch ('' for the imports that named none). */
export async function latestImportCycle(
  tx: Tx,
  projectId: number,
  branch: string,
): Promise<{ id: number; name: string; branch: string | null; created_at: Date | string } | null> {
  const [row] = await queryRows<{
    id: number;
    name: string;
    branch: string | null;
    created_at: Date | string;
  }>(
    tx,
    sql`select id, name, branch, created_at from test_cycles
    where project_id = ${projectId} and source = 'import' and coalesce(branch, '') = ${branch}
    order by id desc limit 1`,
  );
  return row ?? null;
}

/** A cycle's failed and passed items: what the gate sorts (failures) and checks for fixes (passes). */
export function gateItemsOf(
  tx: Tx,
  cycleId: number,
): Promise<{ id: number; case_id: number; state: string }[]> {
  return queryRows(
    tx,
    sql`select id, case_id, state from cycle_items where cycle_id = ${cycleId} and state in ('failed', 'passed')`,
  );
}

type PlacedCase = { id: number; name: string; suite_id: number | null; parent_id: number | null };

/**
 * For rename proposals (rename-proposals.ts): the cases of the previous cycle that this cycle has
 * not (at most `max` + 1, so the caller can tell there are too many), and these new cases, each
 * with its suite and parent.
 */
export async function removedAndAddedCases(
  tx: Tx,
  previousCycleId: number,
  cycleId: number,
  createdCaseIds: number[],
  max: number,
): Promise<{ removed: PlacedCase[]; added: PlacedCase[] }> {
  const removed = await queryRows<PlacedCase>(
    tx,
    sql`select c.id, c.name, c.suite_id, c.parent_id from cycle_items i join test_cases c on c.id = i.case_id
    where i.cycle_id = ${previousCycleId}
      and not exists (select 1 from cycle_items j where j.cycle_id = ${cycleId} and j.case_id = i.case_id)
    order by c.id limit ${max + 1}`,
  );
  const added = await queryRows<PlacedCase>(
    tx,
    sql`select id, name, suite_id, parent_id from test_cases where id = any(${sql.param(createdCaseIds)}::int[])`,
  );
  return { removed, added };
}

/** The cases of the cycle that no earlier cycle holds (those its import made), at most `max` + 1. */
export async function casesFirstSeenIn(db: Tx, cycleId: number, max: number): Promise<number[]> {
  const rows = await queryRows<{ case_id: number }>(
    db,
    sql`select i.case_id from cycle_items i where i.cycle_id = ${cycleId}
      and not exists (select 1 from cycle_items j where j.case_id = i.case_id and j.cycle_id < ${cycleId})
    order by i.case_id limit ${max + 1}`,
  );
  return rows.map((r) => r.case_id);
}
