import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, type Db, migrateDatabase, openDatabase } from '../../src/db/client.ts';
import { authCacheOf } from '../../src/modules/authz/auth-cache.ts';
import { bootstrap } from '../../src/modules/bootstrap/bootstrap.ts';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-password-1';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** The PostgreSQL server's database of this app (undefined on the embedded database). */
  url?: string | undefined;
  /** Signs in and answers the token. */
  login(email?: string, password?: string): Promise<string>;
  /** inject with an optional bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A fresh database per test file: embedded PGlite in memory, or, when DATABASE_URL is set,
 * a new database on that PostgreSQL server that is dropped afterwards. `migrated`: a copy of
 * the migrated database that test/global-setup.ts made once for the run, instead of an empty one.
 */
export async function openTestDatabase(options: { migrated?: boolean } = {}): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = options.migrated
      ? process.env.VERDICT_TEST_MIGRATED_DATA
      : process.env.VERDICT_TEST_EMPTY_DATA;
    const database = await openDatabase({ loadDataDir: template });
    return { database, drop: async () => {} };
  }
  const name = `verdict_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = options.migrated ? process.env.VERDICT_TEST_TEMPLATE_DB : undefined;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  return {
    database,
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestApp> {
  const { database, drop, url } = await openTestDatabase({ migrated: true });
  await migrateDatabase(database);
  await bootstrap(database.db, {
    adminEmail: ADMIN_EMAIL,
    adminName: 'admin',
    adminPassword: ADMIN_PASSWORD,
  });
  const config = loadConfig({ WEB_DIST: '/nonexistent-web-dist', ...env });
  const app = await buildApp({ config, database, logger: options.logger });
  await app.ready();

  // Tests also change rows directly; on a PostgreSQL server the app hears of that through a
  // notification, so each request first waits for those to arrive (auth-cache.ts).
  const cache = authCacheOf(database.db);
  const request: TestApp['request'] = async ({ token, headers, ...options }) => {
    await cache?.settle();
    return app.inject({
      ...options,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };

  return {
    app,
    db: database.db,
    database,
    url,
    request,
    async login(email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
      const res = await request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
