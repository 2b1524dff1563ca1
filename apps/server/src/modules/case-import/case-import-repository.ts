import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

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
  steps: { action: string; expected: string }[];
  custom_fields: Record<string, unknown>;
  source_id: string | null;
}

/** One statement for a batch of cases, parents before children (one JSON parameter, whatever the size). */
export async function insertCaseBatch(tx: Tx, projectId: number, rows: CaseInsertRow[]): Promise<void> {
  await tx.execute(sql`
    insert into test_cases (id, project_id, suite_id, parent_id, name, description, preconditions, priority,
      tags, steps, custom_fields, source_id)
    select x.id, ${projectId}, x.suite_id, x.parent_id, x.name, x.description, x.preconditions, x.priority,
      x.tags, x.steps, x.custom_fields, x.source_id
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, suite_id int, parent_id int, name text,
      description text, preconditions text, priority text, tags text[], steps jsonb, custom_fields jsonb,
      source_id text)`);
}
