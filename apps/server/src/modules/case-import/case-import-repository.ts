import type { CaseParameters, CaseStep, CaseStepEntry } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';

/** Ids for `n` new cases, taken from the cases' sequence, so children can name parents before the insert. */
export async function allocateCaseIds(tx: Tx, n: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('test_cases', 'id'))::int as id from generate_series(1, ${n})`,
  );
  return rows.map((r) => r.id);
}

export interface CaseInsertRow {
  id: number;
  suite_id: number | null;
  parent_id: number | null;
  name: string;
  description: string;
  preconditions: string;
  priority: string;
  tags: string[];
  steps: CaseStepEntry[];
  custom_fields: Record<string, unknown>;
  source_id: string | null;
  parameters: CaseParameters | null;
}

/** One statement for a batch of cases, parents before children (one JSON parameter, whatever the size). */
export async function insertCaseBatch(tx: Tx, projectId: number, rows: CaseInsertRow[]): Promise<void> {
  await tx.execute(sql`
    insert into test_cases (id, project_id, suite_id, parent_id, name, description, preconditions, priority,
      tags, steps, custom_fields, source_id, parameters)
    select x.id, ${projectId}, x.suite_id, x.parent_id, x.name, x.description, x.preconditions, x.priority,
      x.tags, x.steps, x.custom_fields, x.source_id, x.parameters
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, suite_id int, parent_id int, name text,
      description text, preconditions text, priority text, tags text[], steps jsonb, custom_fields jsonb,
      source_id text, parameters jsonb)`);
}

export interface StepSet {
  id: number;
  name: string;
  steps: CaseStep[];
}

/**
 * The project's shared step sets with these names (ignoring case, as their unique index does),
 * each answered with the name the file wrote. A set's steps are `{action, expected}` only.
 */
export function setsNamed(
  tx: Tx,
  projectId: number,
  names: string[],
  lock: RowLock = LOCK.none,
): Promise<(StepSet & { asked: string })[]> {
  return queryRows(
    tx,
    sql`select x.asked, s.id, s.name, s.steps
    from unnest(${sql.param(names)}::text[]) as x(asked)
    join shared_step_sets s on s.project_id = ${projectId} and lower(s.name) = lower(x.asked)
    order by s.id${lock === LOCK.none ? lock : sql`${lock} of s`}`,
  );
}

/** The first step of each set of the project with at least `minSteps` steps (one step per set). */
export function setFirstSteps(
  tx: Tx,
  projectId: number,
  minSteps: number,
): Promise<{ id: number; first: CaseStep }[]> {
  return queryRows(
    tx,
    sql`select id, steps -> 0 as first from shared_step_sets
    where project_id = ${projectId} and jsonb_array_length(steps) >= ${minSteps}`,
  );
}

export function setsById(tx: Tx, projectId: number, ids: number[], lock: RowLock = LOCK.none) {
  return queryRows<StepSet>(
    tx,
    sql`select id, name, steps from shared_step_sets
    where project_id = ${projectId} and id = any(${`{${ids.join(',')}}`}::int[]) order by id${lock}`,
  );
}
