import type { Cycle, CycleConfiguration, CycleItemState, CycleState } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { projectPermissionCondition, type Viewer } from '../../db/project-visibility.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';
import { isoTime } from '../../lib/timestamps.ts';
import { type CycleCountColumns, countsOf } from './cycle-count-columns.ts';

/** SQL of test cycles (docs/product/cycles.md). Counts: cycle_counts (db/triggers/cycle-counts.sql). */

interface CycleRow extends CycleCountColumns {
  id: number;
  project_id: number;
  name: string;
  description: string;
  milestone_id: number | null;
  milestone: string | null;
  environment: string | null;
  plan_id: number | null;
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
}

function toCycle(row: CycleRow, configurations: CycleConfiguration[]): Cycle {
  return {
    id: row.id,
    project_id: row.project_id,
    name: row.name,
    description: row.description,
    milestone_id: row.milestone_id,
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
    counts: countsOf(row),
    plan_id: row.plan_id,
    configurations,
  };
}

/**
 * The configurations of the cycles, in their groups' order, by cycle: a second statement over
 * the listed ids (cycle_configurations' key), so the cycles' own statement keeps its plan.
 */
async function configurationsOf(db: Tx, cycleIds: number[]): Promise<Map<number, CycleConfiguration[]>> {
  const byCycle = new Map<number, CycleConfiguration[]>();
  if (cycleIds.length === 0) return byCycle;
  const rows = await queryRows<CycleConfiguration & { cycle_id: number }>(
    db,
    sql`
    select cc.cycle_id, c.id, c.name, g.name as "group"
    from cycle_configurations cc
    join configurations c on c.id = cc.configuration_id
    join configuration_groups g on g.id = c.group_id
    where cc.cycle_id = any(${sql.param(cycleIds)}::int[])
    order by cc.cycle_id, g.id, c.id`,
  );
  for (const { cycle_id, ...configuration } of rows) {
    const list = byCycle.get(cycle_id) ?? [];
    list.push(configuration);
    byCycle.set(cycle_id, list);
  }
  return byCycle;
}

async function selectCycles(db: Tx, where: SQL): Promise<Cycle[]> {
  const rows = await queryRows<CycleRow>(
    db,
    sql`
    select y.id, y.project_id, y.name, y.description, y.milestone_id, y.milestone, y.environment, y.plan_id,
      y.state, y.source,
      y.branch, y.commit, y.build_url, y.build_number, u.id as creator_id, u.username as creator_username,
      y.created_at, y.updated_at, y.closed_at,
      n.total, n.untested, n.passed, n.failed, n.blocked, n.skipped, n.retest
    from test_cycles y
    join cycle_counts n on n.cycle_id = y.id
    left join users u on u.id = y.created_by
    where ${where}
    order by y.id desc`,
  );
  if (rows.length === 0) return [];
  const configurations = await configurationsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCycle(row, configurations.get(row.id) ?? []));
}

/** A test plan's cycles, newest first (test_cycles_plan_idx). */
export function listCyclesOfPlan(db: Tx, planId: number): Promise<Cycle[]> {
  return selectCycles(db, sql`y.plan_id = ${planId}`);
}

/** A project's cycles; with a milestone, only those of it and of its sub-milestones (test_cycles_milestone_idx). */
export function listCyclesOfProject(db: Tx, projectId: number, milestoneId?: number): Promise<Cycle[]> {
  if (milestoneId === undefined) return selectCycles(db, sql`y.project_id = ${projectId}`);
  return selectCycles(
    db,
    sql`y.project_id = ${projectId} and y.milestone_id in (select m.id from milestones m
      where m.project_id = ${projectId} and (m.id = ${milestoneId} or m.parent_id = ${milestoneId}))`,
  );
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
  /** The milestone whose name `milestone` is (none when not given). */
  milestoneId?: number | null;
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
    insert into test_cycles (project_id, name, description, milestone, milestone_id, environment, created_by, source,
      branch, commit, build_url, build_number)
    values (${cycle.projectId}, ${cycle.name}, ${cycle.description}, ${cycle.milestone}, ${cycle.milestoneId ?? null},
      ${cycle.environment},
      ${cycle.createdBy}, ${cycle.source ?? 'manual'}, ${ci.branch}, ${ci.commit}, ${ci.buildUrl}, ${ci.buildNumber})
    returning id`,
  );
  return row!.id;
}

/**
 * The items a case makes in a cycle (docs/product/parameters.md): one per data row of its
 * parameters, numbered from 1, each keeping its row's values as the cycle takes them; else one
 * item with row 0. For `cross join` after a test_cases row aliased `c`.
 */
export const ITEM_ROWS_OF_CASE = sql`lateral (
  select n as parameter_row,
    case when n = 0 then null
      else jsonb_build_object('columns', c.parameters->'columns', 'values', c.parameters->'rows'->(n - 1)) end
      as parameter_values
  from generate_series(case when c.parameters is null then 0 else 1 end,
    coalesce(jsonb_array_length(c.parameters->'rows'), 0)) n
) r`;

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
    ), from_items as (
      select i.case_id, i.parameter_row from cycle_items i
        where i.cycle_id = ${pick.fromCycleId} and i.state = any(${sql.param(pick.fromStates)}::text[])
    ), item_rows as (
      select distinct on (case_id, parameter_row) * from (
        select c.id as case_id, c.suite_id, r.parameter_row, r.parameter_values
          from picked p join test_cases c on c.id = p.id cross join ${ITEM_ROWS_OF_CASE}
        union all
        -- Another cycle's item takes its own row again while the case still has it; an item of
        -- the case from before it had parameters takes every row.
        select c.id, c.suite_id, r.parameter_row, r.parameter_values
          from from_items f join test_cases c on c.id = f.case_id cross join ${ITEM_ROWS_OF_CASE}
          where f.parameter_row = 0 or r.parameter_row in (0, f.parameter_row)
      ) x order by case_id, parameter_row
    ), added as (
      -- Items are numbered suite by suite, so the cycle page's list (in item order) groups them.
      insert into cycle_items (cycle_id, case_id, parameter_row, parameter_values)
      select ${cycleId}, case_id, parameter_row, parameter_values from item_rows
      order by suite_id nulls last, case_id, parameter_row
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
      insert into cycle_items (cycle_id, case_id, parameter_row, parameter_values)
      select ${cycleId}, c.id, r.parameter_row, r.parameter_values
        from chosen join test_cases c on c.id = chosen.id cross join ${ITEM_ROWS_OF_CASE}
        order by c.id, r.parameter_row
      on conflict (cycle_id, case_id, parameter_row) do nothing
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
  /** The milestone and its name, together (null: none). */
  milestone?: { id: number; name: string } | null | undefined;
  environment?: string | null | undefined;
  state?: CycleState | undefined;
  /** CI facts of an imported cycle; a fact left undefined keeps its value. */
  ci?: Partial<NonNullable<NewCycle['ci']>> | undefined;
}

export async function updateCycleRow(tx: Tx, id: number, fields: CycleFields): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (fields.name !== undefined) sets.push(sql`name = ${fields.name}`);
  if (fields.description !== undefined) sets.push(sql`description = ${fields.description}`);
  if (fields.milestone !== undefined) {
    sets.push(
      sql`milestone_id = ${fields.milestone?.id ?? null}`,
      sql`milestone = ${fields.milestone?.name ?? null}`,
    );
  }
  if (fields.environment !== undefined) sets.push(sql`environment = ${fields.environment}`);
  const ci = fields.ci ?? {};
  if (ci.branch !== undefined) sets.push(sql`branch = ${ci.branch}`);
  if (ci.commit !== undefined) sets.push(sql`commit = ${ci.commit}`);
  if (ci.buildUrl !== undefined) sets.push(sql`build_url = ${ci.buildUrl}`);
  if (ci.buildNumber !== undefined) sets.push(sql`build_number = ${ci.buildNumber}`);
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

/**
 * Keeps the milestone text of a milestone's cycles equal to its name (docs/product/milestones.md):
 * after a rename the name, before a delete null with the link. Answers how many cycles changed.
 */
export async function setCyclesMilestone(
  tx: Tx,
  milestoneId: number,
  to: { name: string } | null,
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    to
      ? sql`update test_cycles set milestone = ${to.name} where milestone_id = ${milestoneId} returning id`
      : sql`update test_cycles set milestone = null, milestone_id = null where milestone_id = ${milestoneId} returning id`,
  );
  return rows.length;
}
