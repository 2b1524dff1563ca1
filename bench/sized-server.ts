// What the feature benchmarks at size share (bench/search.ts, bulk.ts, insight.ts): a fresh
// database (embedded in a temporary data directory, or a new database on the PostgreSQL server of
// DATABASE_URL / scripts/ensure-postgres.sh), migrated, with the administrator, filled by the
// benchmark's own SQL before the server starts; then the server started as `npm start` starts it,
// and a signed-in token.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type ServerHandle, seededWith, startOnFreshDatabase } from './server-process.ts';

export type Db = 'embedded' | 'postgres';

export const ADMIN_EMAIL = 'admin@example.com';

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
export const round = (n: number) => Math.round(n * 10) / 10;

/** One API call with a bearer token, timed; throws on an error answer. The answer is the API's JSON. */
export async function apiCall(
  base: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ json: any; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return { json, ms: performance.now() - started };
}

/** One GET with a bearer token, its whole answer read, timed in ms; throws on an error answer. */
export async function timedGet(base: string, token: string, url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

/**
 * Results on cycle items, as a cycle's results pile up: `perItem` rounds, each a result on every
 * item `items` selects (its SQL, `count` items) in turn, with states, comments and durations that
 * vary; rounds go together in statements of about `chunk` results.
 */
export async function seedResultRounds(
  q: (text: string) => Promise<unknown>,
  items: { sql: string; count: number },
  perItem: number,
  chunk: number,
): Promise<void> {
  const roundsPerChunk = Math.max(1, Math.floor(chunk / items.count));
  for (let from = 1; from <= perItem; from += roundsPerChunk) {
    const to = Math.min(perItem, from + roundsPerChunk - 1);
    await q(`
      insert into cycle_results (item_id, state, comment, elapsed_ms, executed_by)
      select i.id, (array['passed', 'failed', 'blocked', 'skipped'])[1 + (g + i.id) % 4],
        'Checked on the staging build ' || g, 100 + g % 900, 1
      from (${items.sql}) i, generate_series(${from}, ${to}) g
      order by g, i.id`);
  }
}

/** `--db embedded|postgres|both` (embedded when absent). */
export function databasesOf(argv: string[]): Db[] {
  const at = argv.indexOf('--db');
  const db = at >= 0 ? argv[at + 1] : 'embedded';
  return db === 'both' ? ['embedded', 'postgres'] : [db as Db];
}

export interface SizedServer {
  server: ServerHandle;
  token: string;
  /** The administrator's (ADMIN_EMAIL's) password. */
  password: string;
  /** Stops the server and removes its database (`keep`: the PostgreSQL database stays). */
  close(options?: { keep?: boolean }): Promise<void>;
}

/**
 * A server on a database of its own, which `fill` loads with raw SQL (run as the administrator's
 * project 1 sees fit) after migrations and bootstrap.
 */
export async function startSized(options: {
  db: Db;
  /** Names the temporary directory and the PostgreSQL database. */
  name: string;
  fill: (q: (text: string) => Promise<unknown>) => Promise<void>;
  /** Ports from here to here + 99. */
  portBase: number;
  /** More of the server's environment (WEB_DIST, to serve a built web app). */
  env?: Record<string, string>;
}): Promise<SizedServer> {
  const password = `${options.name}-bench-admin-password`;
  const work = mkdtempSync(path.join(os.tmpdir(), `verdict-${options.name}-`));
  const { server, drop } = await startOnFreshDatabase({
    db: options.db,
    work,
    prefix: `verdict_${options.name}`,
    seed: seededWith(password, (db) => options.fill((text) => db.execute(sql.raw(text)))),
    env: {
      ADMIN_PASSWORD: password,
      VERDICT_SKIP_WEB_BUILD: '1',
      WEB_DIST: path.join(work, 'no-web'),
      ...options.env,
    },
    port: options.portBase + Math.floor(Math.random() * 100),
  });
  const close = async ({ keep = false } = {}) => {
    await server.stop();
    if (!keep) await drop();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password }),
    });
    const token = ((await login.json()) as { token: string }).token;
    return { server, token, password, close };
  } catch (error) {
    await close();
    throw error;
  }
}
