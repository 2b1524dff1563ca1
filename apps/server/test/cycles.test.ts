import type { Cycle, CycleItem } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { addMember, createRole, createTree, createUser } from './helpers/fixtures.ts';
import { as, expectGuards, expectStatus } from './helpers/requests.ts';
import { type Member, startWorld, type TestApp, type Tree, type World } from './helpers/world.ts';

/** docs/product/cycles.md: test cycles through the HTTP API, on a real database. */

let t: TestApp;
let w: World;
let tree: Tree;
let tester: Member;
let testerRole: number;
beforeAll(async () => {
  const runner = ['home_test_cycle', 'execute_test_cycle', 'home_test_run'];
  ({ t, w, tree, tester } = await startWorld({ tree: true, members: { tester: runner } }));
  testerRole = tester.roleId;
});
afterAll(() => t.close());

const admin = () => as(t, w.admin);

async function newCycle(body: object, projectId = w.project.id): Promise<Cycle> {
  const res = await admin().post(`/api/projects/${projectId}/cycles`, { name: 'Release 2.4', ...body });
  return expectStatus(res, 201).cycle;
}

async function itemsOf(cycleId: number, query = ''): Promise<{ items: CycleItem[]; total: number }> {
  return expectStatus(await admin().get(`/api/cycles/${cycleId}/items${query}`), 200);
}

async function record(itemId: number, state: string, token = tester.token, extra: object = {}) {
  return as(t, token).post(`/api/cycle-items/${itemId}/results`, { state, ...extra });
}

const caseIdsOf = (items: CycleItem[]) => items.map((i) => i.test_case.id).sort((a, b) => a - b);

describe('creating a cycle', () => {
  it('a suite brings all its cases with their descendants, once each; counts start untested', async () => {
    const body = expectStatus(
      await admin().post(`/api/projects/${w.project.id}/cycles`, {
        name: '  Release 2.4  ',
        description: 'Regression',
        milestone: 'R2.4',
        environment: 'Chrome / staging',
        suite_ids: [tree.suiteId],
        case_ids: [tree.childId],
      }),
      201,
    );
    expect(body.message).toBe('Test cycle created successfully');
    expect(body.cycle).toMatchObject({
      project_id: w.project.id,
      name: 'Release 2.4',
      description: 'Regression',
      milestone: 'R2.4',
      environment: 'Chrome / staging',
      state: 'open',
      source: 'manual',
      branch: null,
      closed_at: null,
      counts: { total: 3, untested: 3, passed: 0, failed: 0, blocked: 0, skipped: 0 },
    });
    const { items, total } = await itemsOf(body.cycle.id);
    expect(total).toBe(3);
    expect(caseIdsOf(items)).toEqual([tree.caseId, tree.childId, tree.grandchildId].sort((a, b) => a - b));
    expect(items.every((i) => i.state === 'untested' && i.assignee === null && i.results === 0)).toBe(true);
  });

  it('a case brings its descendants; all_cases brings every case of the project', async () => {
    const child = await newCycle({ case_ids: [tree.childId] });
    expect(caseIdsOf((await itemsOf(child.id)).items)).toEqual([tree.childId, tree.grandchildId]);
    const all = await newCycle({ all_cases: true });
    expect(all.counts.total).toBe(4);
  });

  it('an empty selection is 400; ids of another project are 404', async () => {
    const empty = expectStatus(
      await admin().post(`/api/projects/${w.project.id}/cycles`, { name: 'x' }),
      400,
    );
    expect(empty.message).toMatch(/Choose the cases/);
    expect(
      expectStatus(
        await admin().post(`/api/projects/${w.project.id}/cycles`, {
          name: 'x',
          suite_ids: [],
          case_ids: [],
        }),
        400,
      ).message,
    ).toMatch(/Choose the cases/);
    const other = expectStatus(
      await admin().post('/api/projects/create', { name: 'Other', description: '' }),
      201,
    ).project;
    const otherTree = await createTree(t, w.admin, other.id);
    expectStatus(
      await admin().post(`/api/projects/${w.project.id}/cycles`, { name: 'x', case_ids: [otherTree.caseId] }),
      404,
    );
    expectStatus(
      await admin().post(`/api/projects/${w.project.id}/cycles`, {
        name: 'x',
        suite_ids: [otherTree.suiteId],
      }),
      404,
    );
    expectStatus(
      await admin().post(`/api/projects/${w.project.id}/cycles`, { name: ' ', all_cases: true }),
      400,
    );
  });
});

describe('recording results', () => {
  it('passed and failed record the test run; blocked and skipped change only the item', async () => {
    const cycle = await newCycle({ case_ids: [tree.looseCaseId, tree.grandchildId] });
    const { items } = await itemsOf(cycle.id);
    const loose = items.find((i) => i.test_case.id === tree.looseCaseId);
    const grand = items.find((i) => i.test_case.id === tree.grandchildId);
    const runsBefore = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from test_runs`);

    const failed = expectStatus(
      await record(grand!.id, 'failed', tester.token, { comment: ' boom ', elapsed_ms: 1234 }),
      201,
    );
    expect(failed.message).toBe('Result recorded');
    expect(failed.result).toMatchObject({
      item_id: grand!.id,
      state: 'failed',
      comment: 'boom',
      elapsed_ms: 1234,
      run_id: expect.any(Number),
      executor: { id: tester.id, username: tester.username },
    });
    expect(failed.item).toMatchObject({
      state: 'failed',
      results: 1,
      last_result: { elapsed_ms: 1234, failure_message: null },
    });
    // The run is the case's own: its runs list and latest status show it.
    const runs = expectStatus(
      await as(t, tester.token).get(`/api/testruns/testcase/${tree.grandchildId}`),
      200,
    );
    expect(runs.at(-1)).toMatchObject({ id: failed.result.run_id, status: 'failed', executed_by: tester.id });

    const blocked = expectStatus(await record(loose!.id, 'blocked'), 201);
    expect(blocked.result.run_id).toBeNull();
    const runsAfter = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from test_runs`);
    expect(runsAfter[0]!.n).toBe(runsBefore[0]!.n + 1);

    const counts = expectStatus(await admin().get(`/api/cycles/${cycle.id}`), 200).counts;
    expect(counts).toEqual({
      total: 2,
      untested: 0,
      passed: 0,
      failed: 1,
      blocked: 1,
      skipped: 0,
      retest: 0,
    });

    // A later result replaces the state; the item keeps every result, oldest first.
    expectStatus(await record(grand!.id, 'passed'), 201);
    const detail = expectStatus(await as(t, tester.token).get(`/api/cycle-items/${grand!.id}`), 200);
    expect(detail.item).toMatchObject({ state: 'passed', results: 2 });
    expect(detail.results.map((r: { state: string }) => r.state)).toEqual(['failed', 'passed']);
    expect(detail.cycle.counts).toMatchObject({ passed: 1, failed: 0, blocked: 1 });
    expect(detail.item.test_case).toMatchObject({ id: tree.grandchildId, name: 'grandchild' });

    // The case page lists the case's cycle results newest first, each naming its cycle.
    const ofCase = expectStatus(
      await as(t, tester.token).get(`/api/test-cases/${tree.grandchildId}/cycle-results`),
      200,
    );
    expect(ofCase.results.map((r: { result: { state: string } }) => r.result.state)).toEqual([
      'passed',
      'failed',
    ]);
    expect(ofCase.results[1]).toMatchObject({
      cycle: { id: cycle.id, name: 'Release 2.4' },
      result: { elapsed_ms: 1234, comment: 'boom' },
    });
  });

  it('a closed cycle is read-only (409) until reopened', async () => {
    const cycle = await newCycle({ case_ids: [tree.looseCaseId] });
    const [item] = (await itemsOf(cycle.id)).items;
    const closed = expectStatus(await admin().put(`/api/cycles/${cycle.id}`, { state: 'closed' }), 200);
    expect(closed.message).toBe('Test cycle closed');
    expect(closed.cycle.state).toBe('closed');
    expect(closed.cycle.closed_at).not.toBeNull();
    expect(expectStatus(await record(item!.id, 'passed'), 409).message).toMatch(/closed/);
    expectStatus(
      await admin().put(`/api/cycles/${cycle.id}/assign`, { item_ids: [item!.id], assignee_id: null }),
      409,
    );
    expectStatus(await admin().put(`/api/cycles/${cycle.id}`, { name: 'Renamed' }), 409);
    const reopened = expectStatus(await admin().put(`/api/cycles/${cycle.id}`, { state: 'open' }), 200);
    expect(reopened.message).toBe('Test cycle reopened');
    expect(reopened.cycle.closed_at).toBeNull();
    expectStatus(await record(item!.id, 'skipped'), 201);
  });
});

describe('results recorded at once', () => {
  it('a burst on one cycle, one item twice, and an item of a closed cycle: each answered as alone', async () => {
    // A project of its own, so the other tests' counts stay as they are.
    const project = expectStatus(
      await admin().post('/api/projects/create', { name: 'Burst', description: '' }),
      201,
    ).project;
    await addMember(t, project.id, tester.id, testerRole);
    const extra: number[] = [];
    for (let i = 0; i < 12; i++) {
      const created = await admin().post(`/api/test-cases/project/${project.id}/create`, {
        name: `burst ${i}`,
      });
      extra.push(expectStatus(created, 201).testCase.id);
    }
    const open = await newCycle({ case_ids: extra }, project.id);
    const closed = await newCycle({ case_ids: [extra[0]!] }, project.id);
    const [closedItem] = (await itemsOf(closed.id)).items;
    expectStatus(await admin().put(`/api/cycles/${closed.id}`, { state: 'closed' }), 200);
    const items = (await itemsOf(open.id)).items;
    const states = ['passed', 'failed', 'blocked', 'skipped'] as const;
    const answers = await Promise.all([
      ...items.map((item, index) => record(item.id, states[index % 4]!)),
      record(items[0]!.id, 'failed'),
      record(closedItem!.id, 'passed'),
      record(2_000_000_000, 'passed'),
    ]);
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.slice(0, items.length + 1).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(-2)).toEqual([409, 404]);
    for (const [index, res] of answers.slice(0, items.length).entries()) {
      expect(res.json().result).toMatchObject({ item_id: items[index]!.id, state: states[index % 4] });
    }
    const counts = expectStatus(await admin().get(`/api/cycles/${open.id}`), 200).counts;
    const listed = (await itemsOf(open.id)).items;
    const tally = {
      total: listed.length,
      untested: 0,
      passed: 0,
      failed: 0,
      blocked: 0,
      skipped: 0,
      retest: 0,
    };
    for (const item of listed) tally[item.state] += 1;
    expect(counts).toEqual(tally);
    expect(listed.find((item) => item.id === items[0]!.id)!.results).toBe(2);
    expect(counts.untested).toBe(0);
  });
});

describe('re-run failed', () => {
  it('picks exactly the failed and blocked items of the earlier cycle', async () => {
    const first = await newCycle({ all_cases: true });
    const items = (await itemsOf(first.id)).items;
    const states = ['passed', 'failed', 'blocked', 'skipped'];
    for (const [index, item] of items.entries()) expectStatus(await record(item.id, states[index]!), 201);
    const rerun = await newCycle({
      name: 'Release 2.4 (re-run)',
      from_cycle_id: first.id,
      from_states: ['failed', 'blocked'],
    });
    const expected = items
      .filter((_, index) => ['failed', 'blocked'].includes(states[index]!))
      .map((i) => i.test_case.id);
    expect(caseIdsOf((await itemsOf(rerun.id)).items)).toEqual(expected.sort((a, b) => a - b));
    expect(rerun.counts).toMatchObject({ total: 2, untested: 2 });
  });
});

describe('lists, filters, assignment and my work', () => {
  it('lists newest first with counts; items filter by state, assignee, suite and text', async () => {
    const cycle = await newCycle({ all_cases: true });
    const list = expectStatus(await admin().get(`/api/projects/${w.project.id}/cycles`), 200);
    expect(list[0].id).toBe(cycle.id);
    expect(list[0].counts.total).toBe(4);

    const items = (await itemsOf(cycle.id)).items;
    const assigned = expectStatus(
      await admin().put(`/api/cycles/${cycle.id}/assign`, {
        item_ids: items.slice(0, 2).map((i) => i.id),
        assignee_id: tester.id,
      }),
      200,
    );
    expect(assigned).toEqual({ message: 'Assigned 2 items', updated: 2 });
    expect((await itemsOf(cycle.id, `?assignee_id=${tester.id}`)).total).toBe(2);
    expect((await itemsOf(cycle.id, '?assignee_id=0')).total).toBe(2);
    expect((await itemsOf(cycle.id, `?suite_id=${tree.suiteId}`)).total).toBe(3);
    expect((await itemsOf(cycle.id, '?q=GRAND')).items.map((i) => i.test_case.name)).toEqual(['grandchild']);
    expect((await itemsOf(cycle.id, `?after_id=${items[1]!.id}`)).items.map((i) => i.id)).toEqual(
      items.slice(2).map((i) => i.id),
    );
    const page = await itemsOf(cycle.id, '?limit=1&offset=1');
    expect(page).toMatchObject({ total: 4 });
    expect(page.items).toHaveLength(1);

    // My work: the tester's open items, in projects they see.
    const mine = expectStatus(await as(t, tester.token).get('/api/my-work'), 200);
    const fromThisCycle = mine.items.filter(
      (entry: { cycle: { id: number } }) => entry.cycle.id === cycle.id,
    );
    expect(fromThisCycle).toHaveLength(2);
    expect(fromThisCycle[0]).toMatchObject({
      project: { id: w.project.id, name: w.project.name },
      cycle: { name: cycle.name },
    });
    expectStatus(await record(fromThisCycle[0].item.id, 'passed'), 201);
    const after = expectStatus(await as(t, tester.token).get('/api/my-work'), 200);
    expect(
      after.items.filter((entry: { cycle: { id: number } }) => entry.cycle.id === cycle.id),
    ).toHaveLength(1);

    // The assignee must see the project.
    const refused = expectStatus(
      await admin().put(`/api/cycles/${cycle.id}/assign`, {
        item_ids: [items[0]!.id],
        assignee_id: w.outsider.id,
      }),
      400,
    );
    expect(refused.details).toEqual([
      { field: 'assignee_id', message: 'must be a user who sees the project' },
    ]);
    expect(
      expectStatus(
        await admin().put(`/api/cycles/${cycle.id}/assign`, { item_ids: [items[0]!.id], assignee_id: null }),
        200,
      ).message,
    ).toBe('Unassigned 1 item');
  });

  it('active cycles: open ones of the projects where the caller sees cycles, newest first', async () => {
    const open = await newCycle({ all_cases: true, name: 'Active one' });
    const closed = await newCycle({ all_cases: true, name: 'Closed one' });
    expectStatus(await admin().put(`/api/cycles/${closed.id}`, { state: 'closed' }), 200);

    const seen = expectStatus(await as(t, tester.token).get('/api/cycles/active'), 200);
    const ids = seen.cycles.map((entry: { cycle: { id: number } }) => entry.cycle.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
    expect(seen.cycles[ids.indexOf(open.id)]).toMatchObject({
      project: { id: w.project.id, name: w.project.name },
      cycle: { name: 'Active one', counts: { total: 4 } },
    });

    // A member whose role lacks home_test_cycle sees none of this project's cycles.
    const reader = await createUser(t);
    await addMember(t, w.project.id, reader.id, await createRole(t, ['home_test_case']));
    const none = expectStatus(await as(t, reader.token).get('/api/cycles/active'), 200);
    expect(
      none.cycles.filter((entry: { project: { id: number } }) => entry.project.id === w.project.id),
    ).toEqual([]);
    expect(expectStatus(await as(t, w.outsider.token).get('/api/cycles/active'), 200).cycles).toEqual([]);
  });
});

describe('deleting', () => {
  it('removes the cycle, its items and results, and the runs they recorded, in one go', async () => {
    const cycle = await newCycle({ case_ids: [tree.looseCaseId] });
    const [item] = (await itemsOf(cycle.id)).items;
    const runId = expectStatus(await record(item!.id, 'failed'), 201).result.run_id;
    expect(expectStatus(await admin().del(`/api/cycles/${cycle.id}`), 200).message).toBe(
      'Test cycle deleted successfully',
    );
    expectStatus(await admin().get(`/api/cycles/${cycle.id}`), 404);
    expectStatus(await admin().get(`/api/cycle-items/${item!.id}`), 404);
    const [left] = await queryRows<{ runs: number; results: number }>(
      t.db,
      sql`select (select count(*)::int from test_runs where id = ${runId}) as runs,
        (select count(*)::int from cycle_results r where r.item_id = ${item!.id}) as results`,
    );
    expect(left).toEqual({ runs: 0, results: 0 });
  });

  it('a deleted case takes its items with it and the counts follow', async () => {
    const api = admin();
    const extra = expectStatus(
      await api.post(`/api/test-cases/project/${w.project.id}/create`, { name: 'temp' }),
      201,
    ).testCase.id;
    const cycle = await newCycle({ case_ids: [extra, tree.looseCaseId] });
    expectStatus(await api.del(`/api/test-cases/delete/${extra}`), 200);
    expect(expectStatus(await api.get(`/api/cycles/${cycle.id}`), 200).counts).toMatchObject({
      total: 1,
      untested: 1,
    });
  });
});

describe('access', () => {
  it('401 without a token, 404 for who cannot see the project, 403 without the permission', async () => {
    const cycle = await newCycle({ all_cases: true });
    const [item] = (await itemsOf(cycle.id)).items;
    const calls = [
      {
        method: 'POST',
        url: `/api/projects/${w.project.id}/cycles`,
        payload: { name: 'x', all_cases: true },
        permission: 'add_test_cycle',
      },
      { method: 'GET', url: `/api/projects/${w.project.id}/cycles`, permission: 'home_test_cycle' },
      { method: 'GET', url: `/api/cycles/${cycle.id}`, permission: 'home_test_cycle' },
      {
        method: 'PUT',
        url: `/api/cycles/${cycle.id}`,
        payload: { name: 'y' },
        permission: 'edit_test_cycle',
      },
      { method: 'GET', url: `/api/cycles/${cycle.id}/items`, permission: 'home_test_cycle' },
      {
        method: 'PUT',
        url: `/api/cycles/${cycle.id}/assign`,
        payload: { item_ids: [item!.id], assignee_id: null },
        permission: 'edit_test_cycle',
      },
      { method: 'GET', url: `/api/cycle-items/${item!.id}`, permission: 'home_test_cycle' },
      {
        method: 'POST',
        url: `/api/cycle-items/${item!.id}/results`,
        payload: { state: 'passed' },
        permission: 'execute_test_cycle',
      },
      { method: 'DELETE', url: `/api/cycles/${cycle.id}`, permission: 'delete_test_cycle' },
    ] as const;
    for (const call of calls) await expectGuards(t, w, call);
    // A tester who may execute but not edit.
    expectStatus(await as(t, tester.token).put(`/api/cycles/${cycle.id}`, { name: 'z' }), 403);
    expectStatus(await as(t, w.outsider.token).get('/api/my-work'), 200);
  });

  it('the Administrator role holds the new permissions', async () => {
    const rows = await queryRows<{ name: string }>(
      t.db,
      sql`select p.name from role_permissions rp join permissions p on p.id = rp.permission_id
        join roles r on r.id = rp.role_id where r.name = 'Administrator' and p.name like '%test_cycle'`,
    );
    expect(rows.map((r) => r.name).sort()).toEqual([
      'add_test_cycle',
      'delete_test_cycle',
      'edit_test_cycle',
      'execute_test_cycle',
      'home_test_cycle',
    ]);
  });
});

describe('the cycle of a JUnit import', () => {
  it('keeps at most 64 KB of a failure, and names the cycle after the report and the time', async () => {
    const p = w.project.id;
    const long = 'x'.repeat(70_000);
    const res = await t.request({
      method: 'POST',
      url: `/api/projects/${p}/import/junit`,
      token: w.admin,
      headers: { 'content-type': 'application/xml' },
      payload: `<testsuites name="Smoke"><testsuite name="s"><testcase name="a" time="1.5"><failure message="m">${long}</failure></testcase></testsuite></testsuites>`,
    });
    const answer = expectStatus(res, 201);
    expect(answer.cycle.name).toMatch(/^Smoke \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    const [row] = await queryRows<{ n: number; elapsed: number }>(
      t.db,
      sql`select length(r.failure_text) as n, r.elapsed_ms as elapsed from cycle_results r
        join cycle_items i on i.id = r.item_id where i.cycle_id = ${answer.cycle.id}`,
    );
    expect(row).toEqual({ n: 65_536, elapsed: 1500 });
    // The cycle page's list shows the time taken and the failure's message.
    const { items } = await itemsOf(answer.cycle.id);
    expect(items[0]).toMatchObject({
      state: 'failed',
      last_result: { elapsed_ms: 1500, failure_message: 'm' },
    });
  });
});
