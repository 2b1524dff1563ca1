import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, migrationsFolder, queryRows } from './client.ts';

interface JournalEntry {
  tag: string;
  when: number;
}

/** This version's migrations, as drizzle-kit's journal lists them. */
export function journalMigrations(folder = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'));
  return (journal.entries as JournalEntry[]).map(({ tag, when }) => ({ tag, when }));
}

const UNDEFINED_TABLE = '42P01';

/**
 * The names of this version's migrations the database has not applied. Drizzle's migrator records
 * each applied one in drizzle.__drizzle_migrations with its journal time as `created_at`, and
 * decides by that time what to apply; so does this.
 */
export async function missingMigrations(db: Db, expected = journalMigrations()): Promise<string[]> {
  let applied: Set<number>;
  try {
    const rows = await queryRows<{ created_at: string | number }>(
      db,
      sql`select created_at from drizzle.__drizzle_migrations`,
    );
    applied = new Set(rows.map((row) => Number(row.created_at)));
  } catch (error) {
    // No table yet: nothing was ever migrated.
    if (!isUndefinedTable(error)) throw error;
    applied = new Set();
  }
  return expected.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag);
}

function isUndefinedTable(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNDEFINED_TABLE) return true;
  }
  return false;
}
