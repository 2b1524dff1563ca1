import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { addMember, createRole, createUser } from './helpers/fixtures.ts';
import { as, expectBadIds, expectGuards, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type TestUser, type Tree, type World } from './helpers/world.ts';

let t: TestApp;
let w: World;
let tree: Tree;
let tester: TestUser;
beforeAll(async () => {
  const runner = ['home_test_run', 'add_test_run_in_test_case', 'edit_test_run', 'delete_test_run'];
  ({ t, w, tree, tester } = await startWorld({ tree: true, members: { tester: runner } }));
});
afterAll(() => t.close());

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function newRun(caseId: number, status?: 'passed' | 'failed', token = tester.token) {
  return expectStatus(
    await as(t, token).post(`/api/testruns/create/${caseId}`, status ? { status } : {}),
    201,
  ).testRun;
}

describe('POST /api/testruns/create/{caseId}', () => {
  it('records a run by the caller, with the case project copied', async () => {
    const res = await as(t, tester.token).post(`/api/testruns/create/${tree.childId}`, { status: 'failed' });
    const body = expectStatus(res, 201);
    expect(body).toEqual({
      message: 'Test run created successfully',
      testRun: {
        id: expect.any(Number),
        status: 'failed',
        executed_by: tester.id,
        executor: { id: tester.id, username: tester.username },
        test_case: { id: tree.childId, name: 'child' },
        created_at: expect.stringMatching(ISO),
      },
    });
    const [row] = await queryRows(
      t.db,
      sql`select project_id, case_id from test_runs where id = ${body.testRun.id}`,
    );
    expect(row).toEqual({ project_id: w.project.id, case_id: tree.childId });
  });

  it('defaults the status to passed, with or without a body', async () => {
    expect((await newRun(tree.caseId)).status).toBe('passed');
    const bare = await t.request({
      method: 'POST',
      url: `/api/testruns/create/${tree.caseId}`,
      token: tester.token,
    });
    expect(expectStatus(bare, 201).testRun.status).toBe('passed');
  });

  it('needs add_test_run_in_test_case in the case project; hidden cases look missing', async () => {
    const url = `/api/testruns/create/${tree.caseId}`;
    await expectGuards(t, w, { method: 'POST', url, payload: {}, permission: 'add_test_run_in_test_case' });
    const hidden = await as(t, w.outsider.token).post(url, {});
    const missing = await as(t, w.outsider.token).post('/api/testruns/create/999999', {});
    expect(hidden.json()).toEqual({ message: 'Test case not found', code: 'not_found' });
    expect(missing.json()).toEqual(hidden.json());
  });

  it('answers 400 for a bad status, extra fields or a bad id', async () => {
    const url = `/api/testruns/create/${tree.caseId}`;
    for (const payload of [{ status: 'skipped' }, { status: 'passed', executed_by: 1 }, { status: null }]) {
      expectStatus(await as(t, tester.token).post(url, payload), 400);
    }
    await expectBadIds(t, tester.token, 'POST', ['/api/testruns/create/abc', '/api/testruns/create/0'], {});
  });
});

describe('runs created at the same moment', () => {
  it('are recorded together, each answered with its own run, entry and count', async () => {
    const api = as(t, w.admin);
    const make = async (name: string) =>
      expectStatus(await api.post(`/api/test-cases/project/${w.project.id}/create`, { name }), 201).testCase
        .id;
    const [a, b, doomed] = [await make('batch a'), await make('batch b'), await make('batch doomed')];
    await newRun(doomed); // known to the server, then deleted while the others are recorded
    const before = await statsOf();
    const requests = Array.from({ length: 40 }, (_, i) => {
      const caseId = [a, b, doomed][i % 3]!;
      return as(t, i % 2 ? tester.token : w.admin).post(`/api/testruns/create/${caseId}`, {
        status: i % 4 === 0 ? 'failed' : 'passed',
      });
    });
    const deletion = api.del(`/api/test-cases/delete/${doomed}`);
    const answers = await Promise.all(requests);
    expectStatus(await deletion, 200);
    const created = answers.filter((r) => r.statusCode === 201).map((r) => r.json().testRun);
    // Only runs of the deleted case may fail, and only with its 404.
    for (const [i, res] of answers.entries()) {
      if (res.statusCode !== 201) {
        expect([i % 3, res.statusCode, res.json().message]).toEqual([2, 404, 'Test case not found']);
      }
    }
    expect(created.filter((r) => r.test_case.id !== doomed)).toHaveLength(27);
    for (const [i, res] of answers.entries()) {
      if (res.statusCode !== 201) continue;
      const run = res.json().testRun;
      expect(run.test_case.id).toBe([a, b, doomed][i % 3]);
      expect(run.status).toBe(i % 4 === 0 ? 'failed' : 'passed');
      expect(run.executed_by).toBe(i % 2 ? tester.id : 1); // the first administrator is user 1
    }
    expect(new Set(created.map((r) => r.id)).size).toBe(created.length);
    const entries = await queryRows<{ entity_id: number; actor_id: number; summary: string }>(
      t.db,
      sql`select entity_id, actor_id, summary from audit_log where entity_type = 'run' and action = 'create'
        and entity_id in ${sql.raw(`(${created.map((r) => r.id).join(',') || 0})`)}`,
    );
    expect(entries).toHaveLength(created.length);
    for (const run of created) {
      const entry = entries.find((e) => e.entity_id === run.id)!;
      expect(entry.actor_id).toBe(run.executed_by);
      expect(entry.summary).toBe(`Recorded run #${run.id} (${run.status}) of case "${run.test_case.name}"`);
    }
    // The counters equal a recount (the doomed case's runs went with it).
    const after = await statsOf();
    const recount = await queryRows<{ passed: number; failed: number }>(
      t.db,
      sql`select count(*) filter (where status = 'passed')::int as passed,
        count(*) filter (where status = 'failed')::int as failed from test_runs where project_id = ${w.project.id}`,
    );
    expect(after).toEqual(recount[0]);
    expect(after.passed + after.failed).toBeGreaterThan(before.passed + before.failed);
  });
});

async function statsOf() {
  const [row] = await queryRows<{ passed: number; failed: number }>(
    t.db,
    sql`select passed, failed from project_stats where project_id = ${w.project.id}`,
  );
  return row!;
}

describe('GET /api/testruns/testcase/{id}', () => {
  it("answers the case's runs by id", async () => {
    const caseId = tree.grandchildId;
    const before = expectStatus(await as(t, tester.token).get(`/api/testruns/testcase/${caseId}`), 200);
    const added = await newRun(caseId, 'failed');
    const after = expectStatus(await as(t, tester.token).get(`/api/testruns/testcase/${caseId}`), 200);
    expect(after).toEqual([...before, added]);
    expect(after.every((r: { test_case: { id: number } }) => r.test_case.id === caseId)).toBe(true);
    const failed = expectStatus(
      await as(t, tester.token).get(`/api/testruns/testcase/${caseId}?q=fail`),
      200,
    );
    expect(failed.map((r: { status: string }) => r.status)).toEqual(['failed', 'failed']);
    const byName = await as(t, tester.token).get(`/api/testruns/testcase/${caseId}?q=${tester.username}`);
    expect(expectStatus(byName, 200)).toEqual([added]);
  });

  it('needs home_test_run in the case project', async () => {
    await expectGuards(t, w, {
      method: 'GET',
      url: `/api/testruns/testcase/${tree.caseId}`,
      permission: 'home_test_run',
    });
    await expectBadIds(t, w.admin, 'GET', ['/api/testruns/testcase/x']);
    expect(expectStatus(await as(t, w.admin).get('/api/testruns/testcase/999999'), 404)).toEqual({
      message: 'Test case not found',
      code: 'not_found',
    });
  });
});

describe('GET /api/testruns/detail/{id}', () => {
  it('answers a run to anyone who sees its project; hidden runs look missing', async () => {
    const run = await newRun(tree.caseId, 'failed');
    expect(expectStatus(await as(t, w.member.token).get(`/api/testruns/detail/${run.id}`), 200)).toEqual(run);
    await expectGuards(t, w, { method: 'GET', url: `/api/testruns/detail/${run.id}` });
    const hidden = await as(t, w.outsider.token).get(`/api/testruns/detail/${run.id}`);
    const missing = await as(t, w.outsider.token).get('/api/testruns/detail/999999');
    expect(hidden.json()).toEqual({ message: 'Test run not found', code: 'not_found' });
    expect(missing.json()).toEqual(hidden.json());
    await expectBadIds(t, w.admin, 'GET', ['/api/testruns/detail/abc']);
  });
});

describe('PUT /api/testruns/update/{id}', () => {
  it('changes only the status; the executor stays', async () => {
    const run = await newRun(tree.caseId, 'passed');
    const res = await as(t, w.admin).put(`/api/testruns/update/${run.id}`, { status: 'failed' });
    expect(expectStatus(res, 200)).toEqual({
      message: 'Test run updated successfully',
      testRun: { ...run, status: 'failed' },
    });
    for (const payload of [{}, { status: 'failed', executed_by: 1 }, { status: 'maybe' }]) {
      expectStatus(await as(t, w.admin).put(`/api/testruns/update/${run.id}`, payload), 400);
    }
  });

  it('needs edit_test_run in the run project', async () => {
    const run = await newRun(tree.caseId);
    const url = `/api/testruns/update/${run.id}`;
    await expectGuards(t, w, {
      method: 'PUT',
      url,
      payload: { status: 'failed' },
      permission: 'edit_test_run',
    });
    expectStatus(await as(t, w.admin).put('/api/testruns/update/999999', { status: 'failed' }), 404);
    await expectBadIds(t, w.admin, 'PUT', ['/api/testruns/update/0'], { status: 'failed' });
    expect(expectStatus(await as(t, w.admin).get(`/api/testruns/detail/${run.id}`), 200).status).toBe(
      'passed',
    );
  });
});

describe('DELETE /api/testruns/delete/{id}', () => {
  it('deletes a run', async () => {
    const run = await newRun(tree.caseId);
    expect(expectStatus(await as(t, tester.token).del(`/api/testruns/delete/${run.id}`), 200)).toEqual({
      message: 'Test run deleted successfully',
    });
    expectStatus(await as(t, w.admin).get(`/api/testruns/detail/${run.id}`), 404);
    expectStatus(await as(t, w.admin).del(`/api/testruns/delete/${run.id}`), 404);
  });

  it('needs delete_test_run in the run project', async () => {
    const run = await newRun(tree.caseId);
    await expectGuards(t, w, {
      method: 'DELETE',
      url: `/api/testruns/delete/${run.id}`,
      permission: 'delete_test_run',
    });
    await expectBadIds(t, w.admin, 'DELETE', ['/api/testruns/delete/abc']);
    expectStatus(await as(t, w.admin).get(`/api/testruns/detail/${run.id}`), 200);
  });
});

describe('a deleted executor', () => {
  it('keeps executed_by on the run and answers executor null', async () => {
    const gone = await createUser(t);
    await addMember(t, w.project.id, gone.id, await createRole(t, ['add_test_run_in_test_case']));
    const run = await newRun(tree.looseCaseId, 'failed', gone.token);
    await t.db.execute(sql`delete from users where id = ${gone.id}`);
    const after = expectStatus(await as(t, w.admin).get(`/api/testruns/detail/${run.id}`), 200);
    expect(after).toEqual({ ...run, executor: null });
    expect(after.executed_by).toBe(gone.id);
    const list = expectStatus(await as(t, w.admin).get(`/api/testruns/testcase/${tree.looseCaseId}`), 200);
    expect(list.find((r: { id: number }) => r.id === run.id)).toEqual({ ...run, executor: null });
  });
});
