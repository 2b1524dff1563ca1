import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from '../lib/data-dir-lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'embedded' | 'postgres';
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** Where the data lives: a PostgreSQL server when `url` is given, else PGlite in `dataDir`. */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir?: string | undefined;
}): Promise<Database> {
  if (options.url) {
    // A server that does not answer makes a request fail (503) after 5 s rather than hang.
    const pool = new pg.Pool({ connectionString: options.url, max: 20, connectionTimeoutMillis: 5000 });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    // PGlite does not lock its directory; a second process on it would corrupt the data.
    release = lockDataDir(options.dataDir);
  }
  try {
    const client = await PGlite.create(options.dataDir);
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    const close = async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    };
    return { db, kind: 'embedded', close };
  } catch (error) {
    release();
    throw error;
  }
}

/** Applies pending migrations; an advisory lock keeps concurrent starts from racing. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (!database.pool) {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  // The lock is held by one session, so the migration runs on that same connection.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(7261001)');
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(7261001)').catch(() => {});
    client.release();
  }
}

/** Runs raw SQL and answers its rows; both drivers put them in `rows`. */
export async function queryRows<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
