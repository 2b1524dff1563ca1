import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, migrateDatabase, openDatabase } from '../src/db/client.ts';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, openTestDatabase } from './helpers/test-app.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-restart-'));
let pgTarget: { url: string; drop(): Promise<void> } | undefined;

/** Opens the same database again each time, like a server restart does. */
async function open(): Promise<Database> {
  if (process.env.DATABASE_URL) {
    if (!pgTarget) {
      const { database, url, drop } = await openTestDatabase();
      await database.close();
      pgTarget = { url: url!, drop };
    }
    return openDatabase({ url: pgTarget.url });
  }
  return openDatabase({ dataDir });
}

async function start() {
  const database = await open();
  await migrateDatabase(database);
  await bootstrap(database.db, {
    adminEmail: ADMIN_EMAIL,
    adminName: 'admin',
    adminPassword: ADMIN_PASSWORD,
  });
  const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database });
  return {
    app,
    async stop() {
      await app.close();
      await database.close();
    },
  };
}

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await pgTarget?.drop();
});

describe('a restart', () => {
  it('keeps the data and the session, and a logout stays in force', async () => {
    const first = await start();
    const login = await first.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const token = login.json().token as string;
    const other = (
      await first.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      })
    ).json().token as string;
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/projects/create',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Survives restarts', description: 'kept on disk' },
    });
    expect(created.statusCode).toBe(201);
    await first.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${other}` },
    });
    await first.stop();

    const second = await start();
    try {
      const list = await second.app.inject({
        method: 'GET',
        url: '/api/projects/list',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().map((p: { name: string }) => p.name)).toContain('Survives restarts');
      const revoked = await second.app.inject({
        method: 'GET',
        url: '/api/projects/list',
        headers: { authorization: `Bearer ${other}` },
      });
      expect(revoked.statusCode).toBe(401);
      // A second start creates no second administrator and no second catalogue.
      const users = await second.app.inject({
        method: 'GET',
        url: '/api/users/list',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(users.json()).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});
