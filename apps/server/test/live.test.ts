import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import {
  addMember,
  as,
  createRole,
  createTree,
  createUser,
  createWorld,
  expectStatus,
  type TestUser,
  type Tree,
  type World,
} from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * docs/product/cycles.md, "Live": the event stream of a real server on a port, read as a browser
 * reads it, while other users record results; on PostgreSQL also through a second instance.
 */

interface Stream {
  events: { event: string; data: { kind: string; projects: number[]; cycles: number[] | null } }[];
  /** Resolves with the first event after `from` that `match` accepts, or rejects after `ms`. */
  next(match: (e: Stream['events'][number]) => boolean, ms?: number): Promise<Stream['events'][number]>;
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
  void (async () => {
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
    close: () => controller.abort(),
  };
}

let t: TestApp;
let base: string;
let w: World;
let tree: Tree;
let tester: TestUser;
let runsOnly: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  w = await createWorld(t);
  tree = await createTree(t, w.admin, w.project.id);
  tester = await createUser(t);
  await addMember(t, w.project.id, tester.id, await createRole(t, ['home_test_cycle', 'execute_test_cycle']));
  runsOnly = await createUser(t);
  await addMember(t, w.project.id, runsOnly.id, await createRole(t, ['home_test_run']));
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
});
