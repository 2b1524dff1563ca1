import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, migrateDatabase, openDatabase } from '../src/db/client.ts';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, openTestDatabase } from './helpers/test-app.ts';

/**
 * Two server instances on one PostgreSQL database, each with its own auth cache: a sign-out or
 * a role change answered by one is honoured by the other for the very next request, every time.
 * Both run in this process, so the second one's request is sent the moment the first answers,
 * with nothing in between to give its notification time to arrive. (PostgreSQL only: on the
 * embedded database a data directory has one server.)
 */

const TRIALS = 100;

interface Instance {
  app: FastifyInstance;
  database: Database;
}

let one: Instance;
let two: Instance;
let drop: () => Promise<void> = async () => {};

async function instance(database: Database): Promise<Instance> {
  const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database });
  await app.ready();
  return { app, database };
}

function call(on: Instance, method: InjectOptions['method'], url: string, token: string, payload?: object) {
  return on.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    await migrateDatabase(opened.database);
    await bootstrap(opened.database.db, {
      adminEmail: ADMIN_EMAIL,
      adminName: 'admin',
      adminPassword: ADMIN_PASSWORD,
    });
    one = await instance(opened.database);
    two = await instance(await openDatabase({ url: opened.url }));
  });

  afterAll(async () => {
    for (const it of [two, one]) {
      if (!it) continue;
      await it.app.close();
      await it.database.close();
    }
    await drop();
  });

  it(`a sign-out answered by one instance is refused by the other at once, ${TRIALS} of ${TRIALS} times`, {
    timeout: 120_000,
  }, async () => {
    const login = await one.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const adminId = login.json().user.id as number;
    const stillAccepted: number[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const token = one.app.tokens.sign(adminId, 0);
      // The second instance has the session in its cache.
      expect((await call(two, 'GET', '/api/users/status-count', token)).statusCode).toBe(200);
      expect((await call(one, 'POST', '/api/auth/logout', token)).statusCode).toBe(200);
      const after = await call(two, 'GET', '/api/users/status-count', token);
      if (after.statusCode !== 401) stillAccepted.push(trial);
    }
    expect(stillAccepted).toEqual([]);
  });

  it(`a permission taken from a role on one instance is refused by the other at once, and given back is granted at once, ${TRIALS} of ${TRIALS} times`, {
    timeout: 120_000,
  }, async () => {
    const adminLogin = await one.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const admin = adminLogin.json().token as string;
    const permissions = (await call(one, 'GET', '/api/permissions/list', admin)).json() as {
      id: number;
      name: string;
    }[];
    const panel = permissions.find((p) => p.name === 'manage_admin_panel')!.id;
    const role = (
      await call(one, 'POST', '/api/roles/create', admin, {
        name: 'panel watchers',
        description: 'reads the status counts',
        permissionIds: [panel],
      })
    ).json().role.id as number;
    const created = await call(one, 'POST', '/api/users/create', admin, {
      username: 'watcher',
      email: 'watcher@example.com',
      password: 'watcher-password-1',
      roleIds: [role],
    });
    expect(created.statusCode).toBe(201);
    const watcher = one.app.tokens.sign(created.json().user.id, 0);

    // The second instance has the watcher's permissions in its cache; each trial's last request
    // puts them back there.
    expect((await call(two, 'GET', '/api/users/status-count', watcher)).statusCode).toBe(200);
    const stale: string[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const taken = await call(one, 'PUT', `/api/roles/update/${role}`, admin, {
        name: 'panel watchers',
        description: 'reads the status counts',
        permissionIds: [],
      });
      expect(taken.statusCode).toBe(200);
      const refused = await call(two, 'GET', '/api/users/status-count', watcher);
      if (refused.statusCode !== 403) stale.push(`${trial}: taken but ${refused.statusCode}`);
      const given = await call(one, 'PUT', `/api/roles/update/${role}`, admin, {
        name: 'panel watchers',
        description: 'reads the status counts',
        permissionIds: [panel],
      });
      expect(given.statusCode).toBe(200);
      const granted = await call(two, 'GET', '/api/users/status-count', watcher);
      if (granted.statusCode !== 200) stale.push(`${trial}: given back but ${granted.statusCode}`);
    }
    expect(stale).toEqual([]);
  });
});
