import type { SavedSearch } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoText } from '../../db/iso-time.ts';

const COLUMNS = sql`s.id, s.project_id, s.name, s.q, ${isoText(sql`s.created_at`)} as created_at`;

export function listSavedSearches(db: Tx, userId: number, projectId: number): Promise<SavedSearch[]> {
  return queryRows<SavedSearch>(
    db,
    sql`select ${COLUMNS} from saved_searches s where s.user_id = ${userId} and s.project_id = ${projectId}
    order by lower(s.name), s.id`,
  );
}

export async function countSavedSearches(db: Tx, userId: number, projectId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from saved_searches where user_id = ${userId} and project_id = ${projectId}`,
  );
  return row?.n ?? 0;
}

export async function insertSavedSearch(
  db: Tx,
  row: { userId: number; projectId: number; name: string; q: string },
): Promise<SavedSearch> {
  const [saved] = await queryRows<SavedSearch>(
    db,
    sql`insert into saved_searches as s (user_id, project_id, name, q)
    values (${row.userId}, ${row.projectId}, ${row.name}, ${row.q}) returning ${COLUMNS}`,
  );
  return saved!;
}

/** Deletes one of the user's saved searches; false when they have none with that id. */
export async function deleteSavedSearch(db: Tx, userId: number, id: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`delete from saved_searches where id = ${id} and user_id = ${userId} returning id`,
  );
  return rows.length > 0;
}
