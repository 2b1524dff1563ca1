import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { sendDailyDigests } from '../src/modules/notifications/notification-digest.ts';
import { addMember, createProject, createRole, createUser, type TestUser } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from './helpers/smtp-receiver.ts';
import { startAdminWorld, type TestApp } from './helpers/world.ts';

/**
 * docs/product/notifications.md, "E-mail" and "Daily digest": notification mails through a real
 * SMTP server on 127.0.0.1, their links, the one-click unsubscribe, and the digest.
 */

const PUBLIC = 'https://verdict.example.com';

let smtp: SmtpReceiver;
let t: TestApp;
let admin: string;
let projects: { id: number; name: string }[];
let items: number[][];
let cycles: number[];
let lead: TestUser;
let tester: TestUser;
let reader: TestUser;

const api = (token = admin) => as(t, token);
const READ = ['home_project', 'home_test_suit', 'home_test_case', 'home_test_cycle'];
const to = (user: TestUser) => (mail: ReceivedMail) => mail.to.includes(user.email);

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ({ t, admin } = await startAdminWorld({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Verdict <verdict@example.com>',
    PUBLIC_URL: PUBLIC,
    MAIL_RETRY_BASE_MS: '50',
  }));
  const leadRole = await createRole(t, [...READ, 'comment', 'edit_test_cycle']);
  lead = await createUser(t, { name: 'lead.one' });
  tester = await createUser(t, { name: 'tester.two' });
  reader = await createUser(t, { name: 'reader.three' });
  projects = [];
  items = [];
  cycles = [];
  for (const name of ['Alpha shop', 'Beta bank']) {
    const project = await createProject(t, admin, name);
    const caseId = expectStatus(
      await api().post(`/api/test-cases/project/${project.id}/create`, { name: 'Pay by card' }),
      201,
    ).testCase.id;
    const cycle = expectStatus(
      await api().post(`/api/projects/${project.id}/cycles`, { name: `${name} release`, case_ids: [caseId] }),
      201,
    ).cycle;
    projects.push({ id: project.id, name });
    cycles.push(cycle.id);
    items.push(
      expectStatus(await api().get(`/api/cycles/${cycle.id}/items`), 200).items.map(
        (i: { id: number }) => i.id,
      ),
    );
    for (const user of [lead, tester, reader]) await addMember(t, project.id, user.id, leadRole);
  }
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function mailRows(user: TestUser, kind: string) {
  return queryRows<{ id: number }>(
    t.db,
    sql`select id from mail_outbox where user_id = ${user.id} and kind = ${kind}`,
  );
}

/** The path and query of an absolute link, to call on the test app. */
const local = (href: string) => {
  const url = new URL(href);
  expect(url.origin).toBe(PUBLIC);
  return `${url.pathname}${url.search}`;
};

describe('e-mail now', () => {
  it('mails an assignment with a text and an HTML part, the link, and one-click unsubscribe headers', async () => {
    expectStatus(
      await api(lead.token).put(`/api/cycles/${cycles[0]}/assign`, {
        item_ids: items[0],
        assignee_id: tester.id,
      }),
      200,
    );
    const mail = await smtp.waitFor(to(tester));
    expect(mail.to).toEqual([tester.email]);
    expect(mail.subject).toBe('[Verdict] lead.one assigned you 1 item in cycle "Alpha shop release"');
    const link = `${PUBLIC}/cycles/${cycles[0]}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    const unsubscribe = /<(https:[^>]+)>/.exec(mail.header('list-unsubscribe') ?? '')?.[1];
    expect(unsubscribe).toMatch(/^https:\/\/verdict\.example\.com\/api\/notifications\/unsubscribe\?token=/);
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(unsubscribe);
    // The link's page exists in the web app (the cycle), and the API behind it answers the person.
    expectStatus(await api(tester.token).get(`/api/cycles/${cycles[0]}`), 200);
  });

  it('unsubscribes with one click: GET only shows, POST turns the kind off, then no more mail of it', async () => {
    const mail = smtp.received.find(to(tester))!;
    const unsubscribe = local(/<(https:[^>]+)>/.exec(mail.header('list-unsubscribe') ?? '')![1]!);
    const page = await t.request({ method: 'GET', url: unsubscribe });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Items assigned to you');
    expect(page.body).toContain('<form method="post"');
    // Looking is not unsubscribing (mail scanners open links).
    const before = expectStatus(await api(tester.token).get('/api/me/notification-settings'), 200);
    expect(before.settings).toContainEqual({ kind: 'assigned', channel: 'email' });

    const refused = await t.request({
      method: 'POST',
      url: unsubscribe,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'something=else',
    });
    expect(refused.statusCode).toBe(400);
    const forged = await t.request({
      method: 'POST',
      url: unsubscribe.replace(/.(?=$)/, (c) => (c === 'A' ? 'B' : 'A')),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('unsubscribe_link_invalid');

    const done = await t.request({
      method: 'POST',
      url: unsubscribe,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You will no longer get');
    const after = expectStatus(await api(tester.token).get('/api/me/notification-settings'), 200);
    expect(after.settings).toContainEqual({ kind: 'assigned', channel: 'off' });

    expectStatus(
      await api(lead.token).put(`/api/cycles/${cycles[1]}/assign`, {
        item_ids: items[1],
        assignee_id: tester.id,
      }),
      200,
    );
    expect(await mailRows(tester, 'notification_assigned')).toHaveLength(1);
    // Other kinds still come.
    expectStatus(
      await api(lead.token).post(`/api/cycle-items/${items[1]![0]}/comments`, {
        body: '@tester.two see this',
      }),
      201,
    );
    const mention = await smtp.waitFor(
      (m) =>
        to(tester)(m) &&
        m.subject === '[Verdict] lead.one mentioned you on an item of cycle "Beta bank release"',
    );
    expect(mention.text).toContain(`${PUBLIC}/cycle-items/${items[1]![0]}`);
  });

  it('mails the creator of a closed cycle who chose e-mail, and nobody who turned it off', async () => {
    expectStatus(
      await api().put('/api/me/notification-settings', {
        settings: [{ kind: 'cycle_closed', channel: 'email' }],
      }),
      200,
    );
    expectStatus(
      await api(reader.token).put('/api/me/notification-settings', {
        settings: [{ kind: 'mentioned', channel: 'off' }],
      }),
      200,
    );
    expectStatus(await api(lead.token).put(`/api/cycles/${cycles[0]}`, { state: 'closed' }), 200);
    const closed = await smtp.waitFor((m) => m.to.includes('admin@example.com'));
    expect(closed.subject).toBe('[Verdict] lead.one closed cycle "Alpha shop release"');
    expect(closed.text).toContain(`${PUBLIC}/cycles/${cycles[0]}`);
    expectStatus(
      await api(lead.token).post(`/api/cycle-items/${items[1]![0]}/comments`, {
        body: '@reader.three hello',
      }),
      201,
    );
    expect(await mailRows(reader, 'notification_mentioned')).toEqual([]);
    expect(expectStatus(await api(reader.token).get('/api/notifications'), 200).items).toEqual([]);
  });
});

describe('the daily digest', () => {
  it("groups a day's digest notifications by project and kind in one mail, once a day", async () => {
    expectStatus(
      await api(reader.token).put('/api/me/notification-settings', {
        settings: [
          { kind: 'mentioned', channel: 'digest' },
          { kind: 'replied', channel: 'digest' },
        ],
      }),
      200,
    );
    await api(reader.token).post(`/api/cycle-items/${items[0]![0]}/comments`, { body: 'Starting' });
    for (const [p, body] of [
      [0, '@reader.three first'],
      [0, '@reader.three second'],
      [1, '@reader.three third'],
    ] as const) {
      expectStatus(await api(lead.token).post(`/api/cycle-items/${items[p]![0]}/comments`, { body }), 201);
    }
    expectStatus(
      await api(tester.token).post(`/api/cycle-items/${items[0]![0]}/comments`, { body: 'Same here' }),
      201,
    );
    expect(await mailRows(reader, 'notification_mentioned')).toEqual([]);
    expect(await sendDailyDigests(t.db)).toBe(1);
    const digest = await smtp.waitFor((m) => to(reader)(m) && m.subject.includes('digest'));
    expect(digest.subject).toBe('[Verdict] Your daily digest: 4 notifications');
    const text = digest.text ?? '';
    const alpha = text.indexOf('== Alpha shop ==');
    const beta = text.indexOf('== Beta bank ==');
    expect(alpha).toBeGreaterThan(0);
    expect(beta).toBeGreaterThan(alpha);
    const alphaPart = text.slice(alpha, beta);
    expect(alphaPart).toContain('Mentions of you:');
    expect(alphaPart).toContain('Replies in threads you wrote in:');
    expect(alphaPart.match(/lead\.one mentioned you/g)).toHaveLength(2);
    expect(text.slice(beta)).toContain('lead.one mentioned you');
    expect(text).toContain(`${PUBLIC}/cycle-items/${items[0]![0]}`);
    expect(digest.header('list-unsubscribe')).toMatch(/unsubscribe\?token=\d+\.digest\./);
    // Once a day: another run sends nothing, and the inbox still holds them.
    expectStatus(
      await api(lead.token).post(`/api/cycle-items/${items[1]![0]}/comments`, {
        body: '@reader.three later',
      }),
      201,
    );
    expect(await sendDailyDigests(t.db)).toBe(0);
    expect(await mailRows(reader, 'notification_digest')).toHaveLength(1);
    expect(expectStatus(await api(reader.token).get('/api/notifications'), 200).unread).toBe(5);
    // The next day's digest takes what came after.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    expect(await sendDailyDigests(t.db, tomorrow)).toBe(1);
  });

  it('stops with the digest unsubscribe link', async () => {
    const digest = smtp.received.find((m) => to(reader)(m) && m.subject.includes('digest'))!;
    const link = local(/<(https:[^>]+)>/.exec(digest.header('list-unsubscribe') ?? '')![1]!);
    const done = await t.request({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    const settings = expectStatus(await api(reader.token).get('/api/me/notification-settings'), 200).settings;
    expect(settings).toContainEqual({ kind: 'mentioned', channel: 'off' });
    expect(settings).toContainEqual({ kind: 'replied', channel: 'off' });
    expect(settings).toContainEqual({ kind: 'milestone_due', channel: 'off' });
  });
});
