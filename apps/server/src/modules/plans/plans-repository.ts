import type { PlanEntry, PlanSummary } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';
import { isoTime } from '../../lib/timestamps.ts';
import { type CycleCountColumns, countsOf } from '../cycles/cycle-count-columns.ts';

/**
 * SQL of test plans (docs/product/plans.md). Their totals are sums of the cycle_counts rows the
 * database keeps per cycle (db/triggers/cycle-counts.sql), read through test_cycles_plan_idx.
 */

/** A JSON value as either driver answers it: parsed already, or as text. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

interface PlanRow {
  id: number;
  project_id: number;
  milestone_id: number | null;
  name: string;
  description: string;
  creator_id: number | null;
  creator_username: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** The sums over its cycles, as one JSON object (a subquery per listed plan). */
  sums: (CycleCountColumns & { cycle_count: number }) | string;
}

function toPlan(row: PlanRow): PlanSummary {
  const sums = parsed(row.sums);
  return {
    id: row.id,
    project_id: row.project_id,
    milestone_id: row.milestone_id,
    name: row.name,
    description: row.description,
    // Null once the user is deleted (created_by keeps the id, as a cycle's does).
    creator:
      row.creator_id === null || row.creator_username === null
        ? null
        : { id: row.creator_id, username: row.creator_username },
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    cycle_count: Number(sums.cycle_count),
    totals: countsOf(sums),
  };
}

/**
 * The plans `where` picks, oldest first, each with the sums of its cycles' kept counts: its cycles
 * through test_cycles_plan_idx, whatever the project's other cycles.
 */
async function selectPlans(db: Tx, where: SQL): Promise<PlanSummary[]> {
  const rows = await queryRows<PlanRow>(
    db,
    sql`
    select p.id, p.project_id, p.milestone_id, p.name, p.description, p.created_by as creator_id,
      (select u.username from users u where u.id = p.created_by) as creator_username, p.created_at, p.updated_at,
      (select json_build_object('cycle_count', count(*), 'total', coalesce(sum(n.total), 0),
          'untested', coalesce(sum(n.untested), 0), 'passed', coalesce(sum(n.passed), 0),
          'failed', coalesce(sum(n.failed), 0), 'blocked', coalesce(sum(n.blocked), 0),
          'skipped', coalesce(sum(n.skipped), 0), 'retest', coalesce(sum(n.retest), 0))
        from test_cycles y join cycle_counts n on n.cycle_id = y.id
        where y.plan_id = p.id) as sums
    from test_plans p
    where ${where}
    order by p.id`,
  );
  return rows.map(toPlan);
}

export function listPlansOfProject(db: Tx, projectId: number): Promise<PlanSummary[]> {
  return selectPlans(db, sql`p.project_id = ${projectId}`);
}

export async function findPlan(db: Tx, id: number): Promise<PlanSummary | null> {
  const [plan] = await selectPlans(db, sql`p.id = ${id}`);
  return plan ?? null;
}

interface EntryRow {
  id: number;
  name: string | null;
  suite_ids: number[] | string;
  case_ids: number[] | string;
  all_cases: boolean;
  configuration_ids: number[] | string;
  assignee_id: number | null;
  cycle_ids: number[] | string;
}

/** A plan's entries in the order they were given, each with the ids of its cycles still in the plan. */
export async function listEntriesOfPlan(db: Tx, planId: number): Promise<PlanEntry[]> {
  const rows = await queryRows<EntryRow>(
    db,
    sql`
    select e.id, e.name, to_json(e.suite_ids) as suite_ids, to_json(e.case_ids) as case_ids, e.all_cases,
      to_json(e.configuration_ids) as configuration_ids, e.assignee_id,
      coalesce((select json_agg(y.id order by y.id) from test_cycles y
        where y.plan_id = ${planId} and y.plan_entry_id = e.id), '[]'::json) as cycle_ids
    from test_plan_entries e
    where e.plan_id = ${planId}
    order by e.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    suite_ids: parsed(row.suite_ids),
    case_ids: parsed(row.case_ids),
    all_cases: row.all_cases,
    configuration_ids: parsed(row.configuration_ids),
    assignee_id: row.assignee_id,
    cycle_ids: parsed(row.cycle_ids),
  }));
}

export interface PlanRef {
  id: number;
  project_id: number;
  name: string;
  milestone_id: number | null;
}

/** The plan's project, name and milestone, for access checks and locks. */
export async function findPlanRef(db: Tx, id: number, lock: RowLock = LOCK.none): Promise<PlanRef | null> {
  const [row] = await queryRows<PlanRef>(
    db,
    sql`select id, project_id, name, milestone_id from test_plans where id = ${id}${lock}`,
  );
  return row ?? null;
}

export async function insertPlan(
  tx: Tx,
  plan: {
    projectId: number;
    milestoneId: number | null;
    name: string;
    description: string;
    createdBy: number;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`
    insert into test_plans (project_id, milestone_id, name, description, created_by)
    values (${plan.projectId}, ${plan.milestoneId}, ${plan.name}, ${plan.description}, ${plan.createdBy})
    returning id`,
  );
  return row!.id;
}

export interface NewEntry {
  name: string | null;
  suiteIds: number[];
  caseIds: number[];
  allCases: boolean;
  configurationIds: number[];
  assigneeId: number | null;
}

/** The entries in the given order, in one statement; answers their ids in that order. */
export async function insertEntries(tx: Tx, planId: number, entries: NewEntry[]): Promise<number[]> {
  const rows = await queryRows<{ id: number; n: number }>(
    tx,
    sql`
    insert into test_plan_entries (plan_id, name, suite_ids, case_ids, all_cases, configuration_ids, assignee_id)
    select ${planId}, e.v->>'name', array(select jsonb_array_elements_text(e.v->'suite_ids')::int),
      array(select jsonb_array_elements_text(e.v->'case_ids')::int), (e.v->>'all_cases')::boolean,
      array(select jsonb_array_elements_text(e.v->'configuration_ids')::int), (e.v->>'assignee_id')::int
    from jsonb_array_elements(${JSON.stringify(
      entries.map((e) => ({
        name: e.name,
        suite_ids: e.suiteIds,
        case_ids: e.caseIds,
        all_cases: e.allCases,
        configuration_ids: e.configurationIds,
        assignee_id: e.assigneeId,
      })),
    )}::jsonb) with ordinality as e(v, n)
    order by e.n
    returning id`,
  );
  // Serial ids follow the order of the insert, so sorting them gives the entries' order.
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export interface PlanFields {
  name?: string | undefined;
  description?: string | undefined;
  milestoneId?: number | null | undefined;
}

export async function updatePlanRow(tx: Tx, id: number, fields: PlanFields): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (fields.name !== undefined) sets.push(sql`name = ${fields.name}`);
  if (fields.description !== undefined) sets.push(sql`description = ${fields.description}`);
  if (fields.milestoneId !== undefined) sets.push(sql`milestone_id = ${fields.milestoneId}`);
  await tx.execute(sql`update test_plans set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/** Deletes the plan and its entries; cycles still pointing at it are detached by their keys. */
export async function deletePlanRow(tx: Tx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`delete from test_plans where id = ${id} returning id`);
  return rows.length > 0;
}

export async function countCyclesOfPlan(db: Tx, planId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from test_cycles where plan_id = ${planId}`,
  );
  return row?.n ?? 0;
}
