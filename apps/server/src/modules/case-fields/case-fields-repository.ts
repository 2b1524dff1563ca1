import type { CaseField } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

const COLUMNS = sql`f.id, f.project_id, f.name, f.type, f.required, f.options, f.default_value as "default", f.position`;

/** A project's fields in the order the forms show them. */
export function listFields(db: Tx, projectId: number): Promise<CaseField[]> {
  return queryRows<CaseField>(
    db,
    sql`select ${COLUMNS} from case_fields f where f.project_id = ${projectId} order by f.position, f.id`,
  );
}

export async function findField(db: Tx, id: number, forUpdate = false): Promise<CaseField | null> {
  const [row] = await queryRows<CaseField>(
    db,
    sql`select ${COLUMNS} from case_fields f where f.id = ${id}${forUpdate ? sql` for update` : sql``}`,
  );
  return row ?? null;
}

export async function countFields(db: Tx, projectId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from case_fields where project_id = ${projectId}`,
  );
  return row?.n ?? 0;
}

export interface FieldValues {
  name: string;
  type: string;
  required: boolean;
  options: string[];
  default: unknown;
  position: number;
}

export async function insertField(db: Tx, projectId: number, field: FieldValues): Promise<CaseField> {
  const [row] = await queryRows<CaseField>(
    db,
    sql`insert into case_fields as f (project_id, name, type, required, options, default_value, position)
    values (${projectId}, ${field.name}, ${field.type}, ${field.required}, ${sql.param(field.options)}::text[],
      ${field.default === null ? null : JSON.stringify(field.default)}::jsonb, ${field.position})
    returning ${COLUMNS}`,
  );
  return row!;
}

export async function updateField(db: Tx, id: number, field: Omit<FieldValues, 'type'>): Promise<CaseField> {
  const [row] = await queryRows<CaseField>(
    db,
    sql`update case_fields as f set name = ${field.name}, required = ${field.required},
      options = ${sql.param(field.options)}::text[],
      default_value = ${field.default === null ? null : JSON.stringify(field.default)}::jsonb,
      position = ${field.position}
    where f.id = ${id}
    returning ${COLUMNS}`,
  );
  return row!;
}

/**
 * Deletes a field and removes its values from the project's cases in the same transaction
 * (their versions keep the values they had). Touches only the cases that hold a value.
 */
export async function deleteField(db: Tx, field: Pick<CaseField, 'id' | 'project_id'>): Promise<void> {
  await db.execute(sql`
    update test_cases set custom_fields = custom_fields - ${String(field.id)}
    where project_id = ${field.project_id} and custom_fields ? ${String(field.id)}`);
  await db.execute(sql`delete from case_fields where id = ${field.id}`);
}
