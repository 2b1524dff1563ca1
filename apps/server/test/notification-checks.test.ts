import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notifyEndedQuarantines,
  notifyMilestonesDue,
} from '../src/modules/notifications/notification-daily-checks.ts';
import { addMember, createProject, createRole, createUser, type TestUser } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { startAdminWorld, type TestApp } from './helpers/world.ts';

/**
 * docs/product/notifications.md, "What you are told of": a quarantine ending (ended by someone,
 * or by its date through the daily check) and a milestone due in two days with items not yet
 * tested (the daily check), each told once to the person decisions 246 and 247 name.
 */

let t: TestApp;
let admin: string;
let project: number;
let lead: TestUser;
let keeper: TestUser;

const api = (token = admin) => as(t, token);
const READ = ['home_project', 'home_test_suit', 'home_test_case', 'home_test_cycle', 'home_milestone'];

/** The UTC day `days` after today, as `YYYY-MM-DD`. */
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** Noon of that day, for a daily check run "then". */
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

async function inbox(user: TestUser) {
  return expectStatus(await api(user.token).get('/api/notifications?unread=true'), 200).items as {
    kind: string;
    title: string;
    link: string;
    actor: { username: string } | null;
  }[];
}

async function clear(user: TestUser) {
  expectStatus(await api(user.token).post('/api/notifications/read', { all: true }), 200);
}

async function newCase(name: string): Promise<number> {
  return expectStatus(await api().post(`/api/test-cases/project/${project}/create`, { name }), 201).testCase
    .id;
}

beforeAll(async () => {
  ({ t, admin } = await startAdminWorld());
  project = (await createProject(t, admin)).id;
  const keeperRole = await createRole(t, [
    ...READ,
    'quarantine_test_case',
    'add_milestone',
    'add_test_cycle',
  ]);
  lead = await createUser(t, { name: 'lead.checks' });
  keeper = await createUser(t, { name: 'keeper.checks' });
  await addMember(t, project, lead.id, keeperRole);
  await addMember(t, project, keeper.id, keeperRole);
});
afterAll(() => t.close());

describe('a quarantine ending', () => {
  it('tells who quarantined the case when someone else ends it, and not when they end it themselves', async () => {
    const caseId = await newCase('Pays by card');
    const quarantine = (token: string) =>
      api(token).put(`/api/test-cases/${caseId}/quarantine`, { reason: 'Race in the cart', until: null });
    expectStatus(await quarantine(keeper.token), 200);
    expectStatus(await api(lead.token).del(`/api/test-cases/${caseId}/quarantine`), 200);
    expect(await inbox(keeper)).toEqual([
      expect.objectContaining({
        kind: 'quarantine_ended',
        title: 'lead.checks ended the quarantine of case "Pays by card"',
        link: `/cases/${caseId}`,
        actor: expect.objectContaining({ username: 'lead.checks' }),
      }),
    ]);
    await clear(keeper);
    expectStatus(await quarantine(keeper.token), 200);
    expectStatus(await api(keeper.token).del(`/api/test-cases/${caseId}/quarantine`), 200);
    expect(await inbox(keeper)).toEqual([]);
  });

  it('tells of one that ended by its date once, from the daily check, and not again when ended by hand', async () => {
    const caseId = await newCase('Pays by bank');
    const until = dayAfter(1);
    expectStatus(
      await api(keeper.token).put(`/api/test-cases/${caseId}/quarantine`, { reason: 'Flaky bank', until }),
      200,
    );
    // Not ended yet today.
    await notifyEndedQuarantines(t.db);
    expect(await inbox(keeper)).toEqual([]);
    const then = noonOf(until);
    expect(await notifyEndedQuarantines(t.db, then)).toBe(1);
    expect(await notifyEndedQuarantines(t.db, noonOf(dayAfter(2)))).toBe(0);
    expect(await inbox(keeper)).toEqual([
      expect.objectContaining({
        kind: 'quarantine_ended',
        title: 'The quarantine of case "Pays by bank" ended',
        link: `/cases/${caseId}`,
        actor: null,
      }),
    ]);
    await clear(keeper);
    // Once its day has really begun, the check finds the same quarantine (told already), and ending
    // it by hand removes what had already ended: nobody is told twice.
    await t.db.execute(
      sql`update case_quarantines set until = ${dayAfter(0)}::date where case_id = ${caseId}`,
    );
    expect(await notifyEndedQuarantines(t.db)).toBe(0);
    expectStatus(await api(lead.token).del(`/api/test-cases/${caseId}/quarantine`), 200);
    expect(await inbox(keeper)).toEqual([]);
  });
});

describe('a milestone due in two days', () => {
  it('tells its creator once while items are untested, and not for one with nothing to test or further off', async () => {
    const due = dayAfter(3);
    const milestone = (name: string, due_date: string) =>
      api(keeper.token).post(`/api/projects/${project}/milestones`, { name, due_date });
    const soon = expectStatus(await milestone('Release 4', due), 201).milestone;
    const later = expectStatus(await milestone('Release 5', dayAfter(10)), 201).milestone;
    // Due as soon, but without cycles: nothing left to test.
    expectStatus(await milestone('Release 6', due), 201);
    const caseIds = [await newCase('Ships'), await newCase('Refunds')];
    for (const m of [soon, later]) {
      expectStatus(
        await api(keeper.token).post(`/api/projects/${project}/cycles`, {
          name: `Cycle of ${m.name}`,
          case_ids: caseIds,
          milestone_id: m.id,
        }),
        201,
      );
    }
    // Three days ahead: not yet.
    expect(await notifyMilestonesDue(t.db)).toBe(0);
    const twoDaysBefore = noonOf(dayAfter(1));
    expect(await notifyMilestonesDue(t.db, twoDaysBefore)).toBe(1);
    expect(await notifyMilestonesDue(t.db, noonOf(dayAfter(2)))).toBe(0);
    expect(await inbox(keeper)).toEqual([
      expect.objectContaining({
        kind: 'milestone_due',
        title: `Milestone "Release 4" is due on ${due} with 2 items not yet tested`,
        link: `/milestones/${soon.id}`,
        actor: null,
      }),
    ]);
    expect(await inbox(lead)).toEqual([]);
    await clear(keeper);
  });
});
