import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { addMember, createProject, createRole, createTree, createUser } from './helpers/fixtures.ts';
import { as, expectBadIds, expectGuards, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type Tree, type World } from './helpers/world.ts';

let t: TestApp;
let w: World;
let tree: Tree;
beforeAll(async () => ({ t, w, tree } = await startWorld({ tree: true })));
afterAll(() => t.close());

// Every case of createTree ran passed, then failed: its latest status and its roll-up are failed.
const shape = (id: number, name: string, extra: Record<string, unknown>) => ({
  id,
  name,
  description: '',
  project_id: w.project.id,
  suite_id: null,
  parent_id: null,
  has_children: false,
  status: 'failed',
  rollup: 'failed',
  priority: 'medium',
  tags: [],
  ...extra,
});
const fresh = { status: null, rollup: null };
// What the single-case answer, creates and updates add to the list shape (rich-cases.md).
const detail = (version = 1) => ({
  preconditions: '',
  steps: [],
  custom_fields: {},
  parameters: null,
  version,
  source_id: null,
});

describe('case lists', () => {
  it("GET /project/{id} answers the project's top-level cases, each with its suite_id", async () => {
    const other = await createProject(t, w.admin);
    await createTree(t, w.admin, other.id);
    const res = await as(t, w.admin).get(`/api/test-cases/project/${w.project.id}`);
    expect(expectStatus(res, 200)).toEqual([
      shape(tree.caseId, 'case', { suite_id: tree.suiteId, has_children: true }),
      shape(tree.looseCaseId, 'loose', {}),
    ]);
  });

  it('GET /suite/{id} answers the top-level cases of the suite', async () => {
    const res = await as(t, w.admin).get(`/api/test-cases/suite/${tree.suiteId}`);
    expect(expectStatus(res, 200)).toEqual([
      shape(tree.caseId, 'case', { suite_id: tree.suiteId, has_children: true }),
    ]);
  });

  it('GET /parent/{id} answers the children of a case', async () => {
    const api = as(t, w.admin);
    expect(expectStatus(await api.get(`/api/test-cases/parent/${tree.caseId}`), 200)).toEqual([
      shape(tree.childId, 'child', { suite_id: tree.suiteId, parent_id: tree.caseId, has_children: true }),
    ]);
    expect(expectStatus(await api.get(`/api/test-cases/parent/${tree.childId}`), 200)).toEqual([
      shape(tree.grandchildId, 'grandchild', { suite_id: tree.suiteId, parent_id: tree.childId }),
    ]);
    expect(expectStatus(await api.get(`/api/test-cases/parent/${tree.grandchildId}`), 200)).toEqual([]);
  });

  it('need home_test_case, and hide what is in hidden projects', async () => {
    const viewer = await createUser(t);
    await addMember(t, w.project.id, viewer.id, await createRole(t, ['home_test_case']));
    for (const [url, message] of [
      [`/api/test-cases/project/${w.project.id}`, 'Project not found'],
      [`/api/test-cases/suite/${tree.suiteId}`, 'Test suite not found'],
      [`/api/test-cases/parent/${tree.caseId}`, 'Test case not found'],
    ] as const) {
      await expectGuards(t, w, { method: 'GET', url, permission: 'home_test_case' });
      expectStatus(await as(t, viewer.token).get(url), 200);
      const hidden = expectStatus(await as(t, w.outsider.token).get(url), 404);
      const missing = expectStatus(await as(t, w.outsider.token).get(url.replace(/\d+$/, '999999')), 404);
      expect(hidden).toEqual({ message, code: 'not_found' });
      expect(missing).toEqual(hidden);
    }
    await expectBadIds(t, w.admin, 'GET', [
      '/api/test-cases/project/abc',
      '/api/test-cases/suite/0',
      '/api/test-cases/parent/-3',
      `/api/test-cases/project/${w.project.id}?limit=x`,
    ]);
  });
});

describe('case creation', () => {
  const body = { name: '  New case  ', description: 'Steps' };

  it('POST /project/{id}/create adds a top-level case in no suite', async () => {
    const res = await as(t, w.admin).post(`/api/test-cases/project/${w.project.id}/create`, body);
    expect(expectStatus(res, 201)).toEqual({
      message: 'Test case created successfully',
      testCase: shape(expect.any(Number) as never, 'New case', {
        description: 'Steps',
        ...fresh,
        ...detail(),
      }),
    });
  });

  it('POST /suite/{id}/create adds a top-level case to the suite, in its project', async () => {
    const res = await as(t, w.admin).post(`/api/test-cases/suite/${tree.suiteId}/create`, body);
    expect(expectStatus(res, 201).testCase).toEqual(
      shape(expect.any(Number) as never, 'New case', {
        description: 'Steps',
        suite_id: tree.suiteId,
        ...fresh,
        ...detail(),
      }),
    );
  });

  it("POST /parent/{id}/create adds a child with the parent's project and suite", async () => {
    const res = await as(t, w.admin).post(`/api/test-cases/parent/${tree.grandchildId}/create`, body);
    const child = expectStatus(res, 201).testCase;
    expect(child).toEqual(
      shape(child.id, 'New case', {
        description: 'Steps',
        suite_id: tree.suiteId,
        parent_id: tree.grandchildId,
        ...fresh,
        ...detail(),
      }),
    );
    const parent = expectStatus(await as(t, w.admin).get(`/api/test-cases/single/${tree.grandchildId}`), 200);
    expect(parent.has_children).toBe(true);
    await as(t, w.admin).del(`/api/test-cases/delete/${child.id}`);
  });

  it('each needs its own permission in a project the caller sees', async () => {
    for (const [url, permission, missing] of [
      [`/api/test-cases/project/${w.project.id}/create`, 'add_test_case_in_project', 'Project not found'],
      [`/api/test-cases/suite/${tree.suiteId}/create`, 'add_test_case_in_test_suit', 'Test suite not found'],
      [`/api/test-cases/parent/${tree.caseId}/create`, 'add_test_case_in_test_case', 'Test case not found'],
    ] as const) {
      await expectGuards(t, w, { method: 'POST', url, payload: { name: 'x' }, permission });
      const gone = await as(t, w.admin).post(url.replace(/\/\d+\/create$/, '/999999/create'), { name: 'x' });
      expect(expectStatus(gone, 404)).toEqual({ message: missing, code: 'not_found' });
      for (const payload of [
        {},
        { name: '   ' },
        { name: 'x', suite_id: 1 },
        { name: 'x', description: { text: 'x' } },
      ]) {
        expectStatus(await as(t, w.admin).post(url, payload), 400);
      }
      await expectBadIds(t, w.admin, 'POST', [url.replace(/\/\d+\/create$/, '/abc/create')], { name: 'x' });
    }
  });
});

describe('GET /api/test-cases/single/{id}', () => {
  it('answers a case to anyone who sees its project, hidden ones like missing ones', async () => {
    const res = await as(t, w.member.token).get(`/api/test-cases/single/${tree.childId}`);
    expect(expectStatus(res, 200)).toEqual(
      shape(tree.childId, 'child', {
        suite_id: tree.suiteId,
        parent_id: tree.caseId,
        has_children: true,
        ...detail(),
      }),
    );
    await expectGuards(t, w, { method: 'GET', url: `/api/test-cases/single/${tree.childId}` });
    const hidden = await as(t, w.outsider.token).get(`/api/test-cases/single/${tree.childId}`);
    expect(hidden.json()).toEqual(
      (await as(t, w.outsider.token).get('/api/test-cases/single/999999')).json(),
    );
    await expectBadIds(t, w.admin, 'GET', ['/api/test-cases/single/abc']);
  });
});

describe('PUT /api/test-cases/update/{id}', () => {
  it('changes name and description only', async () => {
    const res = await as(t, w.admin).put(`/api/test-cases/update/${tree.childId}`, {
      name: 'Child 2',
      description: 'D',
    });
    expect(expectStatus(res, 200)).toEqual({
      message: 'Test case updated successfully',
      testCase: shape(tree.childId, 'Child 2', {
        description: 'D',
        suite_id: tree.suiteId,
        parent_id: tree.caseId,
        has_children: true,
        ...detail(2),
      }),
    });
    expectStatus(
      await as(t, w.admin).put(`/api/test-cases/update/${tree.childId}`, { name: 'x', parent_id: null }),
      400,
    );
  });

  it('needs edit_test_case in the case project', async () => {
    const url = `/api/test-cases/update/${tree.caseId}`;
    await expectGuards(t, w, { method: 'PUT', url, payload: { name: 'x' }, permission: 'edit_test_case' });
    expectStatus(await as(t, w.admin).put('/api/test-cases/update/999999', { name: 'x' }), 404);
    expectStatus(await as(t, w.admin).put(url, { name: '' }), 400);
    await expectBadIds(t, w.admin, 'PUT', ['/api/test-cases/update/0'], { name: 'x' });
  });
});

describe('DELETE /api/test-cases/delete/{id}', () => {
  async function count(query: ReturnType<typeof sql>): Promise<number> {
    const [row] = await queryRows<{ n: number }>(t.db, query);
    return row!.n;
  }

  it('deletes the case, its descendants and all their runs; counters follow', async () => {
    const project = await createProject(t, w.admin);
    const mine = await createTree(t, w.admin, project.id);
    const res = await as(t, w.admin).del(`/api/test-cases/delete/${mine.childId}`);
    expect(expectStatus(res, 200)).toEqual({ message: 'Test case deleted successfully' });
    expect(await count(sql`select count(*)::int as n from test_cases where project_id = ${project.id}`)).toBe(
      2,
    );
    expect(await count(sql`select count(*)::int as n from test_runs where project_id = ${project.id}`)).toBe(
      4,
    );
    const [stats] = await queryRows(
      t.db,
      sql`select passed, failed from project_stats where project_id = ${project.id}`,
    );
    expect(stats).toEqual({ passed: 2, failed: 2 });
    const parent = expectStatus(await as(t, w.admin).get(`/api/test-cases/single/${mine.caseId}`), 200);
    expect(parent.has_children).toBe(false);
    expectStatus(await as(t, w.admin).get(`/api/test-cases/single/${mine.grandchildId}`), 404);
  });

  it('is one transaction', async () => {
    const project = await createProject(t, w.admin);
    const mine = await createTree(t, w.admin, project.id);
    await t.db.execute(sql`create function fail_run_delete2() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await t.db.execute(sql`create trigger fail_run_delete2 after delete on test_runs
      for each statement execute function fail_run_delete2()`);
    try {
      expectStatus(await as(t, w.admin).del(`/api/test-cases/delete/${mine.caseId}`), 500);
    } finally {
      await t.db.execute(sql`drop trigger fail_run_delete2 on test_runs`);
      await t.db.execute(sql`drop function fail_run_delete2()`);
    }
    expect(await count(sql`select count(*)::int as n from test_cases where project_id = ${project.id}`)).toBe(
      4,
    );
    expect(await count(sql`select count(*)::int as n from test_runs where project_id = ${project.id}`)).toBe(
      8,
    );
  });

  it('needs delete_test_case in the case project', async () => {
    await expectGuards(t, w, {
      method: 'DELETE',
      url: `/api/test-cases/delete/${tree.caseId}`,
      permission: 'delete_test_case',
    });
    expectStatus(await as(t, w.admin).del('/api/test-cases/delete/999999'), 404);
    await expectBadIds(t, w.admin, 'DELETE', ['/api/test-cases/delete/abc']);
    expectStatus(await as(t, w.admin).get(`/api/test-cases/single/${tree.caseId}`), 200);
  });
});

describe('large suites', () => {
  it('lists 10,000 cases under one suite quickly, with paging', async () => {
    const project = await createProject(t, w.admin);
    const suite = expectStatus(
      await as(t, w.admin).post('/api/testsuites/create', { project_id: project.id, name: 'Big' }),
      201,
    ).suite;
    await t.db.execute(sql`
      insert into test_cases (project_id, suite_id, name)
      select ${project.id}, ${suite.id}, 'case ' || g from generate_series(1, 10000) g`);
    await t.db.execute(sql`
      insert into test_cases (project_id, suite_id, parent_id, name)
      select project_id, suite_id, id, 'child of ' || id from test_cases where suite_id = ${suite.id} and id % 10 = 0`);
    await t.db.execute(sql`analyze test_cases`);

    const started = performance.now();
    const all = expectStatus(await as(t, w.admin).get(`/api/test-cases/suite/${suite.id}`), 200);
    const elapsed = performance.now() - started;
    expect(all).toHaveLength(10_000);
    expect(all.filter((c: { has_children: boolean }) => c.has_children)).toHaveLength(1000);
    expect(elapsed).toBeLessThan(5000);

    const page = expectStatus(
      await as(t, w.admin).get(`/api/test-cases/suite/${suite.id}?limit=50&offset=9950`),
      200,
    );
    expect(page.map((c: { id: number }) => c.id)).toEqual(all.slice(9950).map((c: { id: number }) => c.id));
    const children = expectStatus(
      await as(t, w.admin).get(
        `/api/test-cases/parent/${all.find((c: { has_children: boolean }) => c.has_children).id}`,
      ),
      200,
    );
    expect(children).toHaveLength(1);
  });
});
