import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Db, migrateDatabase, openDatabase } from '../apps/server/src/db/client.ts';
import { bootstrap } from '../apps/server/src/modules/bootstrap/bootstrap.ts';

export interface ServerHandle {
  child: ChildProcess;
  url: string;
  /** Peak resident memory of the process so far, in MB (VmHWM). */
  peakMemoryMb(): number;
  metrics(): { eventLoopP99Ms: number; eventLoopMaxMs: number } | null;
  stop(): Promise<void>;
}

/**
 * `npm start` as package.json spells it: its environment settings (the memory allocator's) and
 * node's options, so a benchmark starts the server exactly as users do.
 */
export function npmStartCommand(): { args: string[]; env: Record<string, string> } {
  const root = path.resolve(import.meta.dirname, '..');
  const start: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const env: Record<string, string> = {};
  const args: string[] = [];
  for (const word of start.split(/\s+/)) {
    const setting = /^([A-Z_]+)=(.*)$/.exec(word);
    if (setting && args.length === 0) env[setting[1]!] = setting[2]!;
    else if (word !== 'node' || args.length > 0) args.push(word);
  }
  return { args, env };
}

export async function startProcess(
  args: string[],
  env: Record<string, string>,
  port: number,
  readyPath: string,
): Promise<ServerHandle> {
  const root = path.resolve(import.meta.dirname, '..');
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url + readyPath);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    child,
    url,
    peakMemoryMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const match = /VmHWM:\s+(\d+) kB/.exec(status);
      return match ? Number(match[1]) / 1024 : 0;
    },
    metrics() {
      const file = env.VERDICT_METRICS_FILE;
      if (!file || !existsSync(file)) return null;
      return JSON.parse(readFileSync(file, 'utf8'));
    },
    stop() {
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

/** The PostgreSQL server benchmarks make their databases on: DATABASE_URL, else the local one. */
export function postgresServerUrl(): string {
  return process.env.DATABASE_URL || 'postgres://root@localhost/postgres?host=/var/run/postgresql';
}

/** Where a benchmark's fresh database is: an embedded data directory, or a database on the server. */
export type SeedTarget = { dataDir?: string; url?: string };

/**
 * A seed for startOnFreshDatabase: the database migrated, with the administrator
 * (admin@example.com and `adminPassword`), then filled by the benchmark's own statements.
 */
export function seededWith(
  adminPassword: string,
  fill: (db: Db) => Promise<unknown>,
): (target: SeedTarget) => Promise<void> {
  return async (target) => {
    const database = await openDatabase(target);
    try {
      await migrateDatabase(database);
      await bootstrap(database.db, { adminEmail: 'admin@example.com', adminName: 'admin', adminPassword });
      await fill(database.db);
    } finally {
      await database.close();
    }
  };
}

/** A database of its own on the PostgreSQL server: its URL, its name and how to drop it. */
export async function createDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface FreshServerOptions {
  db: 'embedded' | 'postgres';
  /** A temporary directory: the embedded data directory goes in it. */
  work: string;
  /** What the PostgreSQL database's name starts with (a time follows). */
  prefix: string;
  /** The PostgreSQL server to make the database on (postgresServerUrl when not given). */
  serverUrl?: () => string;
  /** Fills the new database before the server starts. */
  seed: (target: SeedTarget) => Promise<void>;
  env: Record<string, string>;
  port: number;
}

/**
 * A server started as `npm start` starts it, on a database of its own: a new database on the
 * PostgreSQL server (which `drop` removes), or a new embedded data directory in `work`.
 */
export async function startOnFreshDatabase(
  options: FreshServerOptions,
): Promise<{ server: ServerHandle; drop: () => Promise<void> }> {
  const env = { ...options.env };
  let drop = async () => {};
  if (options.db === 'postgres') {
    const database = await createDatabase((options.serverUrl ?? postgresServerUrl)(), options.prefix);
    env.DATABASE_URL = database.url;
    await options.seed({ url: env.DATABASE_URL });
    drop = database.drop;
  } else {
    env.DATABASE_URL = '';
    env.DATA_DIR = path.join(options.work, 'data');
    await options.seed({ dataDir: env.DATA_DIR });
  }
  const start = npmStartCommand();
  const server = await startProcess(start.args, { ...start.env, ...env }, options.port, '/api/health');
  return { server, drop };
}
