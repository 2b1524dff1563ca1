import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createProject, createRole, createTree, createUser } from './helpers/fixtures.ts';
import { orphans, recountDashboard, staleLatestStatuses, statsMismatches } from './helpers/invariants.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type World } from './helpers/world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => ({ t, w } = await startWorld()));
afterAll(() => t.close());

/** The three calls the dashboard makes together (docs/product/dashboard.md, "The calls"). */
async function dashboard(token: string) {
  const api = as(t, token);
  const [projects, suites, runs] = await Promise.all([
    api.get('/api/projects/count'),
    api.get('/api/testsuites/count'),
    api.get('/api/testruns/stats'),
  ]);
  return { ...expectStatus(projects, 200), ...expectStatus(suites, 200), ...expectStatus(runs, 200) };
}

async function expectDashboardMatchesRecount(token: string, userId: number) {
  const expected = await recountDashboard(t.db, userId);
  expect(await dashboard(token)).toEqual({
    ...expected,
    totalRuns: expected.totalPassed + expected.totalFailed,
  });
}

async function expectCountersExact() {
  expect(await statsMismatches(t.db)).toEqual([]);
  expect(await staleLatestStatuses(t.db)).toEqual([]);
  expect(await orphans(t.db)).toEqual([]);
}

describe('dashboard counts', () => {
  it('cover only the projects the caller sees', async () => {
    const user = await createUser(t, { permissions: ['add_project', 'add_test_suit_in_project'] });
    const own = await createProject(t, user.token);
    expectStatus(
      await as(t, user.token).post('/api/testsuites/create', { project_id: own.id, name: 'S' }),
      201,
    );
    const joined = await createProject(t, w.admin);
    await createTree(t, w.admin, joined.id);
    await addMember(t, joined.id, user.id, w.emptyRoleId);
    const hidden = await createProject(t, w.admin);
    await createTree(t, w.admin, hidden.id);

    expect(await dashboard(user.token)).toEqual({
      totalProjects: 2,
      totalTestSuites: 2,
      totalPassed: 4,
      totalFailed: 4,
      totalRuns: 8,
    });
    await expectDashboardMatchesRecount(user.token, user.id);
    await expectDashboardMatchesRecount(w.admin, 1);
    expect(await dashboard(w.outsider.token)).toEqual({
      totalProjects: 0,
      totalTestSuites: 0,
      totalPassed: 0,
      totalFailed: 0,
      totalRuns: 0,
    });
  });

  it('are read from the maintained counters, not recounted per request', async () => {
    const before = await dashboard(w.admin);
    await t.db.execute(
      sql`update project_stats set passed = passed + 1000 where project_id = ${w.project.id}`,
    );
    try {
      expect((await dashboard(w.admin)).totalPassed).toBe(before.totalPassed + 1000);
    } finally {
      await t.db.execute(
        sql`update project_stats set passed = passed - 1000 where project_id = ${w.project.id}`,
      );
    }
  });

  it('need a signed-in user', async () => {
    for (const url of ['/api/projects/count', '/api/testsuites/count', '/api/testruns/stats']) {
      expectStatus(await as(t).get(url), 401);
    }
  });
});

describe('counters stay equal to a recount', () => {
  it('after mixed creates, edits and deletes', async () => {
    const api = as(t, w.admin);
    const p = await createProject(t, w.admin);
    const tree = await createTree(t, w.admin, p.id);
    const second = await createTree(t, w.admin, p.id);
    await expectCountersExact();
    for (const id of tree.runIds.slice(0, 3)) {
      expectStatus(await api.put(`/api/testruns/update/${id}`, { status: 'failed' }), 200);
    }
    expectStatus(await api.put(`/api/testruns/update/${tree.runIds[3]}`, { status: 'passed' }), 200);
    await expectCountersExact();
    expectStatus(await api.del(`/api/testruns/delete/${tree.runIds[7]}`), 200);
    expectStatus(await api.del(`/api/test-cases/delete/${tree.childId}`), 200);
    await expectCountersExact();
    expectStatus(await api.del(`/api/testsuites/delete/${second.suiteId}`), 200);
    await expectCountersExact();
    await expectDashboardMatchesRecount(w.admin, 1);
    expectStatus(await api.del(`/api/projects/delete/${p.id}`), 200);
    await expectCountersExact();
    await expectDashboardMatchesRecount(w.admin, 1);
  });

  it('under concurrent run creates, status changes and deletes', async () => {
    const runner = await createUser(t);
    const role = await createRole(t, ['add_test_run_in_test_case', 'edit_test_run', 'delete_test_run']);
    const projects = [await createProject(t, w.admin), await createProject(t, w.admin)];
    const trees = [];
    for (const p of projects) {
      await addMember(t, p.id, runner.id, role);
      trees.push(await createTree(t, w.admin, p.id));
    }
    const api = as(t, runner.token);
    const calls = trees.flatMap((tree) => [
      ...Array.from({ length: 15 }, (_, i) =>
        api.post(`/api/testruns/create/${i % 2 ? tree.caseId : tree.grandchildId}`, {
          status: i % 3 ? 'passed' : 'failed',
        }),
      ),
      ...tree.runIds.slice(0, 4).map((id) => api.del(`/api/testruns/delete/${id}`)),
      ...tree.runIds
        .slice(4)
        .map((id, i) => api.put(`/api/testruns/update/${id}`, { status: i % 2 ? 'passed' : 'failed' })),
    ]);
    const answers = await Promise.all(calls);
    expect(answers.map((r) => r.statusCode).filter((s) => s >= 300)).toEqual([]);
    await expectCountersExact();
    await expectDashboardMatchesRecount(w.admin, 1);
    await expectDashboardMatchesRecount(runner.token, runner.id);
  });

  it('when a case, suite or project is deleted while runs are being recorded', async () => {
    const api = as(t, w.admin);
    for (const target of ['case', 'suite', 'project'] as const) {
      const p = await createProject(t, w.admin);
      const tree = await createTree(t, w.admin, p.id);
      const url = {
        case: `/api/test-cases/delete/${tree.caseId}`,
        suite: `/api/testsuites/delete/${tree.suiteId}`,
        project: `/api/projects/delete/${p.id}`,
      }[target];
      const creates = (n: number) =>
        Array.from({ length: n }, (_, i) =>
          api.post(`/api/testruns/create/${[tree.caseId, tree.childId, tree.grandchildId][i % 3]}`, {
            status: i % 2 ? 'passed' : 'failed',
          }),
        );
      const answers = await Promise.all([...creates(10), api.del(url), ...creates(10)]);
      // A run either lands before the delete (and goes with it) or finds its case gone.
      for (const res of answers) expect([200, 201, 404]).toContain(res.statusCode);
      await expectCountersExact();
      expectStatus(await api.get(`/api/testruns/testcase/${tree.grandchildId}`), 404);
    }
    await expectDashboardMatchesRecount(w.admin, 1);
  });
});
