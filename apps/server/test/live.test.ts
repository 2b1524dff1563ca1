import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { authCacheOf } from '../src/modules/authz/auth-cache.ts';
import { addMember, createRole, createUser } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { countStatements } from './helpers/statements.ts';
import { createTestApp } from './helpers/test-app.ts';
import { startWorld, type TestApp, type TestUser, type Tree, type World } from './helpers/world.ts';

/**
 * docs/product/cycles.md, "Live": the event stream of a real server on a port, read as a browser
 * reads it, while other users record results; on PostgreSQL also through a second instance.
 */

interface Stream {
  events: { event: string; data: { kind: string; projects: number[]; cycles: number[] | null } }[];
  /** Resolves with the first event after `from` that `match` accepts, or rejects after `ms`. */
  next(match: (e: Stream['events'][number]) => boolean, ms?: number): Promise<Stream['events'][number]>;
  /** Resolves once the server ended the stream; rejects after `ms`. */
  ended(ms?: number): Promise<void>;
  close(): void;
}

async function openStream(base: string, token: string): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: Stream['events'] = [];
  const waiters = new Set<() => void>();
  let serverEnded = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) {
            events.push({ event, data: JSON.parse(data) });
            for (const wake of waiters) wake();
          }
          end = buffer.indexOf('\n\n');
        }
      }
      serverEnded = !controller.signal.aborted;
    } catch {
      // Closed.
    }
  })();
  return {
    events,
    next(match, ms = 3000) {
      const seen = events.length;
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(seen).find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events.slice(seen))}`));
        }, ms);
        waiters.add(check);
      });
    },
    ended(ms = 3000) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms);
      });
      return Promise.race([reading, late]).then(() => {
        clearTimeout(timer);
        expect(serverEnded).toBe(true);
      });
    },
    close: () => controller.abort(),
  };
}

/** Opens a stream that the server refuses: its status and message. */
async function refusedStream(base: string, token: string): Promise<{ status: number; message: string }> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  // An accepted stream never ends by itself.
  if (res.status === 200) {
    controller.abort();
    return { status: 200, message: '' };
  }
  return { status: res.status, message: ((await res.json()) as { message: string }).message };
}

/** What a committed write tells every instance, sent straight to the database. */
async function notifyChange(change: { kind: string; projects: number[]; cycles: number[] | null }) {
  await t.db.execute(sql`select pg_notify('verdict_changes', ${JSON.stringify(change)})`);
}

/** Lets the server see that streams closed (their sockets' close events). */
const aMoment = (ms = 200) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let base: string;
let w: World;
let tree: Tree;
let tester: TestUser;
let runsOnly: TestUser;
beforeAll(async () => {
  ({ t, w, tree, tester, runsOnly } = await startWorld({
    tree: true,
    members: { tester: ['home_test_cycle', 'execute_test_cycle'], runsOnly: ['home_test_run'] },
  }));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function cycleWithItem() {
  const cycle = expectStatus(
    await as(t, w.admin).post(`/api/projects/${w.project.id}/cycles`, {
      name: 'Live',
      case_ids: [tree.looseCaseId],
    }),
    201,
  ).cycle;
  const [item] = expectStatus(await as(t, w.admin).get(`/api/cycles/${cycle.id}/items`), 200).items;
  return { cycle, item };
}

describe('GET /api/events', () => {
  it('needs a signed-in user', async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
  });

  it('tells who sees the project of a recorded result, at once; cycles only to who may see them', async () => {
    const { cycle, item } = await cycleWithItem();
    const admin = await openStream(base, w.admin);
    const runs = await openStream(base, runsOnly.token);
    const outsider = await openStream(base, w.outsider.token);
    try {
      const cycleEvent = admin.next(
        (e) => e.data.kind === 'cycles' && (e.data.cycles ?? []).includes(cycle.id),
      );
      const runEvent = admin.next((e) => e.data.kind === 'runs');
      const runsOnlyEvent = runs.next((e) => e.data.kind === 'runs');
      expectStatus(
        await as(t, tester.token).post(`/api/cycle-items/${item.id}/results`, { state: 'failed' }),
        201,
      );
      expect((await cycleEvent).data).toEqual({
        kind: 'cycles',
        projects: [w.project.id],
        cycles: [cycle.id],
      });
      expect((await runEvent).data.projects).toEqual([w.project.id]);
      expect((await runsOnlyEvent).data.projects).toEqual([w.project.id]);
      // A JUnit import lands: its runs and its cycle.
      const imported = admin.next(
        (e) => e.data.kind === 'cycles' && !(e.data.cycles ?? []).includes(cycle.id),
      );
      const res = await t.request({
        method: 'POST',
        url: `/api/projects/${w.project.id}/import/junit`,
        token: w.admin,
        headers: { 'content-type': 'application/xml' },
        payload: '<testsuite name="live"><testcase name="a"/></testsuite>',
      });
      expect(res.statusCode).toBe(201);
      expect((await imported).data.cycles).toEqual([res.json().cycle.id]);
      // Give stray events time to arrive: none reached the outsider, no cycle event the runs-only member.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(outsider.events).toEqual([]);
      expect(runs.events.every((e) => e.data.kind === 'runs')).toBe(true);
    } finally {
      admin.close();
      runs.close();
      outsider.close();
    }
  });
});

describe('limits', () => {
  it('refuses a user more than 10 streams on one instance with 429; others still connect', async () => {
    const viewer = await createUser(t);
    await addMember(t, w.project.id, viewer.id, w.emptyRoleId);
    const streams = await Promise.all(Array.from({ length: 10 }, () => openStream(base, viewer.token)));
    try {
      const refused = await refusedStream(base, viewer.token);
      expect(refused.status).toBe(429);
      expect(refused.message).toBe(
        'You already have 10 live-update streams open on this server, the most allowed; close a tab or window of Verdict and try again',
      );
      const other = await openStream(base, runsOnly.token);
      other.close();
      // A closed stream frees its place.
      streams.pop()?.close();
      await aMoment();
      const again = await openStream(base, viewer.token);
      streams.push(again);
    } finally {
      for (const stream of streams) stream.close();
      await aMoment();
    }
  });

  it('refuses streams past the instance cap (LIVE_STREAMS_MAX) with 429', async () => {
    const small = await createTestApp({ LIVE_STREAMS_MAX: '3' });
    try {
      const smallBase = await small.app.listen({ port: 0, host: '127.0.0.1' });
      const admin = await small.login();
      const streams = [];
      for (let i = 0; i < 3; i++) streams.push(await openStream(smallBase, (await createUser(small)).token));
      const refused = await refusedStream(smallBase, admin);
      expect(refused.status).toBe(429);
      expect(refused.message).toBe(
        'This server already serves 3 live-update streams, the most it allows; try again in a minute',
      );
      for (const stream of streams) stream.close();
    } finally {
      await small.close();
    }
  });

  it('one change costs the same database statements for 2 streams as for 12', async () => {
    const role = await createRole(t, ['home_test_run']);
    const viewers = async (count: number) => {
      const list: TestUser[] = [];
      for (let i = 0; i < count; i++) {
        const user = await createUser(t);
        await addMember(t, w.project.id, user.id, role);
        list.push(user);
      }
      return list;
    };
    // Fresh users each round, so nothing is remembered of them from before.
    const statementsFor = async (users: TestUser[], perUser: number) => {
      const streams = await Promise.all(
        users.flatMap((user) => Array.from({ length: perUser }, () => openStream(base, user.token))),
      );
      try {
        // The memberships' own notifications are handled before counting starts.
        await authCacheOf(t.db)?.settle();
        await aMoment(50);
        return await countStatements(t, async () => {
          const change = { kind: 'runs', projects: [w.project.id], cycles: null };
          const arrived = streams.map((stream) => stream.next((e) => e.data.kind === 'runs'));
          await notifyChange(change);
          await Promise.all(arrived);
        });
      } finally {
        for (const stream of streams) stream.close();
        await aMoment();
      }
    };
    const few = await statementsFor(await viewers(2), 1);
    const many = await statementsFor(await viewers(4), 3);
    // The notification itself, then one read that answers for every connected user.
    expect(few).toBeLessThanOrEqual(2);
    expect(many).toBe(few);
  });
});

describe('a stream ends with its session', () => {
  for (const event of [
    'logout',
    'password change',
    'deactivation',
    'deletion',
    'revocation of its API token',
  ] as const) {
    it(`after a ${event}, the open stream ends and is sent no further change`, async () => {
      const password = 'the-stream-password-4';
      const created = expectStatus(
        await as(t, w.admin).post('/api/users/create', {
          username: `streamer-${event.replace(/\W/g, '-')}`,
          email: `streamer-${event.replace(/\W/g, '-')}@example.com`,
          password,
          roleIds: [],
        }),
        201,
      ).user;
      await addMember(t, w.project.id, created.id, w.emptyRoleId);
      const session = await t.login(created.email, password);
      const apiToken = expectStatus(await as(t, session).post('/api/api-tokens', { name: 'live' }), 201);
      const token = event === 'revocation of its API token' ? (apiToken.token as string) : session;
      const stream = await openStream(base, token);
      const change = { kind: 'runs', projects: [w.project.id], cycles: null };
      // The stream is live: it hears of a change.
      const first = stream.next((e) => e.data.kind === 'runs');
      await notifyChange(change);
      await first;
      const heard = stream.events.length;

      const edit = (changes: object) =>
        as(t, w.admin).put(`/api/users/edit/${created.id}`, {
          username: created.username,
          email: created.email,
          ...changes,
        });
      if (event === 'logout') expectStatus(await as(t, session).post('/api/auth/logout'), 200);
      if (event === 'password change')
        expectStatus(await edit({ password: 'another-stream-password-5' }), 200);
      if (event === 'deactivation') expectStatus(await edit({ status: 'inactive' }), 200);
      if (event === 'deletion')
        expectStatus(await as(t, w.admin).del(`/api/users/delete/${created.id}`), 200);
      if (event === 'revocation of its API token') {
        expectStatus(await as(t, session).del(`/api/api-tokens/${apiToken.apiToken.id}`), 200);
      }
      await notifyChange(change);
      await stream.ended();
      expect(stream.events.length).toBe(heard);
      // Opening it again is refused.
      expect((await refusedStream(base, token)).status).toBe(401);
    });
  }

  it('follows a change of global roles: a user who no longer sees a project is no longer told of it', async () => {
    const seesAll = await createRole(t, ['view_all_projects']);
    const watcher = await createUser(t, { roleIds: [seesAll] });
    const stream = await openStream(base, watcher.token);
    try {
      const change = { kind: 'runs', projects: [w.project.id], cycles: null };
      const first = stream.next((e) => e.data.kind === 'runs');
      await notifyChange(change);
      await first;
      const heard = stream.events.length;
      expectStatus(
        await as(t, w.admin).put(`/api/users/edit/${watcher.id}`, {
          username: watcher.username,
          email: watcher.email,
          roleIds: [],
        }),
        200,
      );
      await notifyChange(change);
      await aMoment(300);
      expect(stream.events.length).toBe(heard);
    } finally {
      stream.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('across server instances (PostgreSQL)', () => {
  it('a result recorded through one instance reaches a stream of the other', async () => {
    const database = await openDatabase({ url: t.url! });
    const other = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database });
    const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(otherBase, w.admin);
    try {
      const { cycle, item } = await cycleWithItem();
      const event = stream.next((e) => e.data.kind === 'cycles' && (e.data.cycles ?? []).includes(cycle.id));
      expectStatus(
        await as(t, tester.token).post(`/api/cycle-items/${item.id}/results`, { state: 'passed' }),
        201,
      );
      expect((await event).data.projects).toEqual([w.project.id]);
    } finally {
      stream.close();
      await other.close();
      await database.close();
    }
  });

  it('a sign-out or an API token revoked through one instance ends the streams on the other', async () => {
    const database = await openDatabase({ url: t.url! });
    const other = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database });
    const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const session = await t.login();
      const apiToken = expectStatus(await as(t, session).post('/api/api-tokens', { name: 'live' }), 201);
      const sessionStream = await openStream(otherBase, session);
      const tokenStream = await openStream(otherBase, apiToken.token);
      const change = { kind: 'runs', projects: [w.project.id], cycles: null };

      expectStatus(await as(t, session).del(`/api/api-tokens/${apiToken.apiToken.id}`), 200);
      await notifyChange(change);
      await tokenStream.ended();
      expect(tokenStream.events).toEqual([]);
      await sessionStream.next((e) => e.data.kind === 'runs');

      expectStatus(await as(t, session).post('/api/auth/logout'), 200);
      const heard = sessionStream.events.length;
      await notifyChange(change);
      await sessionStream.ended();
      expect(sessionStream.events.length).toBe(heard);
    } finally {
      await other.close();
      await database.close();
    }
  });
});
