import { NOTIFICATION_DEFAULTS } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createProject, createRole, createUser, type TestUser } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { startAdminWorld, type TestApp } from './helpers/world.ts';

/**
 * docs/product/notifications.md: the inbox (assignment, mention, reply, cycle closed), paging,
 * marking read, who sees what, the settings without e-mail, the live signal and gate watching.
 */

let t: TestApp;
let admin: string;
let project: number;
let cycleId: number;
let itemIds: number[];
let lead: TestUser;
let tester: TestUser;
let other: TestUser;
let outsider: TestUser;

const api = (token = admin) => as(t, token);
const READ = ['home_project', 'home_test_suit', 'home_test_case', 'home_test_cycle'];

beforeAll(async () => {
  ({ t, admin } = await startAdminWorld());
  project = (await createProject(t, admin)).id;
  const caseIds: number[] = [];
  for (const name of ['Pay by card', 'Pay by bank', 'Refund']) {
    caseIds.push(
      expectStatus(await api().post(`/api/test-cases/project/${project}/create`, { name }), 201).testCase.id,
    );
  }
  const cycle = expectStatus(
    await api().post(`/api/projects/${project}/cycles`, { name: 'Release 3', case_ids: caseIds }),
    201,
  ).cycle;
  cycleId = cycle.id;
  itemIds = expectStatus(await api().get(`/api/cycles/${cycle.id}/items`), 200).items.map(
    (i: { id: number }) => i.id,
  );
  const leadRole = await createRole(t, [...READ, 'comment', 'edit_test_cycle']);
  const testerRole = await createRole(t, [...READ, 'comment']);
  lead = await createUser(t, { name: 'lead.one' });
  tester = await createUser(t, { name: 'tester.two' });
  other = await createUser(t, { name: 'other.three' });
  outsider = await createUser(t, { name: 'outsider.four' });
  await addMember(t, project, lead.id, leadRole);
  await addMember(t, project, tester.id, testerRole);
  await addMember(t, project, other.id, testerRole);
});
afterAll(() => t.close());

async function inbox(token: string, query = '') {
  return expectStatus(await api(token).get(`/api/notifications${query}`), 200);
}

async function comment(itemId: number, body: string, token: string) {
  return expectStatus(await api(token).post(`/api/cycle-items/${itemId}/comments`, { body }), 201).comment;
}

async function clear(...users: TestUser[]) {
  for (const user of users)
    expectStatus(await api(user.token).post('/api/notifications/read', { all: true }), 200);
}

describe('events', () => {
  it('tells a person they were mentioned, with a link to the item, once, and never the writer', async () => {
    const written = await comment(itemIds[0]!, '@tester.two please retest; @lead.one too', lead.token);
    const { items, unread, next } = await inbox(tester.token);
    expect(unread).toBe(1);
    expect(next).toBeNull();
    expect(items).toEqual([
      {
        id: expect.any(Number),
        kind: 'mentioned',
        title: 'lead.one mentioned you on an item of cycle "Release 3"',
        link: `/cycle-items/${itemIds[0]}#comments`,
        project: { id: project, name: expect.any(String) },
        actor: { id: lead.id, username: 'lead.one' },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        read: false,
      },
    ]);
    expect((await inbox(lead.token)).items).toEqual([]);
    // An edit tells only the people it adds.
    expectStatus(
      await api(lead.token).put(`/api/comments/${written.id}`, {
        body: '@tester.two please retest, and @other.three',
      }),
      200,
    );
    expect((await inbox(tester.token)).unread).toBe(1);
    expect((await inbox(other.token)).items.map((n: { kind: string }) => n.kind)).toEqual(['mentioned']);
    await clear(tester, other);
  });

  it('tells those who wrote in a thread of a reply, but not twice when also mentioned', async () => {
    await comment(itemIds[1]!, 'Fails on Safari', tester.token);
    await comment(itemIds[1]!, 'Same here', other.token);
    const tester1 = (await inbox(tester.token, '?unread=true')).items;
    expect(tester1.map((n: { kind: string; title: string }) => [n.kind, n.title])).toEqual([
      ['replied', 'other.three replied on an item of cycle "Release 3"'],
    ]);
    await clear(tester, other);
    await comment(itemIds[1]!, '@tester.two it is the card form', lead.token);
    expect((await inbox(tester.token, '?unread=true')).items.map((n: { kind: string }) => n.kind)).toEqual([
      'mentioned',
    ]);
    expect((await inbox(other.token, '?unread=true')).items.map((n: { kind: string }) => n.kind)).toEqual([
      'replied',
    ]);
    await clear(tester, other);
  });

  it('sends one notice per assignment action, not per item', async () => {
    expectStatus(
      await api(lead.token).put(`/api/cycles/${cycleId}/assign`, {
        item_ids: [itemIds[0], itemIds[1]],
        assignee_id: tester.id,
      }),
      200,
    );
    const { items } = await inbox(tester.token, '?unread=true');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'assigned',
      title: 'lead.one assigned you 2 items in cycle "Release 3"',
      link: `/cycles/${cycleId}`,
    });
    // Assigning to yourself tells nobody.
    expectStatus(
      await api(lead.token).put(`/api/cycles/${cycleId}/assign`, {
        item_ids: [itemIds[2]],
        assignee_id: lead.id,
      }),
      200,
    );
    expect((await inbox(lead.token)).items).toEqual([]);
    await clear(tester);
  });
});

describe('the inbox', () => {
  it('pages newest first with a cursor, filters unread, and marks read by id or all', async () => {
    for (let i = 0; i < 3; i++) await comment(itemIds[2]!, `@tester.two note ${i}`, lead.token);
    const first = await inbox(tester.token, '?limit=2&unread=true');
    expect(first.items).toHaveLength(2);
    expect(first.unread).toBe(3);
    expect(first.items[0].id).toBeGreaterThan(first.items[1].id);
    const second = await inbox(tester.token, `?limit=2&unread=true&cursor=${first.next}`);
    expect(second.items).toHaveLength(1);
    expect(second.next).toBeNull();
    // Someone else's ids are ignored.
    const notMine = expectStatus(
      await api(other.token).post('/api/notifications/read', { ids: [first.items[0].id] }),
      200,
    );
    expect(notMine).toMatchObject({ updated: 0 });
    const one = expectStatus(
      await api(tester.token).post('/api/notifications/read', { ids: [first.items[0].id] }),
      200,
    );
    expect(one).toMatchObject({ updated: 1, unread: 2 });
    expect((await inbox(tester.token)).items[0].read).toBe(true);
    const all = expectStatus(await api(tester.token).post('/api/notifications/read', { all: true }), 200);
    expect(all).toMatchObject({ message: 'Marked 2 notifications read', updated: 2, unread: 0 });
    expectStatus(await api(tester.token).post('/api/notifications/read', { all: false }), 400);
    expectStatus(await api(tester.token).get('/api/notifications?limit=101'), 400);
    expectStatus(await as(t).get('/api/notifications'), 401);
  });

  it('hides the notifications of a project the person no longer sees', async () => {
    await comment(itemIds[0]!, '@other.three look', lead.token);
    expect((await inbox(other.token)).unread).toBe(1);
    await t.db.execute(
      sql`delete from project_members where user_id = ${other.id} and project_id = ${project}`,
    );
    expect(await inbox(other.token)).toMatchObject({ items: [], unread: 0 });
    await addMember(t, project, other.id, await createRole(t, [...READ, 'comment']));
    expect((await inbox(other.token)).unread).toBe(1);
    await clear(other);
  });

  it('tells the creator when a cycle is closed', async () => {
    expectStatus(await api(lead.token).put(`/api/cycles/${cycleId}`, { state: 'closed' }), 200);
    const { items } = await inbox(admin);
    expect(items[0]).toMatchObject({
      kind: 'cycle_closed',
      title: 'lead.one closed cycle "Release 3"',
      link: `/cycles/${cycleId}`,
    });
    expectStatus(await api(lead.token).put(`/api/cycles/${cycleId}`, { state: 'open' }), 200);
  });
});

describe('settings without e-mail', () => {
  it('answers the defaults, saves in-app and off, and refuses e-mail choices', async () => {
    const got = expectStatus(await api(tester.token).get('/api/me/notification-settings'), 200);
    expect(got.mail_available).toBe(false);
    expect(got.digest_hour).toBe(7);
    expect(got.settings).toContainEqual({ kind: 'mentioned', channel: NOTIFICATION_DEFAULTS.mentioned });
    const refused = expectStatus(
      await api(tester.token).put('/api/me/notification-settings', {
        settings: [{ kind: 'mentioned', channel: 'email' }],
      }),
      400,
    );
    expect(refused.code).toBe('mail_off');
    const saved = expectStatus(
      await api(tester.token).put('/api/me/notification-settings', {
        settings: [{ kind: 'mentioned', channel: 'off' }],
      }),
      200,
    );
    expect(saved.settings).toContainEqual({ kind: 'mentioned', channel: 'off' });
    await comment(itemIds[0]!, '@tester.two are you there?', lead.token);
    expect((await inbox(tester.token)).unread).toBe(0);
    expectStatus(
      await api(tester.token).put('/api/me/notification-settings', {
        settings: [{ kind: 'mentioned', channel: 'in_app' }],
      }),
      200,
    );
    await comment(itemIds[0]!, '@tester.two now?', lead.token);
    expect((await inbox(tester.token)).unread).toBe(1);
    await clear(tester);
  });
});

describe('live', () => {
  it('signals only the notified person on the event stream', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const testerEvents = await openEvents(base, tester.token);
    const otherEvents = await openEvents(base, other.token);
    try {
      await comment(itemIds[0]!, '@tester.two live', lead.token);
      await testerEvents.waitFor('notifications');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(otherEvents.seen()).not.toContain('notifications');
    } finally {
      testerEvents.close();
      otherEvents.close();
    }
  });
});

describe('watching a gate', () => {
  it('is turned on and off by someone who sees the project, and hidden from others', async () => {
    expect(expectStatus(await api(tester.token).get(`/api/projects/${project}/watch`), 200)).toEqual({
      watching: false,
    });
    expectStatus(await api(tester.token).put(`/api/projects/${project}/watch`, { watching: true }), 200);
    expect(expectStatus(await api(tester.token).get(`/api/projects/${project}/watch`), 200).watching).toBe(
      true,
    );
    expectStatus(await api(outsider.token).put(`/api/projects/${project}/watch`, { watching: true }), 404);
    expectStatus(await api(outsider.token).get(`/api/projects/${project}/watch`), 404);
  });

  it('tells the watchers of new failures on a branch after an import, and not of failures already failing', async () => {
    await clear(tester, lead);
    expectStatus(await api(tester.token).put(`/api/projects/${project}/watch`, { watching: true }), 200);
    const report = (state: string) =>
      `<?xml version="1.0"?><testsuite name="Checkout" tests="2"><testcase classname="Checkout" name="Pays"/>` +
      `<testcase classname="Checkout" name="Refunds">${state}</testcase></testsuite>`;
    const importReport = async (xml: string, name: string) =>
      expectStatus(
        await t.request({
          method: 'POST',
          url: `/api/projects/${project}/import/junit?branch=main&name=${name}`,
          token: admin,
          headers: { 'content-type': 'application/xml' },
          payload: xml,
        }),
        201,
      ).cycle as { id: number };
    await importReport(report(''), 'Green');
    expect((await inbox(tester.token, '?unread=true')).unread).toBe(0);
    const red = await importReport(report('<failure message="refund refused"/>'), 'Red');
    const { items } = await inbox(tester.token, '?unread=true');
    expect(items).toMatchObject([
      {
        kind: 'gate_failure',
        title: '1 new failure on branch main in import "Red"',
        link: `/cycles/${red.id}`,
      },
    ]);
    // The lead does not watch; a failure that was already failing is not new.
    expect((await inbox(lead.token, '?unread=true')).unread).toBe(0);
    await clear(tester);
    await importReport(report('<failure message="still refused"/>'), 'Still red');
    expect((await inbox(tester.token, '?unread=true')).unread).toBe(0);
  });
});

/** The event names a stream sends, as a browser reads them. */
async function openEvents(base: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const names: string[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        for (const match of decoder.decode(chunk, { stream: true }).matchAll(/^event: (.+)$/gm)) {
          names.push(match[1]!);
        }
      }
    } catch {
      // Closed.
    }
  })();
  return {
    seen: () => [...names],
    async waitFor(name: string) {
      for (let i = 0; i < 200 && !names.includes(name); i++) await new Promise((r) => setTimeout(r, 25));
      expect(names).toContain(name);
    },
    close: () => controller.abort(),
  };
}
