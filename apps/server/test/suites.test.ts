import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { addMember, createProject, createRole, createTree, createUser } from './helpers/fixtures.ts';
import { as, expectBadIds, expectGuards, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type World } from './helpers/world.ts';

let t: TestApp;
let w: World;
let suiteId: number;
beforeAll(async () => {
  ({ t, w } = await startWorld());
  const res = await as(t, w.admin).post('/api/testsuites/create', { project_id: w.project.id, name: 'Main' });
  suiteId = expectStatus(res, 201).suite.id;
});
afterAll(() => t.close());

async function newSuite(projectId: number, name = 'S'): Promise<number> {
  return expectStatus(
    await as(t, w.admin).post('/api/testsuites/create', { project_id: projectId, name }),
    201,
  ).suite.id;
}

describe('GET /api/testsuites/project/{projectId} and /api/test-suites/project/{projectId}', () => {
  it("answer the project's suites by id, on both paths", async () => {
    const project = await createProject(t, w.admin);
    const other = await createProject(t, w.admin);
    const a = await newSuite(project.id, 'Login');
    const b = await newSuite(project.id, 'Checkout');
    await newSuite(other.id, 'Elsewhere');
    const viewer = await createUser(t);
    await addMember(t, project.id, viewer.id, await createRole(t, ['home_test_suit']));
    const expected = [
      { id: a, name: 'Login', description: '', project_id: project.id },
      { id: b, name: 'Checkout', description: '', project_id: project.id },
    ];
    for (const prefix of ['/api/testsuites', '/api/test-suites']) {
      const res = await as(t, viewer.token).get(`${prefix}/project/${project.id}`);
      expect(expectStatus(res, 200)).toEqual(expected);
    }
    const page = await as(t, viewer.token).get(`/api/testsuites/project/${project.id}?q=check&limit=1`);
    expect(expectStatus(page, 200)).toEqual([expected[1]]);
  });

  it('need home_test_suit in a project the caller sees', async () => {
    for (const prefix of ['/api/testsuites', '/api/test-suites']) {
      await expectGuards(t, w, {
        method: 'GET',
        url: `${prefix}/project/${w.project.id}`,
        permission: 'home_test_suit',
      });
      await expectBadIds(t, w.admin, 'GET', [`${prefix}/project/abc`, `${prefix}/project/0`]);
      expectStatus(await as(t, w.admin).get(`${prefix}/project/999999`), 404);
    }
  });
});

describe('GET /api/testsuites/count', () => {
  it('counts suites only in the projects the caller sees', async () => {
    const creator = await createUser(t, { permissions: ['add_project', 'add_test_suit_in_project'] });
    const own = await createProject(t, creator.token);
    for (const name of ['a', 'b']) {
      expectStatus(
        await as(t, creator.token).post('/api/testsuites/create', { project_id: own.id, name }),
        201,
      );
    }
    await newSuite(w.project.id);
    expect(expectStatus(await as(t, creator.token).get('/api/testsuites/count'), 200)).toEqual({
      totalTestSuites: 2,
    });
    expect(expectStatus(await as(t, w.outsider.token).get('/api/testsuites/count'), 200)).toEqual({
      totalTestSuites: 0,
    });
    const [all] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from suites`);
    expect(expectStatus(await as(t, w.admin).get('/api/testsuites/count'), 200)).toEqual({
      totalTestSuites: all!.n,
    });
    expectStatus(await as(t).get('/api/testsuites/count'), 401);
  });
});

describe('POST /api/testsuites/create', () => {
  it('adds a suite to a project', async () => {
    const res = await as(t, w.admin).post('/api/testsuites/create', {
      project_id: w.project.id,
      name: '  Smoke  ',
      description: 'Fast checks',
    });
    expect(expectStatus(res, 201)).toEqual({
      message: 'Test suite created successfully',
      suite: { id: expect.any(Number), name: 'Smoke', description: 'Fast checks', project_id: w.project.id },
    });
  });

  it('needs add_test_suit_in_project in a project the caller sees', async () => {
    const payload = { project_id: w.project.id, name: 'x' };
    await expectGuards(t, w, {
      method: 'POST',
      url: '/api/testsuites/create',
      payload,
      permission: 'add_test_suit_in_project',
    });
    const missing = await as(t, w.admin).post('/api/testsuites/create', { ...payload, project_id: 999999 });
    expect(expectStatus(missing, 404)).toEqual({ message: 'Project not found', code: 'not_found' });
  });

  it('answers 400 for a bad body', async () => {
    for (const payload of [
      { name: 'x' },
      { project_id: w.project.id, name: '   ' },
      { project_id: w.project.id },
      { project_id: 'p', name: 'x' },
      { project_id: w.project.id, name: 'x', extra: 1 },
    ]) {
      expectStatus(await as(t, w.admin).post('/api/testsuites/create', payload), 400);
    }
  });
});

describe('GET /api/testsuites/detail/{id}', () => {
  it('answers a suite to anyone who sees its project', async () => {
    const res = await as(t, w.member.token).get(`/api/testsuites/detail/${suiteId}`);
    expect(expectStatus(res, 200)).toEqual({
      id: suiteId,
      name: 'Main',
      description: '',
      project_id: w.project.id,
    });
  });

  it('answers a suite of a hidden project exactly like a missing one', async () => {
    await expectGuards(t, w, { method: 'GET', url: `/api/testsuites/detail/${suiteId}` });
    const hidden = await as(t, w.outsider.token).get(`/api/testsuites/detail/${suiteId}`);
    const missing = await as(t, w.outsider.token).get('/api/testsuites/detail/999999');
    expect(hidden.json()).toEqual(missing.json());
    expect(hidden.json()).toEqual({ message: 'Test suite not found', code: 'not_found' });
    await expectBadIds(t, w.admin, 'GET', ['/api/testsuites/detail/x', '/api/testsuites/detail/0']);
  });
});

describe('PUT /api/testsuites/update/{id}', () => {
  it('changes name and description', async () => {
    const id = await newSuite(w.project.id, 'Old');
    const res = await as(t, w.admin).put(`/api/testsuites/update/${id}`, {
      name: 'New',
      description: 'Desc',
    });
    expect(expectStatus(res, 200)).toEqual({
      message: 'Test suite updated successfully',
      suite: { id, name: 'New', description: 'Desc', project_id: w.project.id },
    });
  });

  it('needs edit_test_suit in the suite project', async () => {
    const url = `/api/testsuites/update/${suiteId}`;
    await expectGuards(t, w, { method: 'PUT', url, payload: { name: 'x' }, permission: 'edit_test_suit' });
    expectStatus(await as(t, w.admin).put('/api/testsuites/update/999999', { name: 'x' }), 404);
    expectStatus(await as(t, w.admin).put(url, { name: '' }), 400);
    expectStatus(await as(t, w.admin).put(url, { name: 'x', project_id: 2 }), 400);
    await expectBadIds(t, w.admin, 'PUT', ['/api/testsuites/update/abc'], { name: 'x' });
    expect(expectStatus(await as(t, w.admin).get(`/api/testsuites/detail/${suiteId}`), 200).name).toBe(
      'Main',
    );
  });
});

describe('DELETE /api/testsuites/delete/{id}', () => {
  it('deletes the suite with its cases, their descendants and runs; counters follow', async () => {
    const project = await createProject(t, w.admin);
    const tree = await createTree(t, w.admin, project.id);
    const keep = await newSuite(project.id, 'Keep');
    const res = await as(t, w.admin).del(`/api/testsuites/delete/${tree.suiteId}`);
    expect(expectStatus(res, 200)).toEqual({ message: 'Test suite deleted successfully' });
    const [left] = await queryRows<Record<string, number>>(
      t.db,
      sql`
      select (select count(*)::int from suites where project_id = ${project.id}) as suites,
        (select count(*)::int from test_cases where project_id = ${project.id}) as cases,
        (select count(*)::int from test_runs where project_id = ${project.id}) as runs`,
    );
    // Only the loose case (no suite) and its two runs remain.
    expect(left).toEqual({ suites: 1, cases: 1, runs: 2 });
    const [stats] = await queryRows(
      t.db,
      sql`select suites, passed, failed from project_stats where project_id = ${project.id}`,
    );
    expect(stats).toEqual({ suites: 1, passed: 1, failed: 1 });
    expectStatus(await as(t, w.admin).get(`/api/testsuites/detail/${keep}`), 200);
    expectStatus(await as(t, w.admin).get(`/api/test-cases/single/${tree.grandchildId}`), 404);
  });

  it('is one transaction', async () => {
    const project = await createProject(t, w.admin);
    const tree = await createTree(t, w.admin, project.id);
    await t.db.execute(sql`create function fail_case_delete() returns trigger language plpgsql as $$
      begin if old.parent_id is not null then raise exception 'injected failure'; end if; return old; end $$`);
    await t.db.execute(sql`create trigger fail_case_delete before delete on test_cases
      for each row execute function fail_case_delete()`);
    try {
      expectStatus(await as(t, w.admin).del(`/api/testsuites/delete/${tree.suiteId}`), 500);
    } finally {
      await t.db.execute(sql`drop trigger fail_case_delete on test_cases`);
      await t.db.execute(sql`drop function fail_case_delete()`);
    }
    const [left] = await queryRows(
      t.db,
      sql`
      select (select count(*)::int from test_cases where suite_id = ${tree.suiteId}) as cases,
        (select suites from project_stats where project_id = ${project.id}) as suites`,
    );
    expect(left).toEqual({ cases: 3, suites: 1 });
  });

  it('needs delete_test_suit in the suite project', async () => {
    await expectGuards(t, w, {
      method: 'DELETE',
      url: `/api/testsuites/delete/${suiteId}`,
      permission: 'delete_test_suit',
    });
    await expectBadIds(t, w.admin, 'DELETE', ['/api/testsuites/delete/abc', '/api/testsuites/delete/0']);
    expectStatus(await as(t, w.admin).del('/api/testsuites/delete/999999'), 404);
    expectStatus(await as(t, w.admin).get(`/api/testsuites/detail/${suiteId}`), 200);
  });
});
