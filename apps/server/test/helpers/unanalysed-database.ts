import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type Db, migrateDatabase, migrationsFolder } from '../../src/db/client.ts';
import { applyTriggerFiles } from '../../src/db/trigger-files.ts';
import { openTestDatabase } from './test-app.ts';

/** The project tree's tables: what the tree and list plan tests read. */
export const TREE_TABLES = ['projects', 'suites', 'test_cases', 'test_runs', 'project_stats'] as const;

export interface UnanalysedDatabase {
  db: Db;
  close(): Promise<void>;
}

/**
 * A migrated database with no statistics, for plan tests: on a PostgreSQL server (DATABASE_URL)
 * with autovacuum off for `tables`, else PGlite itself on this thread (from the migrated copy
 * test/global-setup.ts made for the run), without the server's own maintenance, so nothing
 * analyses the tables behind the test's back.
 */
export async function openUnanalysedDatabase(
  tables: readonly string[] = TREE_TABLES,
): Promise<UnanalysedDatabase> {
  if (process.env.DATABASE_URL) {
    const { database, drop } = await openTestDatabase();
    await migrateDatabase(database);
    for (const table of tables) {
      await database.db.execute(sql.raw(`alter table ${table} set (autovacuum_enabled = false)`));
    }
    return {
      db: database.db,
      close: async () => {
        await database.close();
        await drop();
      },
    };
  }
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const migrated = process.env.VERDICT_TEST_MIGRATED_DATA;
  const client = await PGlite.create({
    extensions: { pg_trgm },
    ...(migrated ? { loadDataDir: new Blob([readFileSync(migrated)]) } : {}),
  });
  const db = drizzle({ client }) as unknown as Db;
  if (!migrated) {
    await migrate(db as never, { migrationsFolder });
    await applyTriggerFiles(db);
  }
  return { db, close: () => client.close() };
}

export interface UnanalysedDatabaseOptions {
  /** The tables kept from autovacuum on a server (the tree's by default). */
  tables?: readonly string[];
  /** The beforeAll's timeout, for a large seed. */
  timeout?: number;
}

/**
 * The test file's unanalysed database: opened in its beforeAll and handed to `seed` (which keeps
 * it and fills it), closed in its afterAll.
 */
export function useUnanalysedDatabase(
  seed: (db: Db) => Promise<void>,
  { tables, timeout }: UnanalysedDatabaseOptions = {},
): void {
  let database: UnanalysedDatabase | undefined;
  beforeAll(async () => {
    database = await openUnanalysedDatabase(tables);
    await seed(database.db);
  }, timeout);
  afterAll(() => database?.close());
}
