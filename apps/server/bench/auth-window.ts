/**
 * How long a second server instance keeps honouring a session or a permission after the first
 * one answered its sign-out or role change (each instance caches what authentication reads,
 * and learns of changes through PostgreSQL's NOTIFY).
 *
 * Starts two server processes on a fresh database of DATABASE_URL, then, TRIALS times each:
 * - signs in, warms the second instance's cache, signs out on the first, and asks the second
 *   again and again until it refuses: the window is the time from the first's answer to the
 *   start of the last request the second still accepted (0 when it refused at once);
 * - likewise takes a permission from a role on the first and asks the second until it refuses.
 * It also reports what the sign-out and the role change cost on the first instance.
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/auth-window.ts
 *   TRIALS=300 DATABASE_URL=postgres://… node --import tsx bench/auth-window.ts
 *
 * Kept out of the test suite on purpose: timings depend on the machine, tests must not.
 */
import pg from 'pg';
import { call, killHard, type ServerProcess, signIn, startServer } from '../test/helpers/server-process.ts';

const TRIALS = Number(process.env.TRIALS ?? 100);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL: two instances need a PostgreSQL server');

const name = `verdict_window_${process.pid}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create database ${name}`);
const target = new URL(url);
target.pathname = `/${name}`;

const servers: ServerProcess[] = [];
try {
  const one = await startServer({ DATABASE_URL: target.toString() });
  servers.push(one);
  const two = await startServer({ DATABASE_URL: target.toString() });
  servers.push(two);

  /** Asks `two` until `refused(status)`; answers the window in ms and how many were accepted. */
  async function windowAfter(answeredAt: number, token: string, refusedStatus: number) {
    let lastAccepted = -1;
    let accepted = 0;
    for (;;) {
      const sentAt = performance.now();
      const res = await call(two, 'GET', '/api/users/status-count', { token });
      if (res.status === refusedStatus) break;
      if (res.status !== 200) throw new Error(`unexpected ${res.status}`);
      accepted++;
      lastAccepted = sentAt - answeredAt;
      if (sentAt - answeredAt > 20_000) throw new Error('never refused');
    }
    return { window: Math.max(0, lastAccepted), accepted };
  }

  const report = (label: string, windows: number[], costs: number[], staleTrials: number) => {
    const sorted = [...windows].sort((a, b) => a - b);
    const cost = [...costs].sort((a, b) => a - b);
    const at = (xs: number[], q: number) => xs[Math.max(0, Math.ceil(q * xs.length) - 1)]!.toFixed(2);
    console.log(
      `${label}: ${staleTrials}/${windows.length} trials still accepted after the answer; ` +
        `window max ${at(sorted, 1)} ms, p99 ${at(sorted, 0.99)} ms; ` +
        `the change itself took median ${at(cost, 0.5)} ms, p99 ${at(cost, 0.99)} ms on the first instance`,
    );
  };

  {
    const windows: number[] = [];
    const costs: number[] = [];
    let stale = 0;
    for (let i = 0; i < TRIALS; i++) {
      const token = await signIn(one);
      if ((await call(two, 'GET', '/api/users/status-count', { token })).status !== 200)
        throw new Error('warm');
      const start = performance.now();
      const out = await call(one, 'POST', '/api/auth/logout', { token });
      const answeredAt = performance.now();
      if (out.status !== 200) throw new Error(`logout ${out.status}`);
      costs.push(answeredAt - start);
      const { window, accepted } = await windowAfter(answeredAt, token, 401);
      windows.push(window);
      if (accepted > 0) stale++;
    }
    report('sign-out', windows, costs, stale);
  }

  {
    const token = await signIn(one);
    const permissions = (await call(one, 'GET', '/api/permissions/list', { token })).body as {
      id: number;
      name: string;
    }[];
    const panel = permissions.find((p) => p.name === 'manage_admin_panel')!.id;
    const role = (
      await call(one, 'POST', '/api/roles/create', {
        token,
        body: { name: 'window watchers', description: 'd', permissionIds: [panel] },
      })
    ).body.role.id;
    const user = await call(one, 'POST', '/api/users/create', {
      token,
      body: {
        username: 'watcher',
        email: 'watcher@example.com',
        password: 'watcher-password-1',
        roleIds: [role],
      },
    });
    if (user.status !== 201) throw new Error(`user ${user.status} ${JSON.stringify(user.body)}`);
    const watcher = (
      await call(one, 'POST', '/api/auth/login', {
        body: { email: 'watcher@example.com', password: 'watcher-password-1' },
      })
    ).body.token;
    const windows: number[] = [];
    const costs: number[] = [];
    let stale = 0;
    for (let i = 0; i < TRIALS; i++) {
      const body = (permissionIds: number[]) => ({
        name: 'window watchers',
        description: 'd',
        permissionIds,
      });
      await call(one, 'PUT', `/api/roles/update/${role}`, { token, body: body([panel]) });
      while ((await call(two, 'GET', '/api/users/status-count', { token: watcher })).status !== 200) {}
      const start = performance.now();
      const out = await call(one, 'PUT', `/api/roles/update/${role}`, { token, body: body([]) });
      const answeredAt = performance.now();
      if (out.status !== 200) throw new Error(`role update ${out.status}`);
      costs.push(answeredAt - start);
      const { window, accepted } = await windowAfter(answeredAt, watcher, 403);
      windows.push(window);
      if (accepted > 0) stale++;
    }
    report('role change', windows, costs, stale);
  }
} finally {
  for (const server of servers) await killHard(server);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
