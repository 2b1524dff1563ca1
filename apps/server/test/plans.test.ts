import { LIMITS, PLAN_LIMITS } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { insertEntryItems } from '../src/modules/cycles/plan-cycles-repository.ts';
import { listEntriesOfPlan, listPlansOfProject } from '../src/modules/plans/plans-repository.ts';
import { addMember, createProject, createRole, createUser } from './helpers/fixtures.ts';
import { explain, planProblems, rowsReadFrom, statementOf, statementsOf } from './helpers/plans.ts';
import { as, expectBadIds, expectGuards, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type TestUser, type Tree, type World } from './helpers/world.ts';

/**
 * Test plans (docs/product/plans.md): one cycle per entry and configuration combination, made in
 * one transaction, named with and carrying their configurations, moved with the plan's milestone,
 * and kept or deleted with the plan.
 */

let t: TestApp;
let w: World;
let tree: Tree;
let tester: TestUser;
let browser: { chrome: number; firefox: number };
let os: { linux: number; windows: number };
beforeAll(async () => {
  ({ t, w, tree } = await startWorld({ tree: true }));
  tester = await createUser(t);
  await addMember(t, w.project.id, tester.id, await createRole(t, ['home_test_cycle']));
  const browsers = await createGroup(w.project.id, 'Browser', ['Chrome', 'Firefox']);
  browser = { chrome: browsers[0]!, firefox: browsers[1]! };
  const systems = await createGroup(w.project.id, 'OS', ['Linux', 'Windows']);
  os = { linux: systems[0]!, windows: systems[1]! };
});
afterAll(() => t.close());

const admin = () => as(t, w.admin);
const plansOf = (projectId: number) => `/api/projects/${projectId}/plans`;
let serial = 0;
const unique = (prefix: string) => `${prefix} ${++serial}`;

/** A configuration group of the project; answers its configurations' ids in order. */
async function createGroup(projectId: number, name: string, configurations: string[]): Promise<number[]> {
  const res = await admin().post(`/api/projects/${projectId}/configuration-groups`, { name, configurations });
  return expectStatus(res, 201).group.configurations.map((c: { id: number }) => c.id);
}

async function createPlan(body: object, projectId = w.project.id) {
  return expectStatus(await admin().post(plansOf(projectId), { name: unique('Plan'), ...body }), 201).plan;
}

async function createMilestone(projectId = w.project.id) {
  const res = await admin().post(`/api/projects/${projectId}/milestones`, { name: unique('Release') });
  return expectStatus(res, 201).milestone;
}

interface Item {
  id: number;
  assignee: { id: number } | null;
  test_case: { id: number };
}
async function itemsOf(cycleId: number): Promise<Item[]> {
  return expectStatus(await admin().get(`/api/cycles/${cycleId}/items`), 200).items;
}

async function cyclesInProject(projectId = w.project.id): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from test_cycles where project_id = ${projectId}`,
  );
  return row!.n;
}

type Named = { name: string };
const byName = (a: Named, b: Named) => a.name.localeCompare(b.name);

describe('a test plan', () => {
  it('makes one cycle per entry and browser, named with and carrying its configuration', async () => {
    const milestone = await createMilestone();
    const created = expectStatus(
      await admin().post(plansOf(w.project.id), {
        name: 'Release 2.0',
        description: 'The **spring** release',
        milestone_id: milestone.id,
        entries: [
          {
            name: 'Regression',
            suite_ids: [tree.suiteId],
            configuration_ids: [browser.firefox, browser.chrome],
            assignee_id: tester.id,
          },
          { case_ids: [tree.looseCaseId], configuration_ids: [browser.chrome, browser.firefox] },
        ],
      }),
      201,
    );
    expect(created.message).toBe('Test plan created');
    const plan = created.plan;
    expect(plan).toMatchObject({
      project_id: w.project.id,
      milestone_id: milestone.id,
      name: 'Release 2.0',
      description: 'The **spring** release',
      cycle_count: 4,
      totals: { total: 8, untested: 8, passed: 0, failed: 0 },
    });
    const chrome = { id: browser.chrome, name: 'Chrome', group: 'Browser' };
    const firefox = { id: browser.firefox, name: 'Firefox', group: 'Browser' };
    expect(
      plan.cycles
        .map((c: { name: string; configurations: unknown; counts: { total: number } }) => ({
          name: c.name,
          configurations: c.configurations,
          total: c.counts.total,
        }))
        .sort(byName),
    ).toEqual([
      { name: 'Regression (Chrome)', configurations: [chrome], total: 3 },
      { name: 'Regression (Firefox)', configurations: [firefox], total: 3 },
      { name: 'Release 2.0 (Chrome)', configurations: [chrome], total: 1 },
      { name: 'Release 2.0 (Firefox)', configurations: [firefox], total: 1 },
    ]);
    for (const cycle of plan.cycles) {
      expect(cycle).toMatchObject({
        plan_id: plan.id,
        milestone_id: milestone.id,
        milestone: milestone.name,
      });
    }
    expect(plan.entries).toMatchObject([
      {
        name: 'Regression',
        suite_ids: [tree.suiteId],
        case_ids: [],
        all_cases: false,
        configuration_ids: [browser.chrome, browser.firefox],
        assignee_id: tester.id,
      },
      { name: null, case_ids: [tree.looseCaseId], configuration_ids: [browser.chrome, browser.firefox] },
    ]);
    const cycleIds = plan.cycles.map((c: { id: number }) => c.id).sort((a: number, b: number) => a - b);
    expect([...plan.entries[0].cycle_ids, ...plan.entries[1].cycle_ids].sort((a, b) => a - b)).toEqual(
      cycleIds,
    );

    // Each entry's cases in its cycles; the first entry's items are all the tester's.
    const regression = plan.cycles.find((c: Named) => c.name === 'Regression (Chrome)');
    const items = await itemsOf(regression.id);
    expect(items.map((i) => i.test_case.id).sort()).toEqual(
      [tree.caseId, tree.childId, tree.grandchildId].sort(),
    );
    expect(items.every((i) => i.assignee?.id === tester.id)).toBe(true);
    const loose = plan.cycles.find((c: Named) => c.name === 'Release 2.0 (Firefox)');
    expect((await itemsOf(loose.id)).map((i) => [i.test_case.id, i.assignee])).toEqual([
      [tree.looseCaseId, null],
    ]);
    const myWork = expectStatus(await as(t, tester.token).get('/api/my-work'), 200);
    expect(myWork.items).toHaveLength(6);

    // A cycle's own answers carry its plan and configurations; others carry none.
    expect(expectStatus(await admin().get(`/api/cycles/${regression.id}`), 200)).toMatchObject({
      plan_id: plan.id,
      configurations: [chrome],
    });
    const alone = expectStatus(
      await admin().post(`/api/projects/${w.project.id}/cycles`, { name: 'Alone', case_ids: [tree.caseId] }),
      201,
    ).cycle;
    expect(alone).toMatchObject({ plan_id: null, configurations: [] });

    expect(expectStatus(await admin().get(`/api/plans/${plan.id}`), 200)).toEqual(plan);
    const entries = await queryRows<{ summary: string }>(
      t.db,
      sql`select summary from audit_log where entity_type = 'plan' and entity_id = ${plan.id}`,
    );
    expect(entries.map((e) => e.summary)).toEqual(['Created plan "Release 2.0" with 4 cycles']);
    const cycleEntries = await queryRows<{ summary: string }>(
      t.db,
      sql`select summary from audit_log where entity_type = 'cycle' and entity_id = ${regression.id}`,
    );
    expect(cycleEntries.map((e) => e.summary)).toEqual(['Created cycle "Regression (Chrome)" with 3 cases']);
  });

  it('makes the cartesian product across groups, each configuration of a group an alternative', async () => {
    const plan = await createPlan({
      name: 'Smoke',
      entries: [
        {
          all_cases: true,
          configuration_ids: [os.windows, browser.chrome, os.linux, browser.firefox, browser.chrome],
        },
        { case_ids: [tree.caseId] },
      ],
    });
    expect(plan.cycles.map((c: Named) => c.name).sort()).toEqual([
      'Smoke',
      'Smoke (Chrome, Linux)',
      'Smoke (Chrome, Windows)',
      'Smoke (Firefox, Linux)',
      'Smoke (Firefox, Windows)',
    ]);
    const firefoxWindows = plan.cycles.find((c: Named) => c.name === 'Smoke (Firefox, Windows)');
    expect(
      firefoxWindows.configurations.map((c: { name: string; group: string }) => [c.group, c.name]),
    ).toEqual([
      ['Browser', 'Firefox'],
      ['OS', 'Windows'],
    ]);
    expect(firefoxWindows.counts.total).toBe(4);
    expect(plan.cycles.find((c: Named) => c.name === 'Smoke').configurations).toEqual([]);
  });

  it('answers totals that follow the results recorded in its cycles, in the plan and the list', async () => {
    const plan = await createPlan({
      entries: [{ case_ids: [tree.caseId], configuration_ids: [browser.chrome, browser.firefox] }],
    });
    const [first, second] = plan.cycles;
    const [a, b] = await itemsOf(first.id);
    const [c] = await itemsOf(second.id);
    for (const [item, state] of [
      [a!, 'passed'],
      [b!, 'failed'],
      [c!, 'retest'],
    ] as const) {
      expectStatus(await admin().post(`/api/cycle-items/${item.id}/results`, { state }), 201);
    }
    const read = expectStatus(await admin().get(`/api/plans/${plan.id}`), 200);
    expect(read.totals).toEqual({
      total: 6,
      untested: 3,
      passed: 1,
      failed: 1,
      blocked: 0,
      skipped: 0,
      retest: 1,
    });
    const summed = read.cycles.reduce(
      (n: number, y: { counts: { passed: number } }) => n + y.counts.passed,
      0,
    );
    expect(summed).toBe(1);
    const listed = expectStatus(await admin().get(plansOf(w.project.id)), 200).plans;
    const mine = listed.find((p: { id: number }) => p.id === plan.id);
    expect(mine).toMatchObject({ cycle_count: 2, totals: read.totals, name: plan.name });
    expect(mine.entries).toBeUndefined();
  });

  it('lists the project’s plans in the order they were made, and no other project’s', async () => {
    const project = await createProject(t, w.admin);
    expect(expectStatus(await admin().get(plansOf(project.id)), 200)).toEqual({ plans: [] });
    const made = await admin().post(`/api/test-cases/project/${project.id}/create`, { name: 'case' });
    const caseId = expectStatus(made, 201).testCase.id;
    const first = await createPlan({ entries: [{ case_ids: [caseId] }] }, project.id);
    const second = await createPlan({ entries: [{ all_cases: true }, { case_ids: [caseId] }] }, project.id);
    const { plans } = expectStatus(await admin().get(plansOf(project.id)), 200);
    expect(plans.map((p: { id: number; cycle_count: number }) => [p.id, p.cycle_count])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);
  });

  it('moves its cycles, open or closed, with its milestone, and keeps their names on a rename', async () => {
    const release = await createMilestone();
    const plan = await createPlan({
      entries: [{ case_ids: [tree.caseId], configuration_ids: [browser.chrome] }],
    });
    const cycle = plan.cycles[0];
    expectStatus(await admin().put(`/api/cycles/${cycle.id}`, { state: 'closed' }), 200);
    const moved = expectStatus(
      await admin().put(`/api/plans/${plan.id}`, {
        milestone_id: release.id,
        name: 'Renamed',
        description: 'd',
      }),
      200,
    );
    expect(moved.message).toBe('Test plan saved');
    expect(moved.plan).toMatchObject({ name: 'Renamed', description: 'd', milestone_id: release.id });
    expect(moved.plan.cycles[0]).toMatchObject({
      milestone_id: release.id,
      milestone: release.name,
      name: cycle.name,
      state: 'closed',
    });
    expect(expectStatus(await admin().get(`/api/milestones/${release.id}`), 200)).toMatchObject({
      cycles: 1,
    });
    const out = expectStatus(await admin().put(`/api/plans/${plan.id}`, { milestone_id: null }), 200);
    expect(out.plan.cycles[0]).toMatchObject({ milestone_id: null, milestone: null });
    const kept = expectStatus(await admin().put(`/api/plans/${plan.id}`, { description: 'again' }), 200);
    expect(kept.plan.milestone_id).toBeNull();
    const elsewhere = await createMilestone((await createProject(t, w.admin)).id);
    const refused = await admin().put(`/api/plans/${plan.id}`, { milestone_id: elsewhere.id });
    expect(expectStatus(refused, 400).message).toBe('The milestone is not one of this project');
    const audit = await queryRows<{ summary: string }>(
      t.db,
      sql`select summary from audit_log where entity_type = 'plan' and entity_id = ${plan.id} order by id`,
    );
    expect(audit.map((e) => e.summary)).toEqual([
      `Created plan "${plan.name}" with 1 cycle`,
      'Updated plan "Renamed": name, description, milestone_id',
      'Updated plan "Renamed": milestone_id',
      'Updated plan "Renamed": description',
    ]);
  });

  it('on delete keeps its cycles by default, detached, or deletes them with ?cycles=delete', async () => {
    const kept = await createPlan({
      entries: [{ case_ids: [tree.caseId], configuration_ids: [browser.chrome] }],
    });
    const keptCycle = kept.cycles[0];
    const [item] = await itemsOf(keptCycle.id);
    expectStatus(await admin().post(`/api/cycle-items/${item!.id}/results`, { state: 'passed' }), 201);
    const keep = expectStatus(await admin().del(`/api/plans/${kept.id}`), 200);
    expect(keep.message).toBe('Test plan deleted; its test cycle stays');
    expectStatus(await admin().get(`/api/plans/${kept.id}`), 404);
    expect(expectStatus(await admin().get(`/api/cycles/${keptCycle.id}`), 200)).toMatchObject({
      plan_id: null,
      configurations: [{ id: browser.chrome, name: 'Chrome', group: 'Browser' }],
      counts: { total: 3, passed: 1 },
    });

    const gone = await createPlan({
      entries: [{ case_ids: [tree.caseId], configuration_ids: [browser.chrome, browser.firefox] }],
    });
    const [goneItem] = await itemsOf(gone.cycles[0].id);
    const result = expectStatus(
      await admin().post(`/api/cycle-items/${goneItem!.id}/results`, { state: 'failed' }),
      201,
    ).result;
    const deleted = expectStatus(await admin().del(`/api/plans/${gone.id}?cycles=delete`), 200);
    expect(deleted.message).toBe('Test plan and its 2 test cycles deleted');
    for (const cycle of gone.cycles) expectStatus(await admin().get(`/api/cycles/${cycle.id}`), 404);
    const runs = await queryRows<{ id: number }>(
      t.db,
      sql`select id from test_runs where id = ${result.run_id}`,
    );
    expect(runs).toEqual([]);
    const audit = await queryRows<{ summary: string }>(
      t.db,
      sql`select summary from audit_log where entity_type = 'plan' and action = 'delete'
        and entity_id in (${kept.id}, ${gone.id}) order by id`,
    );
    expect(audit.map((e) => e.summary)).toEqual([
      `Deleted plan "${kept.name}"; 1 cycle kept`,
      `Deleted plan "${gone.name}" with 2 cycles`,
    ]);
    expectStatus(await admin().del(`/api/plans/${gone.id}`), 404);
    expectStatus(await admin().del(`/api/plans/${kept.id}?cycles=all`), 400);
  });

  it('goes with its project’s milestone delete to no milestone, cycles with it', async () => {
    const release = await createMilestone();
    const plan = await createPlan({ milestone_id: release.id, entries: [{ case_ids: [tree.caseId] }] });
    expectStatus(await admin().del(`/api/milestones/${release.id}`), 200);
    const read = expectStatus(await admin().get(`/api/plans/${plan.id}`), 200);
    expect(read.milestone_id).toBeNull();
    expect(read.cycles[0]).toMatchObject({ milestone_id: null, milestone: null, plan_id: plan.id });
  });
});

describe('refusals', () => {
  it('answer 400 for bounds and ids that are not the project’s, and leave nothing behind', async () => {
    const before = await cyclesInProject();
    const other = await createProject(t, w.admin);
    const [foreignConfiguration] = await createGroup(other.id, 'Browser', ['Edge']);
    const foreignMilestone = await createMilestone(other.id);
    const foreignSuite = expectStatus(
      await admin().post('/api/testsuites/create', { project_id: other.id, name: 'S' }),
      201,
    ).suite.id;
    const emptySuite = expectStatus(
      await admin().post('/api/testsuites/create', { project_id: w.project.id, name: 'Empty' }),
      201,
    ).suite.id;
    const wide = await createGroup(
      w.project.id,
      'Wide',
      Array.from({ length: 11 }, (_, i) => `W${i}`),
    );
    const tall = await createGroup(
      w.project.id,
      'Tall',
      Array.from({ length: 10 }, (_, i) => `T${i}`),
    );
    const one = { case_ids: [tree.caseId] };
    const cases: [object, string, string?][] = [
      [{}, 'invalid_request'],
      [{ name: 'P', entries: [] }, 'invalid_request'],
      [{ name: '  ', entries: [one] }, 'invalid_request'],
      [{ name: 'P', entries: [one], colour: 'red' }, 'invalid_request'],
      [{ name: 'P', entries: [{ ...one, colour: 'red' }] }, 'invalid_request'],
      [
        { name: 'P', entries: Array.from({ length: PLAN_LIMITS.entriesMax + 1 }, () => one) },
        'invalid_request',
      ],
      [{ name: 'P', entries: [{ case_ids: [0] }] }, 'invalid_request'],
      [
        { name: 'P', entries: [{}] },
        'selection_empty',
        'Entry 1: choose its cases: suites, cases or all cases',
      ],
      [
        { name: 'P', entries: [one, { suite_ids: [emptySuite] }] },
        'nothing_selected',
        'Entry 2: the selection holds no test cases',
      ],
      [
        { name: 'P', entries: [{ ...one, configuration_ids: [...wide, ...tall] }] },
        'invalid_request',
        'The plan would make 110 test cycles; a plan makes at most 100',
      ],
      [
        {
          name: 'P',
          entries: Array.from({ length: 11 }, () => ({ ...one, configuration_ids: tall })),
        },
        'invalid_request',
        'The plan would make 110 test cycles; a plan makes at most 100',
      ],
      [
        { name: 'P', entries: [one, { ...one, configuration_ids: [browser.chrome, foreignConfiguration] }] },
        'invalid_request',
        `Entry 2: configuration ${foreignConfiguration} is not one of this project`,
      ],
      [
        { name: 'P', entries: [{ ...one, configuration_ids: [999999] }] },
        'invalid_request',
        'Entry 1: configuration 999999 is not one of this project',
      ],
      [
        { name: 'P', milestone_id: foreignMilestone.id, entries: [one] },
        'invalid_request',
        'The milestone is not one of this project',
      ],
      [
        { name: 'P', entries: [{ suite_ids: [foreignSuite] }] },
        'invalid_request',
        `Entry 1: test suite ${foreignSuite} is not one of this project`,
      ],
      [
        { name: 'P', entries: [{ case_ids: [999999] }] },
        'invalid_request',
        'Entry 1: test case 999999 is not one of this project',
      ],
      [
        { name: 'P', entries: [{ ...one, assignee_id: w.outsider.id }] },
        'invalid_request',
        'Entry 1: the assignee must be a user who sees the project',
      ],
    ];
    for (const [body, code, message] of cases) {
      const answer = expectStatus(await admin().post(plansOf(w.project.id), body), 400);
      expect(answer.code, JSON.stringify(body).slice(0, 200)).toBe(code);
      if (message) expect(answer.message).toBe(message);
    }
    expect(await cyclesInProject()).toBe(before);
    const [plans] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from test_plans where name = 'P'`,
    );
    expect(plans!.n).toBe(0);
    // Exactly the bound is allowed.
    const full = await createPlan({
      entries: [
        { ...one, configuration_ids: tall },
        ...Array.from({ length: 9 }, () => ({ ...one, configuration_ids: tall })),
      ],
    });
    expect(full.cycle_count).toBe(PLAN_LIMITS.cyclesMax);
    await expectBadIds(t, w.admin, 'GET', ['/api/plans/0', '/api/plans/abc', '/api/projects/x/plans']);
    await expectBadIds(t, w.admin, 'PUT', ['/api/plans/0', '/api/plans/-1'], { name: 'N' });
    await expectBadIds(t, w.admin, 'DELETE', ['/api/plans/0']);
    expectStatus(await admin().get('/api/plans/999999'), 404);
    expectStatus(await admin().put('/api/plans/999999', { name: 'N' }), 404);
    expectStatus(await admin().post(plansOf(999999), { name: 'P', entries: [one] }), 404);
  });

  it('add no items to an entry whose selection holds more cases than an entry may', async () => {
    const plan = await createPlan({ entries: [{ case_ids: [tree.caseId] }] });
    const cycleId = plan.cycles[0].id;
    await t.db
      .transaction(async (tx) => {
        const over = await insertEntryItems(
          tx,
          w.project.id,
          [cycleId],
          { suiteIds: [], caseIds: [], allCases: true },
          null,
          2,
        );
        expect(over).toEqual({ picked: 4, added: 0 });
        const within = await insertEntryItems(
          tx,
          w.project.id,
          [cycleId],
          { suiteIds: [], caseIds: [tree.looseCaseId], allCases: false },
          null,
          2,
        );
        expect(within).toEqual({ picked: 1, added: 1 });
        throw new Error('rollback');
      })
      .catch((error: Error) => expect(error.message).toBe('rollback'));
    expect(LIMITS.cycleSelectionMax).toBe(50_000);
  });
});

describe('permissions', () => {
  it('answer 401, 404 to whoever cannot see the project and 403 naming the cycle permission', async () => {
    const plan = await createPlan({ entries: [{ case_ids: [tree.caseId] }] });
    const calls = [
      { method: 'GET', url: plansOf(w.project.id), permission: 'home_test_cycle' },
      {
        method: 'POST',
        url: plansOf(w.project.id),
        payload: { name: 'N', entries: [{ case_ids: [tree.caseId] }] },
        permission: 'add_test_cycle',
      },
      { method: 'GET', url: `/api/plans/${plan.id}`, permission: 'home_test_cycle' },
      { method: 'PUT', url: `/api/plans/${plan.id}`, payload: { name: 'N' }, permission: 'edit_test_cycle' },
      { method: 'DELETE', url: `/api/plans/${plan.id}`, permission: 'delete_test_cycle' },
      { method: 'DELETE', url: `/api/plans/${plan.id}?cycles=delete`, permission: 'delete_test_cycle' },
    ] as const;
    for (const call of calls) await expectGuards(t, w, call);
    expectStatus(await admin().get(`/api/plans/${plan.id}`), 200);
  });

  it('let a reader of cycles see plans and nothing more', async () => {
    const plan = await createPlan({ entries: [{ case_ids: [tree.caseId] }] });
    const api = as(t, tester.token);
    expectStatus(await api.get(plansOf(w.project.id)), 200);
    expectStatus(await api.get(`/api/plans/${plan.id}`), 200);
    expectStatus(await api.post(plansOf(w.project.id), { name: 'N', entries: [{ all_cases: true }] }), 403);
    expectStatus(await api.put(`/api/plans/${plan.id}`, { name: 'N' }), 403);
    expectStatus(await api.del(`/api/plans/${plan.id}`), 403);
  });
});

describe('the plan statements', () => {
  it('read only the plans’ own cycles and entries, through indexes', async () => {
    const project = await createProject(t, w.admin);
    const made = await admin().post(`/api/test-cases/project/${project.id}/create`, { name: 'case' });
    const caseId = expectStatus(made, 201).testCase.id;
    const plan = await createPlan({ entries: [{ case_ids: [caseId] }, { all_cases: true }] }, project.id);
    // Many cycles of no plan, here and elsewhere: the statements must not read them.
    await t.db.execute(sql`insert into test_cycles (project_id, name)
      select ${project.id}, 'unplanned ' || n from generate_series(1, 3000) n`);
    for (const table of ['test_cycles', 'cycle_counts', 'test_plans', 'test_plan_entries']) {
      await t.db.execute(sql`analyze ${sql.identifier(table)}`);
    }
    const list = await explain(t.db, await statementOf((db) => listPlansOfProject(db, project.id)), true);
    expect(planProblems(list)).toEqual([]);
    expect(rowsReadFrom(list, 'test_cycles')).toBeLessThanOrEqual(10);
    expect(rowsReadFrom(list, 'cycle_counts')).toBeLessThanOrEqual(10);
    const entries = await explain(t.db, await statementOf((db) => listEntriesOfPlan(db, plan.id)), true);
    expect(planProblems(entries)).toEqual([]);
    expect(rowsReadFrom(entries, 'test_cycles')).toBeLessThanOrEqual(10);
    const [cycles] = await statementsOf((db) =>
      import('../src/modules/cycles/cycles-repository.ts').then((m) => m.listCyclesOfPlan(db, plan.id)),
    );
    const cyclesPlan = await explain(t.db, cycles!, true);
    expect(rowsReadFrom(cyclesPlan, 'test_cycles')).toBeLessThanOrEqual(10);
  });
});

describe('a plan at size', () => {
  it('makes 10 entries × 6 configurations × 1,000 cases (60,000 items) in one request', {
    timeout: 120_000,
  }, async () => {
    const project = await createProject(t, w.admin);
    const rows = await queryRows<{ id: number }>(
      t.db,
      sql`insert into test_cases (project_id, name)
        select ${project.id}, 'Case ' || g from generate_series(1, 10000) g returning id`,
    );
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    // Cases written straight into the table, as nothing in the app writes them: analysed as the
    // autovacuum would, else the foreign key checks of the items plan for the table's old size.
    await t.db.execute(sql`analyze test_cases`);
    const browsers = await createGroup(project.id, 'Browser', ['Chrome', 'Firefox', 'Safari']);
    const systems = await createGroup(project.id, 'OS', ['Linux', 'Windows']);
    const entries = Array.from({ length: 10 }, (_, i) => ({
      name: `Area ${i + 1}`,
      case_ids: ids.slice(i * 1000, (i + 1) * 1000),
      configuration_ids: [...browsers, ...systems],
    }));
    const started = performance.now();
    const res = await admin().post(plansOf(project.id), { name: 'Big', entries });
    const ms = Math.round(performance.now() - started);
    const plan = expectStatus(res, 201).plan;
    console.info(`plan of 60 cycles and 60,000 items created in ${ms} ms`);
    expect(plan.cycle_count).toBe(60);
    expect(plan.totals).toMatchObject({ total: 60_000, untested: 60_000 });
    const [items] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from cycle_items i join test_cycles y on y.id = i.cycle_id
        where y.plan_id = ${plan.id}`,
    );
    expect(items!.n).toBe(60_000);
  });
});
