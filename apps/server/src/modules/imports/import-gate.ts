import {
  FLAKY_DEFAULTS,
  GATE_DEFAULT_BRANCHES,
  GATE_LIST_MAX,
  type GateCase,
  type ImportGate,
} from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/**
 * The CI gate of an import (docs/product/ci-gate.md): the import's cycle against the previous
 * import cycle of the project on the same branch (for a branch's first import, the latest on the
 * default branch), read in the import's transaction after its results, so the flakiness the
 * results just updated counts. Two statements, each over the cycle's items only.
 */
export async function gateOf(
  tx: Tx,
  projectId: number,
  cycle: { id: number; branch: string | null },
): Promise<ImportGate> {
  const compared = await previousCycle(tx, projectId, cycle);
  const rows = await queryRows<{
    id: number;
    name: string;
    state: string;
    previous: string | null;
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
    select c.id, c.name, i.state, p.state as previous,
      (select r.failure_message from cycle_results r where r.item_id = i.id order by r.id desc limit 1)
        as failure_message,
      exists (select 1 from case_quarantines q where q.case_id = i.case_id
        and (q.until is null or q.until > (now() at time zone 'UTC')::date)) as quarantined,
      exists (select 1 from case_flakiness f, k where f.case_id = i.case_id
        and f.branch = ${cycle.branch ?? ''} and f.flips >= k.k) as flaky
    from cycle_items i
    join test_cases c on c.id = i.case_id
    left join cycle_items p on p.cycle_id = ${compared?.id ?? null}::int and p.case_id = i.case_id
    where i.cycle_id = ${cycle.id} and (i.state = 'failed' or (i.state = 'passed' and p.state = 'failed'))
    order by c.id`,
  );
  const groups: Record<'new' | 'still_failing' | 'flaky' | 'quarantined' | 'fixed', GateCase[]> = {
    new: [],
    still_failing: [],
    flaky: [],
    quarantined: [],
    fixed: [],
  };
  for (const row of rows) {
    const item = { id: row.id, name: row.name, failure_message: row.failure_message };
    if (row.state === 'passed') groups.fixed.push({ ...item, failure_message: null });
    else if (row.quarantined) groups.quarantined.push(item);
    else if (row.flaky) groups.flaky.push(item);
    else if (row.previous === 'failed') groups.still_failing.push(item);
    else groups.new.push(item);
  }
  const counts = {
    new: groups.new.length,
    still_failing: groups.still_failing.length,
    flaky: groups.flaky.length,
    quarantined: groups.quarantined.length,
    fixed: groups.fixed.length,
  };
  const cut = (list: GateCase[]) => list.slice(0, GATE_LIST_MAX);
  return {
    branch: cycle.branch,
    compared_with: compared,
    counts,
    new: cut(groups.new),
    still_failing: cut(groups.still_failing),
    flaky: cut(groups.flaky),
    quarantined: cut(groups.quarantined),
    fixed: cut(groups.fixed),
    fails: counts.new + counts.still_failing > 0,
    fails_new: counts.new > 0,
  };
}

/** The import cycle this one is compared with, or null for the project's first. */
async function previousCycle(
  tx: Tx,
  projectId: number,
  cycle: { id: number; branch: string | null },
): Promise<ImportGate['compared_with']> {
  const [same] = await queryRows<{ id: number; name: string; branch: string | null }>(
    tx,
    sql`select id, name, branch from test_cycles
    where project_id = ${projectId} and source = 'import' and id < ${cycle.id}
      and coalesce(branch, '') = ${cycle.branch ?? ''}
    order by id desc limit 1`,
  );
  if (same || cycle.branch === null) return same ?? null;
  const defaults = [...GATE_DEFAULT_BRANCHES];
  const [fallback] = await queryRows<{ id: number; name: string; branch: string | null }>(
    tx,
    sql`select id, name, branch from test_cycles
    where project_id = ${projectId} and source = 'import' and id < ${cycle.id}
      and branch = any(${sql.param(defaults)}::text[])
    order by array_position(${sql.param(defaults)}::text[], branch), id desc limit 1`,
  );
  return fallback ?? null;
}
