import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from '../lib/data-dir-lock.ts';
import { recordStatement } from '../lib/process-metrics.ts';
import { serverFile } from '../server-files.ts';
import { applyTriggerFiles } from './trigger-files.ts';
/** The database as repositories use it: statements and the query builder, no relational queries. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'embedded' | 'postgres';
  pool?: pg.Pool;
  /**
   * Calls `onMessage` for each NOTIFY on `channel`, and `onLive(true|false)` when delivery
   * starts or stops (the listening connection came up or was lost; it reconnects by itself).
   * Answers a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLive: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  /**
   * Embedded only: analyses and vacuums now the tables whose changes passed autovacuum's
   * thresholds (the worker also does this by itself every few seconds).
   */
  maintain?(): Promise<{ analyzed: string[]; vacuumed: string[] }>;
  /**
   * Whether the database can serve requests. A server is asked (`select 1`); the embedded
   * database answers from its thread's state, so a health check never waits in line behind a
   * long statement (one connection runs one statement at a time).
   */
  isAvailable(): Promise<boolean>;
  /** Embedded only: a full collection of the database thread's heap (lib/idle-collection.ts). */
  collect?(): Promise<void>;
  /** Embedded only: calls waiting for the database thread or running on it (for the metrics). */
  queueLength?(): number;
  close(): Promise<void>;
}

const RELISTEN_DELAY_MS = 1000;

/**
 * Times every statement of a pooled connection for the metrics (lib/process-metrics.ts): Drizzle
 * sends both plain statements and transactions through a pooled client's `query`, so wrapping it
 * when the pool opens the connection covers all of them at one place.
 */
function timeStatements(client: pg.PoolClient): void {
  const query = client.query as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
    const sentAt = performance.now();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = function (this: unknown, ...results: unknown[]) {
        recordStatement(sentAt);
        return callback.apply(this, results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) {
      const done = () => recordStatement(sentAt);
      result.then(done, done);
    }
    return result;
  };
}

/** LISTEN on a connection of its own (a pooled one would lose it), reconnecting when lost. */
function listenOnServer(url: string) {
  return async (channel: string, onMessage: (payload: string) => void, onLive: (live: boolean) => void) => {
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      retry = undefined;
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      const lost = () => {
        if (client !== next) return;
        client = null;
        onLive(false);
        next.end().catch(() => {});
        if (!stopped) retry = setTimeout(connect, RELISTEN_DELAY_MS).unref();
      };
      next.on('error', lost);
      next.on('end', lost);
      next.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      client = next;
      try {
        await next.connect();
        await next.query(`listen ${channel}`);
        if (stopped) throw new Error('stopped');
        onLive(true);
      } catch {
        lost();
      }
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      onLive(false);
      await last?.end().catch(() => {});
    };
  };
}

export const migrationsFolder = serverFile('db/migrations');

/** How many times a transaction PostgreSQL chose as a deadlock's victim is run in all. */
export const DEADLOCK_ATTEMPTS = 3;

/** PostgreSQL's deadlock_detected, possibly wrapped by Drizzle as the cause of its query error. */
function isDeadlock(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '40P01') return true;
  }
  return false;
}

/**
 * On a PostgreSQL server two writes can still wait on each other in a way the row-lock order
 * (db/row-locks.ts) does not cover, e.g. a result recorded on a child case while its parent is
 * being deleted. PostgreSQL then fails one of them with deadlock_detected; its documentation
 * advises running that transaction again, which then sees the other's outcome (a 404 for the
 * deleted case). Every transaction here only writes the database, so running it again is safe.
 */
export function retryDeadlocks(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const retrying = (...args: Parameters<Db['transaction']>) => runAgainOnDeadlock(() => transaction(...args));
  db.transaction = retrying as Db['transaction'];
  return db;
}

/**
 * Runs `work` (a transaction, or one statement in a transaction of its own) again when PostgreSQL
 * chose it as a deadlock's victim, up to DEADLOCK_ATTEMPTS times in all. A single statement, such
 * as a batch of recorded runs, rolls back whole when it fails, so running it again is safe.
 */
export async function runAgainOnDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}

/** Where the data lives: a PostgreSQL server when `url` is given, else PGlite in `dataDir`. */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir?: string | undefined;
  /** Embedded in memory only: a tarball of a database's files to start from (the tests' template). */
  loadDataDir?: string | undefined;
  /** Where the embedded database's own reports go (a failed maintenance run). */
  onLog?: ((message: string) => void) | undefined;
  /** Embedded only: how often the database looks for tables to analyse (tests set it). */
  maintainEveryMs?: number | undefined;
}): Promise<Database> {
  if (options.url) {
    // A server that does not answer makes a request fail (503) after 5 s rather than hang.
    // JIT off for this app's sessions: PostgreSQL prices a recursive tree walk at several passes
    // of its worst case, so walks of a few thousand rows were JIT-compiled on every call (15–400 ms
    // for a 20 ms query, measured on PostgreSQL 15 with 200,000 cases); short OLTP queries never
    // gain from it. A connection option, so it costs no statement per query.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 20,
      connectionTimeoutMillis: 5000,
      options: '-c jit=off',
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    pool.on('connect', timeStatements);
    const db = retryDeadlocks(drizzlePg({ client: pool }) as unknown as Db);
    // Health is asked on a connection of its own, so it does not wait in line behind a busy pool.
    const probe = new pg.Pool({ connectionString: options.url, max: 1, connectionTimeoutMillis: 5000 });
    probe.on('error', () => {});
    const isAvailable = () =>
      probe.query('select 1').then(
        () => true,
        () => false,
      );
    return {
      db,
      kind: 'postgres',
      pool,
      listen: listenOnServer(options.url),
      isAvailable,
      close: async () => {
        await probe.end().catch(() => {});
        await pool.end();
      },
    };
  }
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    // PGlite does not lock its directory; a second process on it would corrupt the data.
    release = lockDataDir(options.dataDir);
  }
  try {
    // The embedded database runs on a thread of its own (embedded-client.ts); loaded only here,
    // so a server on PostgreSQL never starts it.
    const [{ startEmbedded }, { drizzle: drizzlePglite }] = await Promise.all([
      import('./embedded-client.ts'),
      import('drizzle-orm/pglite'),
    ]);
    const client = await startEmbedded({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      onLog: options.onLog,
      maintainEveryMs: options.maintainEveryMs,
    });
    const db = drizzlePglite({ client: client as never }) as unknown as Db;
    const close = async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    };
    // A notification reaches the main thread before the statement that sent it returns.
    const listen = async (
      channel: string,
      onMessage: (payload: string) => void,
      onLive: (live: boolean) => void,
    ) => {
      const unlisten = await client.listen(channel, onMessage);
      onLive(true);
      return async () => {
        onLive(false);
        await unlisten().catch(() => {});
      };
    };
    return {
      db,
      kind: 'embedded',
      listen,
      close,
      maintain: () => client.maintain(),
      collect: () => client.collect(),
      queueLength: () => client.queueLength,
      isAvailable: async () => client.isAvailable(),
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Applies pending migrations, then the trigger files that changed (decision 240); an advisory lock
 * keeps concurrent starts from racing.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (!database.pool) {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await refuseUnreachableSchema(database.db);
    await migratePglite(database.db as never, { migrationsFolder });
    await applyTriggerFiles(database.db);
    // Written to the data files now, so a crash soon after start replays only what came after the
    // migrations, not all of them (a fresh data directory's first start writes the whole schema).
    await database.db.execute(sql`checkpoint`);
    return;
  }
  // The lock is held by one session, so the migration runs on that same connection.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(7261001)');
    const locked = drizzlePg({ client }) as unknown as Db;
    await refuseUnreachableSchema(locked);
    await migratePg(locked as never, { migrationsFolder });
    await applyTriggerFiles(locked);
  } finally {
    await client.query('select pg_advisory_unlock(7261001)').catch(() => {});
    client.release();
  }
}

/**
 * Refuses a database migrated part-way through the migrations that the baseline replaced
 * (decision 240): drizzle would take the baseline as pending and fail half-way through it.
 */
const REPLACED_CHAIN_END = 'migration 0035_case_updates_hash_joins';

async function refuseUnreachableSchema(db: Db): Promise<void> {
  const [exists] = await queryRows<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists?.found) return;
  const [applied] = await queryRows<{ last: string | null }>(
    db,
    sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  const baseline = journal.entries[0] as { when: number; tag: string };
  if (applied?.last == null || Number(applied.last) >= baseline.when) return;
  throw new Error(
    `The database's schema is older than this version of Verdict upgrades from: its newest migration is of ${new Date(Number(applied.last)).toISOString()}, and ${baseline.tag} stands for the migrations up to ${REPLACED_CHAIN_END}. Start a version of Verdict that still has ${REPLACED_CHAIN_END} on it once to finish its migrations, then start this one.`,
  );
}

/** Runs raw SQL and answers its rows; both drivers put them in `rows`. */
export async function queryRows<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
