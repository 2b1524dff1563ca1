import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { DEMO_PASSWORD, seedSmallDemo } from '../src/demo/small-demo.ts';
import { addMember, as, createRole, createUser, expectStatus } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * A case's one history of results (docs/product/cases.md, "Results"; decisions 179 and 180), on
 * the demo's data: cases that already ran before any cycle, as in `npm run demo`.
 */

let t: TestApp;
let projectId: number;
let pm: ReturnType<typeof as>;

interface Entry {
  source: string;
  state: string;
  run_id: number | null;
  result_id: number | null;
  cycle: { id: number; name: string } | null;
  executor: { username: string } | null;
  failure: { message: string | null } | null;
  comment: string | null;
}

async function caseNamed(name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from test_cases where project_id = ${projectId} and name = ${name}`,
  );
  return row!.id;
}

async function searchIds(q: string): Promise<number[]> {
  const page = expectStatus(
    await pm.get(`/api/projects/${projectId}/cases/search?q=${encodeURIComponent(q)}&limit=100`),
    200,
  );
  return page.items.map((hit: { id: number }) => hit.id);
}

async function itemOf(cycleId: number, caseId: number): Promise<number> {
  const { items } = expectStatus(await pm.get(`/api/cycles/${cycleId}/items?limit=100`), 200);
  return items.find((item: { test_case: { id: number } }) => item.test_case.id === caseId).id;
}

const history = async (caseId: number, query = '') =>
  expectStatus(await pm.get(`/api/test-cases/${caseId}/results${query}`), 200) as {
    items: Entry[];
    total: number;
  };

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedSmallDemo(t.db, () => {})).toBe(true);
  pm = as(t, await t.login('paul.pm@example.com', DEMO_PASSWORD));
  const [project] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from projects where name = 'Checkout Web'`,
  );
  projectId = project!.id;
});
afterAll(() => t.close());

describe('a demo case that fails in a cycle', () => {
  it('is found by status:failed, and its history holds the failure once, with its cycle', async () => {
    const caseId = await caseNamed('Remove an item');
    const seeded = (await history(caseId)).items;
    expect(seeded.map((e) => e.source)).toEqual(['run', 'run', 'run']);
    // The demo's latest run of this case passed (apps/server/src/demo/small-demo.ts).
    expect(await searchIds('status:passed')).toContain(caseId);

    const cycle = expectStatus(
      await pm.post(`/api/projects/${projectId}/cycles`, { name: 'Release 2.4', all_cases: true }),
      201,
    ).cycle;
    const recorded = expectStatus(
      await pm.post(`/api/cycle-items/${await itemOf(cycle.id, caseId)}/results`, {
        state: 'failed',
        comment: 'Cart keeps the item',
      }),
      201,
    ).result;

    expect(await searchIds('status:failed')).toContain(caseId);
    expect(await searchIds('status:passed')).not.toContain(caseId);
    expect(await searchIds('rollup:failed')).toContain(caseId);

    const after = await history(caseId);
    expect(after.total).toBe(4);
    expect(after.items[0]).toMatchObject({
      source: 'cycle',
      state: 'failed',
      run_id: recorded.run_id,
      result_id: recorded.id,
      cycle: { id: cycle.id, name: 'Release 2.4' },
      executor: { username: 'paul.pm' },
      comment: 'Cart keeps the item',
    });
    expect(after.items.slice(1)).toEqual(seeded);
    // The Test Runs table (SPEC) lists the same run once.
    const runs = expectStatus(await pm.get(`/api/testruns/testcase/${caseId}`), 200);
    expect(runs.filter((run: { id: number }) => run.id === recorded.run_id)).toHaveLength(1);
  });

  it('a later blocked or skipped result is in the history but leaves status: as the last outcome (decision 179)', async () => {
    const caseId = await caseNamed('Change a quantity');
    const cycle = expectStatus(
      await pm.post(`/api/projects/${projectId}/cycles`, { name: 'Blocked run', case_ids: [caseId] }),
      201,
    ).cycle;
    const item = await itemOf(cycle.id, caseId);
    expectStatus(await pm.post(`/api/cycle-items/${item}/results`, { state: 'failed' }), 201);
    const stats = expectStatus(await pm.get('/api/testruns/stats'), 200);
    const blocked = expectStatus(
      await pm.post(`/api/cycle-items/${item}/results`, { state: 'blocked', comment: 'No test card' }),
      201,
    ).result;
    expect(blocked.run_id).toBeNull();

    expect(await searchIds('status:failed')).toContain(caseId);
    expect(expectStatus(await pm.get('/api/testruns/stats'), 200)).toEqual(stats);
    const [first, second] = (await history(caseId)).items;
    expect(first).toMatchObject({ source: 'cycle', state: 'blocked', run_id: null, result_id: blocked.id });
    expect(first!.cycle).toEqual({ id: cycle.id, name: 'Blocked run' });
    expect(second).toMatchObject({ source: 'cycle', state: 'failed' });
  });

  it('an imported failure is one entry naming the import, and a run recorded on its own is a run', async () => {
    const caseId = await caseNamed('Apply a coupon');
    const report =
      '<?xml version="1.0"?><testsuite name="Cart" tests="1" failures="1"><testcase classname="Cart" name="Apply a coupon"><failure message="coupon rejected">trace</failure></testcase></testsuite>';
    const imported = await t.request({
      method: 'POST',
      url: `/api/projects/${projectId}/import/junit?name=Nightly%207`,
      token: (await t.login('paul.pm@example.com', DEMO_PASSWORD)) as string,
      headers: { 'content-type': 'application/xml' },
      payload: report,
    });
    const { cycle } = expectStatus(imported, 201);
    expect(await searchIds('status:failed')).toContain(caseId);
    expectStatus(await pm.post(`/api/testruns/create/${caseId}`, { status: 'passed' }), 201);
    expect(await searchIds('status:passed')).toContain(caseId);

    const { items, total } = await history(caseId);
    expect(total).toBe(5);
    expect(items[0]).toMatchObject({ source: 'run', state: 'passed', cycle: null, result_id: null });
    expect(items[1]).toMatchObject({
      source: 'import',
      state: 'failed',
      cycle: { id: cycle.id, name: 'Nightly 7' },
      failure: { message: 'coupon rejected', type: null, text: 'trace' },
    });
    expect(items[1]!.run_id).not.toBeNull();
  });

  it('pages with limit and offset; an edited run shows its status as it stands', async () => {
    const caseId = await caseNamed('Remove an item');
    const all = await history(caseId);
    const second = await history(caseId, '?limit=2&offset=2');
    expect(second.total).toBe(all.total);
    expect(second.items).toEqual(all.items.slice(2, 4));
    expect((await history(caseId, `?offset=${all.total}`)).items).toEqual([]);

    const latest = all.items[0]!;
    expectStatus(await pm.put(`/api/testruns/update/${latest.run_id}`, { status: 'passed' }), 200);
    expect((await history(caseId)).items[0]).toMatchObject({ state: 'passed', source: 'cycle' });
    expect(await searchIds('status:passed')).toContain(caseId);
  });
});

describe('who may read it', () => {
  it('answers 404 for a missing case and holds only runs without home_test_cycle', async () => {
    expectStatus(await pm.get('/api/test-cases/999999/results'), 404);
    const caseId = await caseNamed('Change a quantity');
    const roleId = await createRole(t, ['home_project', 'home_test_case', 'home_test_run']);
    const reader = await createUser(t);
    await addMember(t, projectId, reader.id, roleId);
    const page = expectStatus(await as(t, reader.token).get(`/api/test-cases/${caseId}/results`), 200);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((e: Entry) => e.cycle === null && e.run_id !== null && e.comment === null)).toBe(
      true,
    );
    const noRuns = await createUser(t);
    await addMember(t, projectId, noRuns.id, await createRole(t, ['home_project', 'home_test_case']));
    expectStatus(await as(t, noRuns.token).get(`/api/test-cases/${caseId}/results`), 403);
  });
});
