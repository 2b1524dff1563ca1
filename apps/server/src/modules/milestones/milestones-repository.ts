import type { Milestone, MilestoneState } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';
import { isoTime, isoTimeOrNull } from '../../lib/timestamps.ts';
import { type CycleCountColumns, countsOf } from '../cycles/cycle-count-columns.ts';

/**
 * SQL of milestones (docs/product/milestones.md). Their counts are sums of the cycle_counts rows
 * the database keeps per cycle (db/triggers/cycle-counts.sql), never counts of items.
 */

interface MilestoneRow extends CycleCountColumns {
  id: number;
  project_id: number;
  name: string;
  description: string;
  start_date: string | null;
  due_date: string | null;
  parent_id: number | null;
  state: MilestoneState;
  branch: string | null;
  completed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  cycles: number;
}

function toMilestone(row: MilestoneRow): Milestone {
  return {
    id: row.id,
    project_id: row.project_id,
    name: row.name,
    description: row.description,
    start_date: row.start_date,
    due_date: row.due_date,
    parent_id: row.parent_id,
    state: row.state,
    branch: row.branch,
    completed_at: isoTimeOrNull(row.completed_at),
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    counts: countsOf(row),
    cycles: row.cycles,
  };
}

/**
 * The milestones `where` picks, each with the counts of its cycles and its sub-milestones'
 * cycles: one pass over those cycles through test_cycles_milestone_idx, whatever the project's
 * other cycles. Dates are read as text so both drivers answer `YYYY-MM-DD`.
 */
async function selectMilestones(db: Tx, where: SQL): Promise<Milestone[]> {
  const rows = await queryRows<MilestoneRow>(
    db,
    sql`
    with listed as (select m.id from milestones m where ${where}),
    scope as (
      select l.id as milestone_id, l.id as member_id from listed l
      union all
      select s.parent_id, s.id from milestones s where s.parent_id in (select id from listed)
    ),
    sums as (
      select scope.milestone_id, count(*)::int as cycles, sum(n.total)::int as total,
        sum(n.untested)::int as untested, sum(n.passed)::int as passed, sum(n.failed)::int as failed,
        sum(n.blocked)::int as blocked, sum(n.skipped)::int as skipped, sum(n.retest)::int as retest
      from scope
      join test_cycles y on y.milestone_id = scope.member_id
      join cycle_counts n on n.cycle_id = y.id
      group by scope.milestone_id
    )
    select m.id, m.project_id, m.name, m.description, to_char(m.start_date, 'YYYY-MM-DD') as start_date,
      to_char(m.due_date, 'YYYY-MM-DD') as due_date, m.parent_id, m.state, m.branch, m.completed_at,
      m.created_at, m.updated_at, coalesce(s.cycles, 0) as cycles, coalesce(s.total, 0) as total,
      coalesce(s.untested, 0) as untested, coalesce(s.passed, 0) as passed, coalesce(s.failed, 0) as failed,
      coalesce(s.blocked, 0) as blocked, coalesce(s.skipped, 0) as skipped, coalesce(s.retest, 0) as retest
    from milestones m
    join listed l on l.id = m.id
    left join sums s on s.milestone_id = m.id
    order by m.id`,
  );
  return rows.map(toMilestone);
}

export function listMilestonesOfProject(db: Tx, projectId: number): Promise<Milestone[]> {
  return selectMilestones(db, sql`m.project_id = ${projectId}`);
}

export async function findMilestone(db: Tx, id: number): Promise<Milestone | null> {
  const [milestone] = await selectMilestones(db, sql`m.id = ${id}`);
  return milestone ?? null;
}

export interface MilestoneRef {
  id: number;
  project_id: number;
  parent_id: number | null;
  name: string;
}

/** The milestone's project, parent and name, for access checks, links and locks. */
export async function findMilestoneRef(
  db: Tx,
  id: number,
  lock: RowLock = LOCK.none,
): Promise<MilestoneRef | null> {
  const [row] = await queryRows<MilestoneRef>(
    db,
    sql`select id, project_id, parent_id, name from milestones where id = ${id}${lock}`,
  );
  return row ?? null;
}

/** The project's milestone of exactly this name. */
export async function findMilestoneByName(
  db: Tx,
  projectId: number,
  name: string,
): Promise<MilestoneRef | null> {
  const [row] = await queryRows<MilestoneRef>(
    db,
    sql`select id, project_id, parent_id, name from milestones where project_id = ${projectId} and name = ${name}`,
  );
  return row ?? null;
}

export async function countMilestones(db: Tx, projectId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from milestones where project_id = ${projectId}`,
  );
  return row?.n ?? 0;
}

export async function hasSubMilestones(db: Tx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from milestones where parent_id = ${id} limit 1`,
  );
  return rows.length > 0;
}

export interface MilestoneFields {
  name?: string | undefined;
  description?: string | undefined;
  startDate?: string | null | undefined;
  dueDate?: string | null | undefined;
  parentId?: number | null | undefined;
  state?: MilestoneState | undefined;
  branch?: string | null | undefined;
}

export async function insertMilestone(
  tx: Tx,
  values: Required<MilestoneFields> & { projectId: number; createdBy: number },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`
    insert into milestones (project_id, parent_id, name, description, start_date, due_date, state, branch,
      created_by, completed_at)
    values (${values.projectId}, ${values.parentId}, ${values.name}, ${values.description}, ${values.startDate}::date,
      ${values.dueDate}::date, ${values.state}, ${values.branch}, ${values.createdBy},
      ${values.state === 'completed' ? sql`now()` : sql`null`})
    returning id`,
  );
  return row!.id;
}

export async function updateMilestoneRow(tx: Tx, id: number, fields: MilestoneFields): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (fields.name !== undefined) sets.push(sql`name = ${fields.name}`);
  if (fields.description !== undefined) sets.push(sql`description = ${fields.description}`);
  if (fields.startDate !== undefined) sets.push(sql`start_date = ${fields.startDate}::date`);
  if (fields.dueDate !== undefined) sets.push(sql`due_date = ${fields.dueDate}::date`);
  if (fields.parentId !== undefined) sets.push(sql`parent_id = ${fields.parentId}`);
  if (fields.branch !== undefined) sets.push(sql`branch = ${fields.branch}`);
  if (fields.state !== undefined) {
    sets.push(sql`state = ${fields.state}`);
    // A completed milestone keeps the time it was first completed until it is reopened.
    sets.push(
      fields.state === 'completed'
        ? sql`completed_at = coalesce(completed_at, now())`
        : sql`completed_at = null`,
    );
  }
  await tx.execute(sql`update milestones set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/** Deletes the milestone; its sub-milestones become top-level ones (parent_id set null by the key). */
export async function deleteMilestoneRow(tx: Tx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`delete from milestones where id = ${id} returning id`);
  return rows.length > 0;
}
