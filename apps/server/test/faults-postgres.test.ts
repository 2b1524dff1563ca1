import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, migrateDatabase, openDatabase } from '../src/db/client.ts';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.ts';
import { freePort } from './helpers/server-process.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/test-app.ts';

/**
 * docs/security.md, "Faults": the PostgreSQL server goes away and comes back. This starts its
 * OWN throwaway cluster (initdb into a temporary directory, a private port and socket
 * directory), never the shared system cluster other suites use.
 */

const binDir = (() => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin/initdb')));
  versions.sort((a, b) => Number(a) - Number(b));
  return versions.length > 0 ? path.join(root, versions.at(-1)!, 'bin') : null;
})();

if (!binDir) {
  console.warn(
    'faults-postgres: PostgreSQL binaries (/usr/lib/postgresql/*/bin) are absent; the database-outage test is skipped.',
  );
}

let clusterDir: string | undefined;
let port = 0;

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root). */
function pgTool(tool: string, args: string[]): string {
  const command = path.join(binDir!, tool);
  if (process.getuid?.() === 0) {
    return execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function startCluster() {
  pgTool('pg_ctl', [
    '-D',
    path.join(clusterDir!, 'data'),
    '-l',
    path.join(clusterDir!, 'server.log'),
    '-o',
    `-p ${port} -k ${path.join(clusterDir!, 'socket')} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-w',
    'start',
  ]);
}

function stopCluster() {
  pgTool('pg_ctl', ['-D', path.join(clusterDir!, 'data'), '-m', 'fast', '-w', 'stop']);
}

afterAll(() => {
  if (!clusterDir) return;
  try {
    stopCluster();
  } catch {}
  rmSync(clusterDir, { recursive: true, force: true });
});

describe('the PostgreSQL server stops and comes back', () => {
  it.skipIf(!binDir)(
    'health answers 503, calls a clear 503 {message}, and the server recovers without a restart',
    { timeout: 180_000 },
    async () => {
      clusterDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-pg-fault-'));
      mkdirSync(path.join(clusterDir, 'socket'));
      if (process.getuid?.() === 0) {
        const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
        const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
        for (const dir of [clusterDir, path.join(clusterDir, 'socket')]) chownSync(dir, uid, gid);
      }
      port = await freePort();
      pgTool('initdb', ['-D', path.join(clusterDir, 'data'), '-U', 'postgres', '-A', 'trust', '--no-sync']);
      startCluster();

      let database: Database | undefined;
      try {
        database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/postgres` });
        await migrateDatabase(database);
        await bootstrap(database.db, {
          adminEmail: ADMIN_EMAIL,
          adminName: 'admin',
          adminPassword: ADMIN_PASSWORD,
        });
        const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database });
        const login = () =>
          app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
          });
        const token = (await login()).json().token as string;
        const auth = { authorization: `Bearer ${token}` };
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        expect(
          (await app.inject({ method: 'GET', url: '/api/projects/list', headers: auth })).statusCode,
        ).toBe(200);

        stopCluster();
        const unavailable = {
          message: 'The database is not available; try again shortly',
          code: 'unavailable',
        };
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect([health.statusCode, health.json()]).toEqual([
          503,
          { message: 'The database is not available', code: 'unavailable' },
        ]);
        for (const res of [
          await app.inject({ method: 'GET', url: '/api/projects/list', headers: auth }),
          await app.inject({
            method: 'POST',
            url: '/api/projects/create',
            headers: auth,
            payload: { name: 'during the outage' },
          }),
          await app.inject({ method: 'GET', url: '/api/testruns/stats', headers: auth }),
          await login(),
        ]) {
          expect([res.statusCode, res.json()]).toEqual([503, unavailable]);
        }

        startCluster();
        // The pool opens new connections by itself: no restart of the app.
        let healthy = 0;
        for (let i = 0; i < 100 && healthy !== 200; i++) {
          healthy = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
          if (healthy !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(healthy).toBe(200);
        expect(
          (await app.inject({ method: 'GET', url: '/api/projects/list', headers: auth })).statusCode,
        ).toBe(200);
        const created = await app.inject({
          method: 'POST',
          url: '/api/projects/create',
          headers: auth,
          payload: { name: 'after the outage' },
        });
        expect(created.statusCode).toBe(201);
        expect((await login()).statusCode).toBe(200);
        await app.close();
      } finally {
        await database?.close().catch(() => {});
      }
    },
  );
});
