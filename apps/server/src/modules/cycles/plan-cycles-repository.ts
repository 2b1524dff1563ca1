import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { type CycleRef, ITEM_ROWS_OF_CASE } from './cycles-repository.ts';

/**
 * SQL of the cycles a test plan makes and keeps (docs/product/plans.md): set-based, one statement
 * for all the cycles, one for their configurations and one per entry for the items of all its
 * cycles, whatever their number.
 */

/** Ids for `n` new cycles, taken from test_cycles' own sequence so each row is known before its insert. */
export async function reserveCycleIds(tx: Tx, n: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('test_cycles', 'id'))::int as id from generate_series(1, ${n})`,
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export interface PlanCycleRow {
  id: number;
  name: string;
  entryId: number;
}

export async function insertPlanCycles(
  tx: Tx,
  cycles: PlanCycleRow[],
  common: {
    projectId: number;
    planId: number;
    milestone: { id: number; name: string } | null;
    createdBy: number;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into test_cycles (id, project_id, name, milestone, milestone_id, plan_id, plan_entry_id, created_by)
    select c.id, ${common.projectId}, c.name, ${common.milestone?.name ?? null}, ${common.milestone?.id ?? null},
      ${common.planId}, c.entry_id, ${common.createdBy}
    from unnest(${sql.param(cycles.map((c) => c.id))}::int[], ${sql.param(cycles.map((c) => c.name))}::text[],
      ${sql.param(cycles.map((c) => c.entryId))}::int[]) as c(id, name, entry_id)
    order by c.id`);
}

export async function insertCycleConfigurations(
  tx: Tx,
  pairs: { cycleId: number; configurationId: number }[],
): Promise<void> {
  if (pairs.length === 0) return;
  await tx.execute(sql`
    insert into cycle_configurations (cycle_id, configuration_id)
    select * from unnest(${sql.param(pairs.map((p) => p.cycleId))}::int[],
      ${sql.param(pairs.map((p) => p.configurationId))}::int[])`);
}

/**
 * Adds the entry's cases to each of its cycles in one statement, as a cycle's create selects them
 * (cycles-repository.ts insertItems: suites, cases with their descendants, all cases; each once,
 * one item per data row of a parameterized case, numbered suite by suite), each item assigned to `assigneeId`. Adds nothing when the selection
 * holds more than `max` cases. Answers how many cases the selection holds and how many items went in.
 */
export async function insertEntryItems(
  tx: Tx,
  projectId: number,
  cycleIds: number[],
  pick: { suiteIds: number[]; caseIds: number[]; allCases: boolean },
  assigneeId: number | null,
  max: number,
): Promise<{ picked: number; added: number }> {
  const [row] = await queryRows<{ picked: number; added: number }>(
    tx,
    sql`
    with recursive chosen(id, suite_id) as (
      select id, suite_id from test_cases
        where project_id = ${projectId} and id = any(${sql.param(pick.caseIds)}::int[])
      union
      select c.id, c.suite_id from test_cases c join chosen on c.parent_id = chosen.id
    ), picked as (
      select id, suite_id from test_cases
        where project_id = ${projectId}
          and (${pick.allCases} or suite_id = any(${sql.param(pick.suiteIds)}::int[]))
      union
      select id, suite_id from chosen
    ), total as (
      select count(*)::int as n from picked
    ), added as (
      -- The cases carry their suite, so the items are numbered suite by suite without reading
      -- test_cases again.
      insert into cycle_items (cycle_id, case_id, parameter_row, parameter_values, assignee_id)
      select y.id, p.id, r.parameter_row, r.parameter_values, ${assigneeId}::int
      from picked p
      join test_cases c on c.id = p.id
      cross join ${ITEM_ROWS_OF_CASE}
      cross join unnest(${sql.param(cycleIds)}::int[]) as y(id)
      where (select n from total) <= ${max}
      order by y.id, p.suite_id nulls last, p.id, r.parameter_row
      returning 1
    )
    select (select n from total) as picked, (select count(*)::int from added) as added`,
  );
  return row ?? { picked: 0, added: 0 };
}

/** The plan's cycles, locked for their delete. */
export function lockCyclesOfPlan(tx: Tx, planId: number): Promise<CycleRef[]> {
  return queryRows<CycleRef>(
    tx,
    sql`select id, project_id, name, state from test_cycles where plan_id = ${planId} order by id for update`,
  );
}

/** Moves the plan's cycles to the milestone (null: none), with its name. Answers how many moved. */
export async function setPlanCyclesMilestone(
  tx: Tx,
  planId: number,
  milestone: { id: number; name: string } | null,
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update test_cycles set milestone_id = ${milestone?.id ?? null}, milestone = ${milestone?.name ?? null},
      updated_at = now()
    where plan_id = ${planId} returning id`,
  );
  return rows.length;
}
