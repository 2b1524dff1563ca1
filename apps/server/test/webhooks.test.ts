import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_ROLE_NAME, WEBHOOK_EVENTS } from '@verdict/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, migrateDatabase, openDatabase, queryRows } from '../src/db/client.ts';
import { nextAttemptDelay } from '../src/lib/outbox-loop.ts';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.ts';
import { permissions } from '../src/modules/permissions/permissions-schema.ts';
import { PRIVATE_ADDRESS_REFUSAL } from '../src/modules/webhooks/webhook-address.ts';
import {
  PROJECT_IN_FLIGHT_MAX,
  pruneDeliveries,
} from '../src/modules/webhooks/webhook-deliveries-repository.ts';
import { addMember, createProject, createRole, createTree, createUser } from './helpers/fixtures.ts';
import { as, expectGuards, expectStatus } from './helpers/requests.ts';
import { countStatements } from './helpers/statements.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, openTestDatabase } from './helpers/test-app.ts';
import {
  freePort,
  type Received,
  type Receiver,
  startReceiver,
  verifySignature,
} from './helpers/webhook-receiver.ts';
import { startWorld, type TestApp, type World } from './helpers/world.ts';

/** docs/product/webhooks.md, against real HTTP receivers on 127.0.0.1. */

const SECRET = 'a-test-secret-of-some-length';
const ALLOW = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '100' };

let t: TestApp;
let w: World;
let receiver: Receiver;
beforeAll(async () => {
  ({ t, w } = await startWorld({ env: ALLOW }));
  receiver = await startReceiver({ secret: SECRET });
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const admin = () => as(t, w.admin);

async function addWebhook(projectId: number, body: object) {
  return expectStatus(await admin().post(`/api/projects/${projectId}/webhooks`, body), 201);
}

/** A project with a suite of cases, a webhook on every event to `receiver`, and an open cycle. */
async function fixture(extra: object = {}) {
  const project = await createProject(t, w.admin);
  const tree = await createTree(t, w.admin, project.id);
  const created = await addWebhook(project.id, {
    url: receiver.url,
    events: [...WEBHOOK_EVENTS],
    secret: SECRET,
    ...extra,
  });
  return { project, tree, webhook: created.webhook };
}

const ofProject = (projectId: number, event: string) => (r: Received) =>
  r.json.project.id === projectId && r.json.event === event;

/** The checks every delivery passes: signature over its time and exact body, and the replay headers. */
function expectSigned(r: Received, event: string) {
  expect(r.signed).toBe(true);
  const [, t] = /^t=(\d+),v1=[0-9a-f]{64}$/.exec(String(r.headers['x-verdict-signature'])) ?? [];
  expect(t).toBe(r.headers['x-verdict-timestamp']);
  expect(r.headers['content-type']).toBe('application/json');
  expect(r.headers['x-verdict-event']).toBe(event);
  expect(r.headers['x-verdict-delivery']).toMatch(/^\d+$/);
  const at = Number(r.headers['x-verdict-timestamp']);
  expect(Math.abs(Date.now() / 1000 - at)).toBeLessThan(60);
  expect(r.json).toMatchObject({ event, project: { id: expect.any(Number), name: expect.any(String) } });
  expect(r.json.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
}

async function openCycle(projectId: number) {
  const { cycle } = expectStatus(
    await admin().post(`/api/projects/${projectId}/cycles`, { name: 'Regression', all_cases: true }),
    201,
  );
  const { items } = expectStatus(await admin().get(`/api/cycles/${cycle.id}/items`), 200);
  return { cycle, items: items as { id: number }[] };
}

describe('endpoints', () => {
  it('creates with a generated secret shown once, lists and changes without it, deletes', async () => {
    const project = await createProject(t, w.admin);
    const created = await addWebhook(project.id, {
      url: receiver.url,
      events: ['cycle.created', 'cycle.created'],
    });
    expect(created.message).toBe('Webhook added');
    expect(created.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(created.webhook).toMatchObject({ url: receiver.url, events: ['cycle.created'], active: true });
    const listed = await admin().get(`/api/projects/${project.id}/webhooks`);
    expect(listed.body).not.toContain(created.secret);
    expect(expectStatus(listed, 200)).toEqual([{ ...created.webhook, last_delivery: null }]);

    const changed = expectStatus(
      await admin().put(`/api/webhooks/${created.webhook.id}`, {
        events: ['result.recorded'],
        failures_only: true,
      }),
      200,
    );
    expect(changed.webhook).toMatchObject({
      url: receiver.url,
      events: ['result.recorded'],
      failures_only: true,
    });
    expect(JSON.stringify(changed)).not.toContain(created.secret);

    expectStatus(await admin().del(`/api/webhooks/${created.webhook.id}`), 200);
    expectStatus(await admin().del(`/api/webhooks/${created.webhook.id}`), 404);
    expect(expectStatus(await admin().get(`/api/projects/${project.id}/webhooks`), 200)).toEqual([]);
  });

  it('refuses a bad body: unknown event, no event, short secret, not http(s)', async () => {
    const url = `/api/projects/${w.project.id}/webhooks`;
    for (const body of [
      { url: receiver.url, events: ['cycle.deleted'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['cycle.created'], secret: 'short' },
      { url: 'ftp://127.0.0.1/x', events: ['cycle.created'] },
      { url: 'not a url', events: ['cycle.created'] },
      { url: 'http://user:pw@127.0.0.1/x', events: ['cycle.created'] },
    ]) {
      expectStatus(await admin().post(url, body), 400);
    }
  });

  it('needs manage_webhooks in the project; others get 403, outsiders 404', async () => {
    const { webhook } = await addWebhook(w.project.id, { url: receiver.url, events: ['cycle.created'] });
    const calls = [
      { method: 'GET', url: `/api/projects/${w.project.id}/webhooks` },
      {
        method: 'POST',
        url: `/api/projects/${w.project.id}/webhooks`,
        payload: { url: receiver.url, events: ['cycle.created'] },
      },
      { method: 'PUT', url: `/api/webhooks/${webhook.id}`, payload: { active: false } },
      { method: 'GET', url: `/api/webhooks/${webhook.id}/deliveries` },
      { method: 'DELETE', url: `/api/webhooks/${webhook.id}` },
    ] as const;
    for (const call of calls) await expectGuards(t, w, { ...call, permission: 'manage_webhooks' });

    const manager = await createUser(t);
    await addMember(t, w.project.id, manager.id, await createRole(t, ['manage_webhooks']));
    expectStatus(await as(t, manager.token).get(`/api/projects/${w.project.id}/webhooks`), 200);
    expectStatus(await as(t, manager.token).put(`/api/webhooks/${webhook.id}`, { active: false }), 200);
  });

  it('reaches an existing database on the next start, granted to Administrator', async () => {
    await t.db.delete(permissions).where(eq(permissions.name, 'manage_webhooks'));
    const status = async () => (await admin().get(`/api/projects/${w.project.id}/webhooks`)).statusCode;
    await expect.poll(status).toBe(403);
    await bootstrap(t.db, { adminEmail: ADMIN_EMAIL, adminName: 'admin', adminPassword: ADMIN_PASSWORD });
    await expect.poll(status).toBe(200);
    const rows = await queryRows<{ name: string }>(
      t.db,
      sql`select r.name from roles r join role_permissions rp on rp.role_id = r.id
        join permissions p on p.id = rp.permission_id where p.name = 'manage_webhooks'`,
    );
    expect(rows.map((r) => r.name)).toContain(ADMIN_ROLE_NAME);
  });
});

describe('the audit log', () => {
  it('records adding, changing and deleting an endpoint, never its secret', async () => {
    const project = await createProject(t, w.admin);
    const { webhook } = await addWebhook(project.id, {
      url: receiver.url,
      events: ['cycle.created'],
      secret: 'a-secret-that-stays-out-of-the-log',
    });
    expectStatus(await admin().put(`/api/webhooks/${webhook.id}`, { active: false }), 200);
    expectStatus(await admin().del(`/api/webhooks/${webhook.id}`), 200);
    const entries = await queryRows<{
      action: string;
      summary: string;
      changes: unknown;
      project_id: number;
    }>(
      t.db,
      sql`select action, summary, changes, project_id from audit_log
        where entity_type = 'webhook' and entity_id = ${webhook.id} order by id`,
    );
    expect(entries.map((e) => [e.action, e.summary])).toEqual([
      ['create', `Created webhook "${receiver.url}"`],
      ['update', `Updated webhook "${receiver.url}": active`],
      ['delete', `Deleted webhook "${receiver.url}"`],
    ]);
    expect(entries.every((e) => e.project_id === project.id)).toBe(true);
    expect(entries[1]!.changes).toEqual({ active: { before: true, after: false } });
    expect(JSON.stringify(entries)).not.toContain('a-secret-that-stays-out-of-the-log');
  });
});

describe('deliveries', () => {
  it('sends each event, signed over the exact body, with delivery id and timestamp', async () => {
    const { project, tree } = await fixture();
    const { cycle, items } = await openCycle(project.id);
    const created = await receiver.waitFor(ofProject(project.id, 'cycle.created'));
    expectSigned(created, 'cycle.created');
    expect(created.json.id).toBe(Number(created.headers['x-verdict-delivery']));
    expect(created.json).toMatchObject({
      project: { id: project.id, name: project.name },
      data: { cycle: { id: cycle.id } },
    });

    expectStatus(
      await admin().post(`/api/cycle-items/${items[0]!.id}/results`, { state: 'failed', comment: 'broke' }),
      201,
    );
    const result = await receiver.waitFor(ofProject(project.id, 'result.recorded'));
    expectSigned(result, 'result.recorded');
    expect(result.json.data).toMatchObject({
      cycle: { id: cycle.id },
      item: { id: items[0]!.id },
      result: { state: 'failed', comment: 'broke' },
    });

    expectStatus(await admin().put(`/api/cycles/${cycle.id}`, { state: 'closed' }), 200);
    const closed = await receiver.waitFor(ofProject(project.id, 'cycle.closed'));
    expectSigned(closed, 'cycle.closed');
    expect(closed.json.data.cycle).toMatchObject({ id: cycle.id, state: 'closed' });

    expectStatus(await admin().put(`/api/test-cases/update/${tree.caseId}`, { name: 'renamed' }), 200);
    const changed = await receiver.waitFor(ofProject(project.id, 'case.changed'));
    expectSigned(changed, 'case.changed');
    expect(changed.json.data).toMatchObject({
      action: 'update',
      case_ids: [tree.caseId],
      test_case: { name: 'renamed' },
    });

    // Making and deleting a case are changes of cases too.
    const made = expectStatus(
      await admin().post(`/api/test-cases/project/${project.id}/create`, { name: 'made for the hook' }),
      201,
    );
    const madeId = made.testCase.id;
    const caseMade = await receiver.waitFor(
      (r) => ofProject(project.id, 'case.changed')(r) && r.json.data.action === 'create',
    );
    expectSigned(caseMade, 'case.changed');
    expect(caseMade.json.data).toMatchObject({
      case_ids: [madeId],
      test_case: { name: 'made for the hook' },
    });
    expectStatus(await admin().del(`/api/test-cases/delete/${madeId}`), 200);
    const deleted = await receiver.waitFor(
      (r) => ofProject(project.id, 'case.changed')(r) && r.json.data.action === 'delete',
    );
    expect(deleted.json.data).toEqual({ action: 'delete', case_ids: [madeId], affected: 1 });

    const ids = [tree.childId, tree.looseCaseId];
    expectStatus(
      await admin().post(`/api/projects/${project.id}/cases/bulk`, {
        selection: { ids },
        action: 'set_priority',
        priority: 'high',
      }),
      200,
    );
    const bulk = await receiver.waitFor(
      (r) => ofProject(project.id, 'case.changed')(r) && r.json.data.action === 'set_priority',
    );
    expectSigned(bulk, 'case.changed');
    expect(bulk.json.data).toMatchObject({ affected: 2, truncated: false });
    expect([...bulk.json.data.case_ids].sort()).toEqual([...ids].sort());
  });

  it('signs the time with the body: another time, or one over 5 minutes old, fails the check', async () => {
    const { project } = await fixture();
    await openCycle(project.id);
    const r = await receiver.waitFor(ofProject(project.id, 'cycle.created'));
    const header = String(r.headers['x-verdict-signature']);
    const t = Number(r.headers['x-verdict-timestamp']);
    expect(verifySignature(r.body, header, SECRET)).toBe(true);
    expect(verifySignature(r.body, header.replace(`t=${t}`, `t=${t + 1}`), SECRET)).toBe(false);
    expect(verifySignature(`${r.body} `, header, SECRET)).toBe(false);
    expect(verifySignature(r.body, header, SECRET, t + 301)).toBe(false);
  });

  it('an import sends its cycle and import.finished, not one event per result', async () => {
    const { project } = await fixture();
    const report =
      '<testsuite name="Checkout"><testcase classname="Checkout" name="pays"/>' +
      '<testcase classname="Checkout" name="refunds"><failure message="no">x</failure></testcase></testsuite>';
    const res = await t.request({
      method: 'POST',
      url: `/api/projects/${project.id}/import/junit?branch=main`,
      token: w.admin,
      payload: report,
      headers: { 'content-type': 'application/xml' },
    });
    const imported = expectStatus(res, 201);
    const finished = await receiver.waitFor(ofProject(project.id, 'import.finished'));
    expectSigned(finished, 'import.finished');
    expect(finished.json.data).toMatchObject({
      summary: { runsRecorded: 2 },
      cycle: { id: imported.cycle.id },
      gate: { branch: 'main', counts: expect.any(Object) },
    });
    const cycle = await receiver.waitFor(ofProject(project.id, 'cycle.created'));
    expect(cycle.json.data.cycle).toMatchObject({ id: imported.cycle.id, source: 'import' });
    expect(receiver.received.filter(ofProject(project.id, 'result.recorded'))).toEqual([]);
  });

  it('failures_only takes failed results only', async () => {
    const project = await createProject(t, w.admin);
    await createTree(t, w.admin, project.id);
    await addWebhook(project.id, {
      url: receiver.url,
      events: ['result.recorded'],
      failures_only: true,
      secret: SECRET,
    });
    const { items } = await openCycle(project.id);
    expectStatus(await admin().post(`/api/cycle-items/${items[0]!.id}/results`, { state: 'passed' }), 201);
    expectStatus(await admin().post(`/api/cycle-items/${items[1]!.id}/results`, { state: 'failed' }), 201);
    const failed = await receiver.waitFor(ofProject(project.id, 'result.recorded'));
    expect(failed.json.data.item.id).toBe(items[1]!.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.filter(ofProject(project.id, 'result.recorded'))).toHaveLength(1);
  });

  it('lists deliveries with code and timing, newest first and paged, and redelivers the same body', async () => {
    const { project, webhook } = await fixture();
    await addMember(t, project.id, w.member.id, w.emptyRoleId);
    await openCycle(project.id);
    await openCycle(project.id);
    const deliveries = async (query = '') =>
      expectStatus(await admin().get(`/api/webhooks/${webhook.id}/deliveries${query}`), 200);
    await expect
      .poll(async () => (await deliveries()).items.map((d: { state: string }) => d.state))
      .toEqual(['delivered', 'delivered']);
    const list = await deliveries();
    expect(list.total).toBe(2);
    expect(list.items[0].id).toBeGreaterThan(list.items[1].id);
    expect(list.items[0]).toMatchObject({
      event: 'cycle.created',
      attempts: 1,
      response_code: 200,
      response_ms: expect.any(Number),
      error: null,
      next_attempt_at: null,
      delivered_at: expect.any(String),
    });
    expect((await deliveries('?limit=1&offset=1')).items.map((d: { id: number }) => d.id)).toEqual([
      list.items[1].id,
    ]);
    const listed = expectStatus(await admin().get(`/api/projects/${project.id}/webhooks`), 200);
    expect(listed[0].last_delivery).toMatchObject({
      id: list.items[0].id,
      state: 'delivered',
      response_code: 200,
    });

    const first = list.items[1];
    const original = await receiver.waitFor((r) => r.headers['x-verdict-delivery'] === String(first.id));
    const again = expectStatus(await admin().post(`/api/webhook-deliveries/${first.id}/redeliver`), 201);
    expect(again.delivery).toMatchObject({ state: 'pending', event: 'cycle.created', attempts: 0 });
    const resent = await receiver.waitFor(
      (r) => r.headers['x-verdict-delivery'] === String(again.delivery.id),
    );
    expect(resent.signed).toBe(true);
    expect(resent.body).toBe(original.body);
    expectStatus(await admin().post('/api/webhook-deliveries/999999999/redeliver'), 404);
    expectStatus(await as(t, w.member.token).post(`/api/webhook-deliveries/${first.id}/redeliver`), 403);
    expectStatus(await as(t, w.outsider.token).post(`/api/webhook-deliveries/${first.id}/redeliver`), 404);
  });

  it('a failing receiver is retried with backoff, its answer code kept', async () => {
    const failing = await startReceiver({ secret: SECRET, status: 500 });
    try {
      const project = await createProject(t, w.admin);
      await createTree(t, w.admin, project.id);
      const { webhook } = await addWebhook(project.id, {
        url: failing.url,
        events: ['cycle.created'],
        secret: SECRET,
      });
      await openCycle(project.id);
      const latest = async () =>
        expectStatus(await admin().get(`/api/webhooks/${webhook.id}/deliveries`), 200).items[0];
      await expect.poll(async () => (await latest()).attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(await latest()).toMatchObject({
        state: 'pending',
        response_code: 500,
        error: 'The receiver answered 500',
        next_attempt_at: expect.any(String),
      });
      expect(failing.received.every((r) => r.signed)).toBe(true);
    } finally {
      await failing.close();
    }
  });

  it('a slow receiver does not slow the request that queued the delivery', async () => {
    const slow = await startReceiver({ secret: SECRET, delayMs: 5_000 });
    try {
      const project = await createProject(t, w.admin);
      await createTree(t, w.admin, project.id);
      await addWebhook(project.id, { url: slow.url, events: ['result.recorded'], secret: SECRET });
      const { items } = await openCycle(project.id);
      const started = Date.now();
      expectStatus(await admin().post(`/api/cycle-items/${items[0]!.id}/results`, { state: 'passed' }), 201);
      await slow.waitFor(ofProject(project.id, 'result.recorded'));
      // The receiver holds its answer for 5 s; the next requests are answered meanwhile.
      expectStatus(await admin().post(`/api/cycle-items/${items[1]!.id}/results`, { state: 'passed' }), 201);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await slow.close();
    }
  });
});

describe('fair deliveries', () => {
  /** Endpoints of a new project, one per path, on `target`, each taking cycle.created. */
  async function projectWithEndpoints(target: Receiver, count: number) {
    const project = await createProject(t, w.admin);
    await createTree(t, w.admin, project.id);
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const url = `${target.url}/${i}`;
      ids.push((await addWebhook(project.id, { url, events: ['cycle.created'], secret: SECRET })).webhook.id);
    }
    return { project, ids };
  }
  const removeAll = async (ids: number[]) => {
    for (const id of ids) expectStatus(await admin().del(`/api/webhooks/${id}`), 200);
  };

  it("a project whose four receivers hang does not hold up another project's delivery", async () => {
    const hanging = await startReceiver({ secret: SECRET, hang: true });
    const stuck = await projectWithEndpoints(hanging, 4);
    try {
      await openCycle(stuck.project.id);
      await expect.poll(() => hanging.received.length).toBeGreaterThanOrEqual(PROJECT_IN_FLIGHT_MAX);
      const { project } = await fixture();
      await openCycle(project.id);
      await receiver.waitFor(ofProject(project.id, 'cycle.created'));
      // It came while every attempt at the hanging receivers was still waiting for its answer.
      expect(hanging.cutOff).toBe(0);
      expect(hanging.received).toHaveLength(PROJECT_IN_FLIGHT_MAX);
    } finally {
      await removeAll(stuck.ids);
      await hanging.close();
    }
  });

  it('one endpoint has one delivery in flight at a time', async () => {
    const hanging = await startReceiver({ secret: SECRET, hang: true });
    const stuck = await projectWithEndpoints(hanging, 1);
    try {
      await openCycle(stuck.project.id);
      await openCycle(stuck.project.id);
      await expect.poll(() => hanging.received.length).toBe(1);
      // Another project's delivery, queued after both, arrives; the endpoint's second does not.
      const { project } = await fixture();
      await openCycle(project.id);
      await receiver.waitFor(ofProject(project.id, 'cycle.created'));
      expect(hanging.received).toHaveLength(1);
    } finally {
      await removeAll(stuck.ids);
      await hanging.close();
    }
  });

  it('an answer not complete within 5 s is a failed attempt, retried, even with status 200', async () => {
    const partial = await startReceiver({ secret: SECRET, partial: true });
    const stuck = await projectWithEndpoints(partial, 1);
    try {
      await openCycle(stuck.project.id);
      const latest = async () =>
        expectStatus(await admin().get(`/api/webhooks/${stuck.ids[0]}/deliveries`), 200).items[0];
      await expect.poll(async () => (await latest())?.error, { timeout: 20_000 }).toBeTruthy();
      expect(await latest()).toMatchObject({
        state: 'pending',
        response_code: 200,
        error: 'No complete answer within 5 s',
        delivered_at: null,
        next_attempt_at: expect.any(String),
      });
      expect(partial.cutOff).toBeGreaterThanOrEqual(1);
    } finally {
      await removeAll(stuck.ids);
      await partial.close();
    }
  }, 30_000);
});

describe('the delivery loop', () => {
  it('removes finished deliveries older than 30 days, never pending ones or newer ones', async () => {
    const { webhook } = await fixture({ active: false });
    // Ids grow with time, as they do when the rows are queued: the old rows get the smallest ones.
    // None is due, so the delivery loop leaves them alone while the test looks.
    const insert = (state: string, daysAgo: number, id?: number) =>
      queryRows<{ id: number }>(
        t.db,
        id === undefined
          ? sql`insert into webhook_deliveries (webhook_id, event, body, state, created_at, next_attempt_at)
              values (${webhook.id}, 'cycle.created', '{}', ${state}, now() - make_interval(days => ${daysAgo}), now() + interval '1 day')
              returning id`
          : sql`insert into webhook_deliveries (id, webhook_id, event, body, state, created_at, next_attempt_at)
              values (${id}, ${webhook.id}, 'cycle.created', '{}', ${state}, now() - make_interval(days => ${daysAgo}), now() + interval '1 day')
              returning id`,
      );
    const [oldDelivered] = await insert('delivered', 40, -3);
    const [oldFailed] = await insert('failed', 31, -2);
    const [waiting] = await insert('pending', 30, -1);
    const [recent] = await insert('delivered', 2);
    await pruneDeliveries(t.db);
    const left = await queryRows<{ id: number }>(
      t.db,
      sql`select id from webhook_deliveries where webhook_id = ${webhook.id} order by id`,
    );
    expect(left.map((row) => row.id)).toEqual([waiting!.id, recent!.id]);
    expect(left.map((row) => row.id)).not.toContain(oldDelivered!.id);
    expect(left.map((row) => row.id)).not.toContain(oldFailed!.id);
    await t.db.execute(sql`delete from webhook_deliveries where id = ${waiting!.id}`);
  });

  it('runs no statement while no delivery waits', async () => {
    const quiet = await createTestApp(ALLOW);
    try {
      await quiet.login(); // the app is ready: its loop has looked once
      await new Promise((resolve) => setTimeout(resolve, 200));
      const idle = await countStatements(quiet, () => new Promise((resolve) => setTimeout(resolve, 500)));
      expect(idle).toBe(0);
    } finally {
      await quiet.close();
    }
    // A database of its own: slow to make on a busy machine.
  }, 120_000);
});

describe('settings', () => {
  it('WEBHOOK_ALLOW_PRIVATE is false unless "true"; WEBHOOK_RETRY_BASE_MS is 30 s unless set', () => {
    expect(loadConfig({})).toMatchObject({ webhookAllowPrivate: false, webhookRetryBaseMs: 30_000 });
    expect(loadConfig(ALLOW)).toMatchObject({ webhookAllowPrivate: true, webhookRetryBaseMs: 100 });
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE must be true or false/,
    );
    expect(() => loadConfig({ WEBHOOK_RETRY_BASE_MS: '5' })).toThrow(/WEBHOOK_RETRY_BASE_MS must be/);
  });
});

describe('retry delays', () => {
  it('double from the base, ±20 %, up to an hour', () => {
    for (let i = 0; i < 50; i++) {
      expect(nextAttemptDelay(1, 30_000)).toBeGreaterThanOrEqual(24_000);
      expect(nextAttemptDelay(1, 30_000)).toBeLessThanOrEqual(36_000);
      expect(nextAttemptDelay(3, 30_000)).toBeGreaterThanOrEqual(96_000);
      expect(nextAttemptDelay(3, 30_000)).toBeLessThanOrEqual(144_000);
      expect(nextAttemptDelay(20, 30_000)).toBeLessThanOrEqual(72 * 60_000);
      expect(nextAttemptDelay(20, 30_000)).toBeGreaterThanOrEqual(48 * 60_000);
    }
  });
});

describe('addresses without WEBHOOK_ALLOW_PRIVATE', () => {
  let strict: TestApp;
  let token: string;
  let projectId: number;
  beforeAll(async () => {
    strict = await createTestApp();
    token = await strict.login();
    projectId = (await createProject(strict, token)).id;
  });
  afterAll(() => strict?.close());

  it('refuses loopback, private, link-local, unique-local, shared and mapped addresses with 400', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost/hook',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://192.168.1.10/',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://2130706433/',
    ]) {
      const res = await as(strict, token).post(`/api/projects/${projectId}/webhooks`, {
        url,
        events: ['cycle.created'],
      });
      const body = expectStatus(res, 400);
      expect(body.message, url).toMatch(/only public addresses are allowed|could not be resolved/);
    }
  });

  it('refuses every IPv6 form of a private, loopback or link-local address', async () => {
    for (const host of [
      '[::127.0.0.1]',
      '[::7f00:1]',
      '[::10.0.0.1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:169.254.169.254]',
      '[::ffff:0:127.0.0.1]',
      '[64:ff9b::127.0.0.1]',
      '[64:ff9b::10.1.2.3]',
      '[64:ff9b:1::7f00:1]',
      '[2002:7f00:1::]',
      '[2002:c0a8:101::1]',
      '[2001:0:4136:e378:8000:63bf:80ff:fffe]',
      '[fc00::1]',
      '[fd12:3456::1]',
      '[fe80::1]',
      '[febf::1]',
      '[fec0::1]',
      '[::]',
      '[::1]',
      '[0:0:0:0:0:0:0:1]',
    ]) {
      const res = await as(strict, token).post(`/api/projects/${projectId}/webhooks`, {
        url: `http://${host}/hook`,
        events: ['cycle.created'],
      });
      expect(expectStatus(res, 400).message, host).toBe(PRIVATE_ADDRESS_REFUSAL);
    }
  });

  it('says a name resolves to a private address without naming the address', async () => {
    const res = await as(strict, token).post(`/api/projects/${projectId}/webhooks`, {
      url: 'http://localhost:8080/hook',
      events: ['cycle.created'],
    });
    const body = expectStatus(res, 400);
    expect(body.message).toBe(PRIVATE_ADDRESS_REFUSAL);
    expect(res.body).not.toMatch(/127\.0\.0\.1|::1|loopback/);
  });

  it('checks the address again before each attempt: one that became private fails it', async () => {
    const project = await createProject(strict, token);
    await createTree(strict, token, project.id);
    const { webhook } = expectStatus(
      await as(strict, token).post(`/api/projects/${project.id}/webhooks`, {
        url: 'https://93.184.215.14/hook',
        events: ['cycle.created'],
      }),
      201,
    );
    // As if its host name now resolved to a loopback address (written past the check on save).
    await strict.db.execute(
      sql`update webhooks set url = 'http://[::127.0.0.1]:9/hook' where id = ${webhook.id}`,
    );
    expectStatus(
      await as(strict, token).post(`/api/projects/${project.id}/cycles`, { name: 'R', all_cases: true }),
      201,
    );
    const latest = async () =>
      expectStatus(await as(strict, token).get(`/api/webhooks/${webhook.id}/deliveries`), 200).items[0];
    await expect.poll(async () => (await latest())?.attempts ?? 0).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await latest()).error).toBeTruthy();
    expect(await latest()).toMatchObject({
      state: 'pending',
      response_code: null,
      error: PRIVATE_ADDRESS_REFUSAL,
    });
  });

  it('takes a public address, and refuses a change to a private one', async () => {
    const { webhook } = expectStatus(
      await as(strict, token).post(`/api/projects/${projectId}/webhooks`, {
        url: 'https://93.184.215.14/hook',
        events: ['cycle.created'],
      }),
      201,
    );
    const res = await as(strict, token).put(`/api/webhooks/${webhook.id}`, { url: 'http://127.0.0.1/hook' });
    expect(expectStatus(res, 400).message).toBe(PRIVATE_ADDRESS_REFUSAL);
  });
});

describe('a receiver that is down', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-webhooks-'));
  let pgTarget: { url: string; drop(): Promise<void> } | undefined;
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await pgTarget?.drop();
  });

  /** The same database each time, as a server restart opens it. */
  async function start() {
    let database: Database;
    if (process.env.DATABASE_URL) {
      if (!pgTarget) {
        const fresh = await openTestDatabase();
        await fresh.database.close();
        pgTarget = { url: fresh.url!, drop: fresh.drop };
      }
      database = await openDatabase({ url: pgTarget.url });
    } else {
      database = await openDatabase({ dataDir });
    }
    await migrateDatabase(database);
    await bootstrap(database.db, {
      adminEmail: ADMIN_EMAIL,
      adminName: 'admin',
      adminPassword: ADMIN_PASSWORD,
    });
    const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent', ...ALLOW }), database });
    await app.ready();
    return { app, database };
  }

  it('gets the delivery after it comes back, the server restarted in between', async () => {
    const port = await freePort();
    const first = await start();
    const login = await first.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      first.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const project = expectStatus(
      await call('POST', '/api/projects/create', { name: 'Down', description: '' }),
      201,
    ).project;
    expectStatus(await call('POST', `/api/test-cases/project/${project.id}/create`, { name: 'c' }), 201);
    const { webhook } = expectStatus(
      await call('POST', `/api/projects/${project.id}/webhooks`, {
        url: `http://127.0.0.1:${port}/hook`,
        events: ['cycle.created'],
        secret: SECRET,
      }),
      201,
    );
    const { cycle } = expectStatus(
      await call('POST', `/api/projects/${project.id}/cycles`, { name: 'C', all_cases: true }),
      201,
    );
    const latest = async () =>
      expectStatus(await call('GET', `/api/webhooks/${webhook.id}/deliveries`), 200).items[0];
    await expect
      .poll(async () => (await latest())?.attempts ?? 0, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    const failed = await latest();
    expect(failed).toMatchObject({
      state: 'pending',
      response_code: null,
      error: expect.stringMatching(/ECONNREFUSED/),
    });
    await first.app.close();
    await first.database.close();

    // The retry comes due by itself (WEBHOOK_RETRY_BASE_MS=100: seconds at most after a few attempts).
    const back = await startReceiver({ secret: SECRET, port });
    const second = await start();
    try {
      const arrived = await back.waitFor((r) => r.json.event === 'cycle.created', 20_000);
      expect(arrived.signed).toBe(true);
      expect(arrived.json).toMatchObject({ id: failed.id, data: { cycle: { id: cycle.id } } });
      await expect
        .poll(async () => {
          const [row] = await queryRows<{ state: string }>(
            second.database.db,
            sql`select state from webhook_deliveries where id = ${failed.id}`,
          );
          return row?.state;
        })
        .toBe('delivered');
    } finally {
      await back.close();
      await second.app.close();
      await second.database.close();
    }
    // Two openings of a database with its migrations: slow on a busy machine.
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  it('send each delivery once between them', async () => {
    const database = await openDatabase({ url: t.url! });
    const second = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent', ...ALLOW }), database });
    await second.ready();
    try {
      const { project, webhook } = await fixture({ events: ['result.recorded'] });
      const { items } = await openCycle(project.id);
      // Results recorded through both instances; either may send any of them.
      for (const [index, item] of items.entries()) {
        const app = index % 2 === 0 ? t.app : second;
        const res = await app.inject({
          method: 'POST',
          url: `/api/cycle-items/${item.id}/results`,
          headers: { authorization: `Bearer ${w.admin}` },
          payload: { state: 'failed' },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const mine = () => receiver.received.filter(ofProject(project.id, 'result.recorded'));
      await expect.poll(() => mine().length).toBe(items.length);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ids = mine().map((r) => r.headers['x-verdict-delivery']);
      expect(new Set(ids).size).toBe(items.length);
      expect(mine()).toHaveLength(items.length);
      const list = expectStatus(await admin().get(`/api/webhooks/${webhook.id}/deliveries`), 200);
      expect(list.items.map((d: { attempts: number; state: string }) => [d.state, d.attempts])).toEqual(
        items.map(() => ['delivered', 1]),
      );
    } finally {
      await second.close();
      await database.close();
    }
  }, 120_000);
});
