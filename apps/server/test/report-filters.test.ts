import type {
  CycleTrend,
  ErrorResponse,
  ImportResponse,
  TestReport,
  WorkloadReport,
} from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { csvRecords } from './helpers/csv.ts';
import { addMember, createRole, createUser, type TestUser } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * docs/product/reports.md, "Filters", "Workload" and "CSV": a history of an import and two
 * manual cycles of two milestones, executed by two testers on known days, then each report under
 * each filter, the workload per tester, the CSV downloads, and the refusals.
 */

let t: TestApp;
let admin: string;
let adminId: number;
let projectId: number;
let alice: TestUser;
let bob: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let importCycle: number;
let releaseOne: number;
let releaseTwo: number;

const base = () => `/api/projects/${projectId}/reports`;

async function get<T>(path: string, token = admin): Promise<T> {
  const res = await t.request({ method: 'GET', url: `${base()}/${path}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const trend = (query: string) => get<CycleTrend>(`cycles${query}`);
const slowest = (query: string) => get<TestReport>(`slowest-tests${query}`);
const failing = (query: string) => get<TestReport>(`failing-tests${query}`);
const workload = (query: string) => get<WorkloadReport>(`workload${query}`);

async function send(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) {
  const res = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** A manual cycle of every case, its items by case name. */
async function manualCycle(name: string, milestone: string) {
  const created = await send('POST', `/api/projects/${projectId}/cycles`, admin, {
    name,
    milestone,
    all_cases: true,
  });
  const items = (await send('GET', `/api/cycles/${created.cycle.id}/items`, admin)) as {
    items: { id: number; test_case: { name: string } }[];
  };
  const item = (caseName: string) => items.items.find((i) => i.test_case.name === caseName)!.id;
  return { id: created.cycle.id as number, item };
}

const record = (itemId: number, token: string, state: string, elapsed_ms: number) =>
  send('POST', `/api/cycle-items/${itemId}/results`, token, { state, elapsed_ms });

/** Moves a cycle and its results to a day (noon UTC), so the date filters have a history to cut. */
async function dateCycle(cycleId: number, day: string) {
  const at = `${day}T12:00:00Z`;
  await t.db.execute(sql`update test_cycles set created_at = ${at}::timestamptz where id = ${cycleId}`);
  await t.db.execute(sql`update cycle_results set created_at = ${at}::timestamptz
    where item_id in (select id from cycle_items where cycle_id = ${cycleId})`);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const [row] = await queryRows<{ id: number }>(t.db, sql`select id from users where username = 'admin'`);
  adminId = row!.id;
  projectId = (await send('POST', '/api/projects/create', admin, { name: 'Filtered reports' })).project.id;

  const imported = await t.request({
    method: 'POST',
    url: `/api/projects/${projectId}/import/junit?branch=main`,
    token: admin,
    payload:
      '<testsuite name="Reports"><testcase name="a" time="4"/><testcase name="b" time="1"/>' +
      '<testcase name="c" time="2"><failure message="c broke"/></testcase></testsuite>',
    headers: { 'content-type': 'application/xml' },
  });
  expect(imported.statusCode, imported.body).toBe(201);
  importCycle = (imported.json() as ImportResponse).cycle!.id;

  const testerRole = await createRole(t, ['home_test_cycle', 'execute_test_cycle']);
  alice = await createUser(t, { name: 'alice' });
  bob = await createUser(t, { name: 'Bob' });
  viewer = await createUser(t, { name: 'viewer' });
  outsider = await createUser(t, { name: 'outsider' });
  await addMember(t, projectId, alice.id, testerRole);
  await addMember(t, projectId, bob.id, testerRole);
  await addMember(t, projectId, viewer.id, await createRole(t, []));

  // Release one (milestone R1, January): a and b for alice, c for bob, who records nothing.
  const one = await manualCycle('Release one', 'R1');
  releaseOne = one.id;
  await send('PUT', `/api/cycles/${one.id}/assign`, admin, {
    item_ids: [one.item('a'), one.item('b')],
    assignee_id: alice.id,
  });
  await send('PUT', `/api/cycles/${one.id}/assign`, admin, {
    item_ids: [one.item('c')],
    assignee_id: bob.id,
  });
  await record(one.item('a'), alice.token, 'failed', 2000);
  await record(one.item('b'), alice.token, 'passed', 1000);
  await record(one.item('b'), alice.token, 'retest', 0); // still to do: not an outcome
  // Release two (milestone R2, February): a for bob, who fails it; alice passes c unassigned.
  const two = await manualCycle('Release two', 'R2');
  releaseTwo = two.id;
  await send('PUT', `/api/cycles/${two.id}/assign`, admin, {
    item_ids: [two.item('a')],
    assignee_id: bob.id,
  });
  await record(two.item('a'), bob.token, 'failed', 3000);
  await record(two.item('c'), alice.token, 'passed', 500);

  await dateCycle(releaseOne, '2026-01-10');
  await dateCycle(releaseTwo, '2026-02-10');
  await dateCycle(importCycle, '2026-03-10');
});
afterAll(() => t?.close());

const ids = (report: CycleTrend) => report.cycles.map((c) => c.id);
const names = (report: TestReport) => report.tests.map((x) => [x.name, x.results, x.failures, x.average_ms]);

describe('report filters', () => {
  it('keeps the answers without filters, and a range over everything counts as the kept figures', async () => {
    expect(ids(await trend(''))).toEqual([importCycle, releaseOne, releaseTwo]);
    for (const report of [slowest, failing]) {
      expect(await report('?from=2000-01-01')).toEqual(await report(''));
      expect(await report('?branch=main&to=2099-12-31')).toEqual(await report('?branch=main'));
    }
  });

  it('filters on the cycle milestone, empty meaning the cycles that name none', async () => {
    expect(ids(await trend('?milestone=R1'))).toEqual([releaseOne]);
    expect(ids(await trend('?milestone='))).toEqual([importCycle]);
    expect(ids(await trend('?milestone=r1'))).toEqual([]);
    expect(names(await failing('?milestone=R1'))).toEqual([['a', 1, 1, 2000]]);
    expect(names(await slowest('?milestone=R1'))).toEqual([
      ['a', 1, 1, 2000],
      ['b', 1, 0, 1000],
    ]);
    const report = await slowest('?milestone=R2&branch=');
    expect(report.branch).toBe('');
    expect(names(report)).toEqual([
      ['a', 1, 1, 3000],
      ['c', 1, 0, 500],
    ]);
  });

  it('filters on a milestone by id, its sub-milestones’ cycles included', async () => {
    const milestoneOf = async (cycleId: number) =>
      (await send('GET', `/api/cycles/${cycleId}`, admin)).milestone_id as number;
    const r1 = await milestoneOf(releaseOne);
    const r2 = await milestoneOf(releaseTwo);
    expect(ids(await trend(`?milestone_id=${r1}`))).toEqual([releaseOne]);
    expect(names(await failing(`?milestone_id=${r2}`))).toEqual([['a', 1, 1, 3000]]);
    await send('PUT', `/api/milestones/${r2}`, admin, { parent_id: r1 });
    try {
      expect(ids(await trend(`?milestone_id=${r1}`))).toEqual([releaseOne, releaseTwo]);
      expect(ids(await trend(`?milestone_id=${r2}`))).toEqual([releaseTwo]);
      expect(ids(await trend(`?milestone_id=${r1}&milestone=R2`))).toEqual([releaseTwo]);
    } finally {
      await send('PUT', `/api/milestones/${r2}`, admin, { parent_id: null });
    }
    expect(ids(await trend('?milestone_id=999999'))).toEqual([]);
  });

  it('filters cycles by creation day and results by the day they were recorded, both ends included', async () => {
    expect(ids(await trend('?from=2026-02-01&to=2026-02-28'))).toEqual([releaseTwo]);
    expect(ids(await trend('?to=2026-01-10'))).toEqual([releaseOne]);
    expect(ids(await trend('?from=2026-01-10&to=2026-01-10'))).toEqual([releaseOne]);
    expect(ids(await trend('?from=2026-01-10T12:00:00.001Z'))).toEqual([importCycle, releaseTwo]);
    expect(names(await failing('?from=2026-02-01&to=2026-02-28'))).toEqual([['a', 1, 1, 3000]]);
    expect(names(await failing('?from=2026-03-01'))).toEqual([['c', 1, 1, 2000]]);
  });

  it('filters on the tester who recorded the results', async () => {
    expect(ids(await trend(`?tester=${alice.id}`))).toEqual([releaseOne, releaseTwo]);
    expect(ids(await trend(`?tester=${bob.id}`))).toEqual([releaseTwo]);
    expect(names(await slowest(`?tester=${alice.id}`))).toEqual([
      ['a', 1, 1, 2000],
      ['b', 1, 0, 1000],
      ['c', 1, 0, 500],
    ]);
    expect(names(await failing(`?tester=${bob.id}`))).toEqual([['a', 1, 1, 3000]]);
    expect((await failing(`?tester=${alice.id}&branch=main`)).tests).toEqual([]);
    expect((await trend(`?tester=${viewer.id}`)).cycles).toEqual([]);
  });
});

describe('the workload report', () => {
  it("counts each user's assigned items by state and the results they recorded", async () => {
    expect((await workload('')).users).toEqual([
      { user_id: adminId, username: 'admin', assigned: 0, untested: 0, retest: 0, done: 0, results: 3 },
      { user_id: alice.id, username: 'alice', assigned: 2, untested: 0, retest: 1, done: 1, results: 4 },
      { user_id: bob.id, username: 'Bob', assigned: 2, untested: 1, retest: 0, done: 1, results: 1 },
    ]);
  });

  it('follows the filters: milestone, dates, branch and tester', async () => {
    const rows = async (query: string) =>
      (await workload(query)).users.map((u) => [u.username, u.assigned, u.untested, u.done, u.results]);
    expect(await rows('?milestone=R1')).toEqual([
      ['alice', 2, 0, 1, 3],
      ['Bob', 1, 1, 0, 0],
    ]);
    expect(await rows('?from=2026-02-01&to=2026-02-28')).toEqual([
      ['alice', 0, 0, 0, 1],
      ['Bob', 1, 0, 1, 1],
    ]);
    expect(await rows('?branch=main')).toEqual([['admin', 0, 0, 0, 3]]);
    expect(await rows(`?tester=${bob.id}`)).toEqual([['Bob', 2, 1, 1, 1]]);
    expect(await rows('?milestone=none')).toEqual([]);
  });
});

describe('CSV downloads', () => {
  async function csv(path: string) {
    const res = await t.request({ method: 'GET', url: `${base()}/${path}`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    return { disposition: res.headers['content-disposition'], rows: csvRecords(res.body) };
  }

  it('answers each report as CSV under the same filters, named by project and report', async () => {
    const cycles = await csv('cycles.csv?milestone=R1');
    expect(cycles.disposition).toBe(`attachment; filename="project-${projectId}-report-cycles.csv"`);
    expect(cycles.rows).toEqual([
      {
        cycle_id: String(releaseOne),
        name: 'Release one',
        branch: '',
        source: 'manual',
        created_at: '2026-01-10T12:00:00.000Z',
        total: '3',
        untested: '1',
        passed: '0',
        failed: '1',
        blocked: '0',
        skipped: '0',
        retest: '1',
        pass_rate: '0',
        duration_ms: '2000',
        flaky_count: '',
      },
    ]);

    const failingCsv = await csv(`failing-tests.csv?tester=${bob.id}`);
    expect(failingCsv.disposition).toContain(`project-${projectId}-report-failing-tests.csv`);
    expect(failingCsv.rows).toEqual([
      {
        case_id: expect.any(String),
        name: 'a',
        suite: 'Reports',
        results: '1',
        failures: '1',
        failure_rate: '1',
        average_ms: '3000',
      },
    ]);
    expect((await csv('slowest-tests.csv')).rows.map((r) => [r.name, r.average_ms])).toEqual(
      (await slowest('')).tests.map((x) => [x.name, String(x.average_ms)]),
    );

    const work = await csv('workload.csv?milestone=R1');
    expect(work.disposition).toContain(`project-${projectId}-report-workload.csv`);
    expect(work.rows).toEqual([
      {
        user_id: String(alice.id),
        username: 'alice',
        assigned: '2',
        untested: '0',
        retest: '1',
        done: '1',
        results: '3',
      },
      {
        user_id: String(bob.id),
        username: 'Bob',
        assigned: '1',
        untested: '1',
        retest: '0',
        done: '0',
        results: '0',
      },
    ]);
  });

  it('writes only the header row for an empty report', async () => {
    const res = await t.request({
      method: 'GET',
      url: `${base()}/failing-tests.csv?milestone=none`,
      token: admin,
    });
    expect(res.body).toBe('"case_id","name","suite","results","failures","failure_rate","average_ms"\r\n');
  });
});

describe('refusals', () => {
  const guarded = [
    'workload',
    'workload.csv',
    'cycles.csv',
    'slowest-tests.csv',
    'failing-tests.csv',
    'cycles?milestone=R1',
  ];

  it('answers 403 to a member without home_test_cycle and 404 to a user who does not see the project', async () => {
    for (const path of guarded) {
      const refused = await t.request({ method: 'GET', url: `${base()}/${path}`, token: viewer.token });
      expect(refused.statusCode, path).toBe(403);
      expect((refused.json() as ErrorResponse).code).toBe('permission_missing');
      const hidden = await t.request({ method: 'GET', url: `${base()}/${path}`, token: outsider.token });
      expect(hidden.statusCode, path).toBe(404);
      expect((hidden.json() as ErrorResponse).code).toBe('not_found');
      const missing = await t.request({
        method: 'GET',
        url: `/api/projects/999999/reports/${path}`,
        token: admin,
      });
      expect(missing.statusCode, path).toBe(404);
    }
  });

  it('answers 400 with a message and a code to a bad filter', async () => {
    for (const query of [
      'from=yesterday',
      'to=2026-02-30',
      'tester=0',
      'tester=alice',
      `milestone=${'m'.repeat(256)}`,
      'from=2026-02-02&to=2026-02-01',
      'from=2026-02-01T00:00:00Z&to=2026-01-31T23:59:59.999Z',
    ]) {
      for (const path of ['cycles', 'workload', 'failing-tests.csv']) {
        const res = await t.request({ method: 'GET', url: `${base()}/${path}?${query}`, token: admin });
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        const body = res.json() as ErrorResponse;
        expect(body.code).toBe('invalid_request');
        expect(body.message).toEqual(expect.any(String));
      }
    }
    const reversed = await t.request({
      method: 'GET',
      url: `${base()}/cycles?from=2026-02-02&to=2026-02-01`,
      token: admin,
    });
    expect(reversed.json().message).toBe('The report cannot start (from) after it ends (to)');
  });
});
