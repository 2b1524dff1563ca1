import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, migrateDatabase, openDatabase, queryRows } from '../src/db/client.ts';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.ts';

/**
 * The embedded database has no autovacuum, so its worker keeps the planner's statistics fresh
 * itself (db/embedded-worker.mjs): at start for tables never analysed, and when a table's
 * changed rows pass autovacuum's threshold (50 + 10% of its rows); dead rows past 50 + 20% are
 * vacuumed. And it runs on a thread of its own, so a long statement never stops the server.
 */

const embedded = !process.env.DATABASE_URL;
const dirs: string[] = [];
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const NEVER = 1_000_000_000;

async function open(dataDir?: string, maintainEveryMs = NEVER) {
  const database = await openDatabase({ dataDir, maintainEveryMs });
  opened.push(database);
  await migrateDatabase(database);
  return database;
}

async function stats(database: Database, table: string) {
  const [row] = await queryRows<{ tuples: number; analyzed: boolean }>(
    database.db,
    sql`select c.reltuples::float8 as tuples,
      (s.last_analyze is not null or s.last_autoanalyze is not null) as analyzed
    from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = ${table}`,
  );
  return row!;
}

async function seed(database: Database, cases: number) {
  await database.db.execute(sql`
    insert into users (username, email, password_hash) values ('u', 'u@example.com', 'x')
    on conflict do nothing`);
  await database.db.execute(sql`
    insert into projects (name, description, created_by) values ('p', '', (select min(id) from users))`);
  await database.db.execute(sql`
    insert into test_cases (project_id, name, description)
    select (select max(id) from projects), 'case ' || g, '' from generate_series(1, ${cases}) g`);
}

/** Waits (bounded) until `check` holds; the worker does its part on its own clock. */
async function eventually(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never happened: ${what}`);
}

describe.skipIf(!embedded)('the embedded database keeps its statistics', () => {
  it('analyses a table once its changes pass the threshold, and only then', async () => {
    const database = await open();
    await seed(database, 1000);
    expect((await stats(database, 'test_cases')).tuples).toBeLessThan(0);
    const first = await database.maintain!();
    expect(first.analyzed).toContain('test_cases');
    expect((await stats(database, 'test_cases')).tuples).toBe(1000);

    // Nothing changed since: nothing to do.
    expect((await database.maintain!()).analyzed).not.toContain('test_cases');
    // 100 changed rows of 1,000 stay under 50 + 10% = 150.
    await database.db.execute(sql`update test_cases set description = 'x' where id <= 100`);
    expect((await database.maintain!()).analyzed).not.toContain('test_cases');
    // 100 more pass it.
    await database.db.execute(sql`update test_cases set description = 'y' where id > 900`);
    expect((await database.maintain!()).analyzed).toContain('test_cases');
  });

  it('vacuums a table once its dead rows pass the threshold', async () => {
    const database = await open();
    await seed(database, 1000);
    await database.maintain!();
    await database.db.execute(sql`delete from test_cases where id % 2 = 0`);
    const report = await database.maintain!();
    expect(report.vacuumed).toContain('test_cases');
    expect((await stats(database, 'test_cases')).tuples).toBe(500);
  });

  it('does it by itself, off the request path', async () => {
    const database = await open(undefined, 100);
    await seed(database, 500);
    await eventually(async () => (await stats(database, 'test_cases')).tuples === 500, 'analysed');
  });

  it('analyses at start the tables of a data directory that were never analysed', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-maintenance-'));
    dirs.push(dataDir);
    const first = await open(dataDir);
    await seed(first, 300);
    expect((await stats(first, 'test_cases')).tuples).toBeLessThan(0);
    await first.close();
    const again = await open(dataDir);
    await eventually(async () => (await stats(again, 'test_cases')).tuples === 300, 'analysed at start');
  });
});

describe.skipIf(!embedded)('a long statement on the embedded database', () => {
  it('does not stop the server: health answers while the statement runs', async () => {
    const database = await open();
    await bootstrap(database.db, {
      adminEmail: 'a@example.com',
      adminName: 'a',
      adminPassword: 'a-long-pass-1',
    });
    const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent-web-dist' }), database });
    await app.ready();
    try {
      const order: string[] = [];
      const slow = database.db.execute(sql`select pg_sleep(1.5)`).then(() => order.push('statement'));
      // Let the statement reach the database thread first.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      order.push('health');
      expect(health.statusCode).toBe(200);
      // The main thread kept turning while the statement ran: timers fired in between.
      let ticks = 0;
      const timer = setInterval(() => ticks++, 10);
      await slow;
      clearInterval(timer);
      expect(order).toEqual(['health', 'statement']);
      expect(ticks).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
