import type { CycleTrend, ImportResponse, ReportBranches, TestReport } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createProject } from './helpers/fixtures.ts';
import { postJunitReport } from './helpers/requests.ts';
import type { TestApp } from './helpers/test-app.ts';
import { startAdminWorld } from './helpers/world.ts';

/**
 * docs/product/reports.md: a scripted history of imports on two branches and a manual cycle, then
 * each report's figures, which the database keeps as results arrive (and takes out again when a
 * cycle is deleted), checked against a count over every result.
 */

let t: TestApp;
let admin: string;
let projectId: number;

type Outcome = readonly ['pass' | 'fail', number];

/** A report of suite Reports: each name passes or fails, taking the given seconds. */
function report(outcomes: Record<string, Outcome>): string {
  const cases = Object.entries(outcomes).map(([name, [outcome, seconds]]) =>
    outcome === 'pass'
      ? `<testcase name="${name}" time="${seconds}"/>`
      : `<testcase name="${name}" time="${seconds}"><failure message="${name} broke"/></testcase>`,
  );
  return `<testsuite name="Reports">${cases.join('')}</testsuite>`;
}

async function importReport(outcomes: Record<string, Outcome>, branch: string): Promise<number> {
  const res = await postJunitReport(t, admin, projectId, report(outcomes), branch);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as ImportResponse).cycle!.id;
}

async function get<T>(url: string): Promise<T> {
  const res = await t.request({ method: 'GET', url, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const trend = (query = '') => get<CycleTrend>(`/api/projects/${projectId}/reports/cycles${query}`);
const slowest = (query = '') => get<TestReport>(`/api/projects/${projectId}/reports/slowest-tests${query}`);
const failing = (query = '') => get<TestReport>(`/api/projects/${projectId}/reports/failing-tests${query}`);

/** case_result_stats against a count over every result, and case_result_totals against its sum. */
async function statsMatchACount(): Promise<void> {
  const kept = await queryRows<object>(
    t.db,
    sql`select case_id, branch, results, failures, timed, duration_sum::bigint as duration_sum
      from case_result_stats where project_id = ${projectId} and results > 0 order by 1, 2`,
  );
  const counted = await queryRows<object>(
    t.db,
    sql`select i.case_id, coalesce(y.branch, '') as branch, count(*)::int as results,
        (count(*) filter (where r.state = 'failed'))::int as failures, count(r.elapsed_ms)::int as timed,
        coalesce(sum(r.elapsed_ms), 0)::bigint as duration_sum
      from cycle_results r join cycle_items i on i.id = r.item_id join test_cycles y on y.id = i.cycle_id
      where y.project_id = ${projectId} and r.state in ('passed', 'failed')
      group by 1, 2 order by 1, 2`,
  );
  expect(kept).toEqual(counted);
  const totals = await queryRows<object>(
    t.db,
    sql`select case_id, results, failures, timed, duration_sum::bigint as duration_sum
      from case_result_totals where project_id = ${projectId} and results > 0 order by 1`,
  );
  const summed = await queryRows<object>(
    t.db,
    sql`select case_id, sum(results)::int as results, sum(failures)::int as failures,
        sum(timed)::int as timed, sum(duration_sum)::bigint as duration_sum
      from case_result_stats where project_id = ${projectId} and results > 0 group by 1 order by 1`,
  );
  expect(totals).toEqual(summed);
}

beforeAll(async () => {
  ({ t, admin } = await startAdminWorld());
  projectId = (await createProject(t, admin, 'Reports project')).id;
  // A small window, so a case turns flaky within the script.
  const settings = await t.request({
    method: 'PUT',
    url: `/api/projects/${projectId}/flaky-settings`,
    token: admin,
    payload: { window: 5, flips: 2 },
  });
  expect(settings.statusCode, settings.body).toBe(200);
});
afterAll(() => t.close());

describe('the reports of a project', () => {
  let mainCycles: number[];
  let manualCycle: number;

  it('answers empty reports for a project without cycles', async () => {
    expect(await get<ReportBranches>(`/api/projects/${projectId}/reports/branches`)).toEqual({
      branches: [],
      default_branch: null,
    });
    expect((await trend()).cycles).toEqual([]);
    expect((await slowest()).tests).toEqual([]);
    expect((await failing()).tests).toEqual([]);
  });

  it('keeps pass rate, duration and the flaky count per import cycle of a branch', async () => {
    mainCycles = [
      await importReport({ a: ['pass', 1], b: ['pass', 0.5], slow: ['pass', 4], c: ['fail', 0.25] }, 'main'),
      await importReport(
        { a: ['fail', 1.5], b: ['pass', 0.5], slow: ['pass', 6], c: ['fail', 0.25] },
        'main',
      ),
      await importReport({ a: ['pass', 1], b: ['pass', 0.5], slow: ['pass', 5], c: ['pass', 0.25] }, 'main'),
    ];
    await importReport({ a: ['fail', 2], b: ['fail', 3], feature: ['pass', 10] }, 'feature/x');

    const branches = await get<ReportBranches>(`/api/projects/${projectId}/reports/branches`);
    expect(branches.default_branch).toBe('main');
    expect(branches.branches.map((b) => [b.name, b.cycles])).toEqual([
      ['feature/x', 1],
      ['main', 3],
    ]);

    const main = await trend('?branch=main');
    expect(main.branch).toBe('main');
    expect(main.cycles.map((c) => c.id)).toEqual(mainCycles);
    expect(main.cycles.map((c) => c.pass_rate)).toEqual([0.75, 0.5, 1]);
    expect(main.cycles.map((c) => c.duration_ms)).toEqual([5750, 8250, 6750]);
    expect(main.cycles.map((c) => c.counts.failed)).toEqual([1, 2, 0]);
    // `a` flipped twice (pass, fail, pass) by the third import: flaky under a threshold of 2.
    expect(main.cycles.map((c) => c.flaky_count)).toEqual([0, 0, 1]);
    expect(main.cycles.every((c) => c.source === 'import' && c.branch === 'main')).toBe(true);

    const all = await trend();
    expect(all.branch).toBeNull();
    expect(all.cycles).toHaveLength(4);
    expect(all.cycles.at(-1)!.branch).toBe('feature/x');
  });

  it('ranks the slowest tests by mean duration and the most failing by failures, per branch', async () => {
    const onMain = await slowest('?branch=main');
    expect(onMain.tests.map((x) => [x.name, x.average_ms, x.results])).toEqual([
      ['slow', 5000, 3],
      ['a', 1167, 3],
      ['b', 500, 3],
      ['c', 250, 3],
    ]);
    expect(onMain.tests[0]!.suite_name).toBe('Reports');

    // Every branch: `b` adds its 3 s failure on feature/x, `feature` its 10 s.
    const everywhere = await slowest();
    expect(everywhere.tests.map((x) => [x.name, x.average_ms])).toEqual([
      ['feature', 10000],
      ['slow', 5000],
      ['a', 1375],
      ['b', 1125],
      ['c', 250],
    ]);

    const failingOnMain = await failing('?branch=main');
    expect(failingOnMain.tests.map((x) => [x.name, x.failures, x.failure_rate])).toEqual([
      ['c', 2, 0.6667],
      ['a', 1, 0.3333],
    ]);
    const failingEverywhere = await failing();
    // A tie on failures goes to the higher failure rate.
    expect(failingEverywhere.tests.map((x) => [x.name, x.failures, x.results])).toEqual([
      ['c', 2, 3],
      ['a', 2, 4],
      ['b', 1, 4],
    ]);
    await statsMatchACount();
  });

  it("counts a manual cycle under no branch, with each item's latest duration", async () => {
    const created = await t.request({
      method: 'POST',
      url: `/api/projects/${projectId}/cycles`,
      token: admin,
      payload: { name: 'Manual pass', all_cases: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    manualCycle = created.json().cycle.id;
    const items = await get<{ items: { id: number; test_case: { name: string } }[] }>(
      `/api/cycles/${manualCycle}/items`,
    );
    const item = (name: string) => items.items.find((i) => i.test_case.name === name)!.id;
    const record = async (name: string, state: string, elapsed_ms: number) => {
      const res = await t.request({
        method: 'POST',
        url: `/api/cycle-items/${item(name)}/results`,
        token: admin,
        payload: { state, elapsed_ms },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await record('a', 'failed', 30_000);
    await record('a', 'passed', 20_000); // a re-test: the cycle's duration counts the latest only
    await record('b', 'passed', 1_000);
    await record('c', 'blocked', 9_000); // not an outcome: no test figures, but the item's duration

    const none = await trend('?branch=');
    expect(none.branch).toBe('');
    expect(none.cycles).toHaveLength(1);
    const [manual] = none.cycles;
    expect(manual!.source).toBe('manual');
    expect(manual!.flaky_count).toBeNull();
    expect(manual!.duration_ms).toBe(30_000);
    expect(manual!.counts.total).toBe(5);
    expect(manual!.pass_rate).toBe(0.6667); // 2 passed of 3 executed; 2 untested
    const manualSlowest = await slowest('?branch=');
    expect(manualSlowest.tests.map((x) => [x.name, x.average_ms, x.results])).toEqual([
      ['a', 25000, 2],
      ['b', 1000, 1],
    ]);
    await statsMatchACount();

    const comparison = await get<{ from: { duration_ms: number }; to: { duration_ms: number } }>(
      `/api/cycles/compare?from=${mainCycles[2]}&to=${manualCycle}`,
    );
    expect(comparison.from.duration_ms).toBe(6750);
    expect(comparison.to.duration_ms).toBe(30_000);
  });

  it('takes a deleted cycle out of every report', async () => {
    const res = await t.request({ method: 'DELETE', url: `/api/cycles/${mainCycles[1]}`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect((await trend('?branch=main')).cycles.map((c) => c.id)).toEqual([mainCycles[0], mainCycles[2]]);
    const failingOnMain = await failing('?branch=main');
    expect(failingOnMain.tests.map((x) => [x.name, x.failures, x.results])).toEqual([['c', 1, 2]]);
    await statsMatchACount();
  });

  it('refuses a branch past its length, and a project the caller does not see', async () => {
    const long = 'x'.repeat(201);
    const res = await t.request({
      method: 'GET',
      url: `/api/projects/${projectId}/reports/cycles?branch=${long}`,
      token: admin,
    });
    expect(res.statusCode).toBe(400);
    const missing = await t.request({
      method: 'GET',
      url: '/api/projects/999999/reports/cycles',
      token: admin,
    });
    expect(missing.statusCode).toBe(404);
  });
});
