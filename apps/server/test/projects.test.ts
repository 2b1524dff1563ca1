import { PERMISSION_NAMES } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import {
  addMember,
  countRowsOf,
  createProject,
  createRole,
  createTree,
  createUser,
} from './helpers/fixtures.ts';
import { as, expectBadIds, expectGuards, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type World } from './helpers/world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => ({ t, w } = await startWorld()));
afterAll(() => t.close());

describe('GET /api/projects/list and /count', () => {
  it('answer only the projects the caller sees: member, creator or view_all_projects', async () => {
    const creator = await createUser(t, { permissions: ['add_project'] });
    const own = await createProject(t, creator.token, 'Own');
    const other = await createProject(t, w.admin, 'Other');
    const own2 = await createProject(t, creator.token, 'Own two');
    await addMember(t, other.id, creator.id, w.emptyRoleId);

    const list = expectStatus(await as(t, creator.token).get('/api/projects/list'), 200);
    expect(list).toEqual(
      [
        { id: other.id, name: 'Other', description: 'd', created_by: expect.any(Number) },
        { id: own.id, name: 'Own', description: 'd', created_by: creator.id },
        { id: own2.id, name: 'Own two', description: 'd', created_by: creator.id },
      ].sort((a, b) => a.id - b.id),
    );
    expect(expectStatus(await as(t, creator.token).get('/api/projects/count'), 200)).toEqual({
      totalProjects: 3,
    });

    expect(expectStatus(await as(t, w.outsider.token).get('/api/projects/list'), 200)).toEqual([]);
    expect(expectStatus(await as(t, w.outsider.token).get('/api/projects/count'), 200)).toEqual({
      totalProjects: 0,
    });

    const all = expectStatus(await as(t, w.admin).get('/api/projects/list'), 200);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from projects`,
    );
    expect(all).toHaveLength(n);
    expect(all.map((p: { id: number }) => p.id)).toEqual(
      [...all.map((p: { id: number }) => p.id)].sort((a, b) => a - b),
    );
    expect(expectStatus(await as(t, w.admin).get('/api/projects/count'), 200)).toEqual({ totalProjects: n });
  });

  it('show every project to view_all_projects, which grants nothing else', async () => {
    const auditor = await createUser(t, { permissions: ['view_all_projects'] });
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from projects`,
    );
    expect(expectStatus(await as(t, auditor.token).get('/api/projects/count'), 200)).toEqual({
      totalProjects: n,
    });
    expectStatus(await as(t, auditor.token).get(`/api/projects/detail/${w.project.id}`), 200);
    const edit = await as(t, auditor.token).put(`/api/projects/update/${w.project.id}`, { name: 'x' });
    expect(expectStatus(edit, 403).message).toContain('edit_project');
  });

  it('take optional limit, offset and q', async () => {
    const user = await createUser(t, { permissions: ['add_project'] });
    for (const name of ['Alpha', 'Beta', 'alphabet', '100%_done']) await createProject(t, user.token, name);
    const api = as(t, user.token);
    const names = async (query: string) =>
      expectStatus(await api.get(`/api/projects/list?${query}`), 200).map((p: { name: string }) => p.name);
    expect(await names('q=ALPHA')).toEqual(['Alpha', 'alphabet']);
    expect(await names('limit=2&offset=1')).toEqual(['Beta', 'alphabet']);
    expect(await names('q=%25_')).toEqual(['100%_done']);
    expectStatus(await api.get('/api/projects/list?limit=0'), 400);
    expectStatus(await api.get('/api/projects/list?sort=name'), 400);
  });

  it('need a signed-in user', async () => {
    expectStatus(await as(t).get('/api/projects/list'), 401);
    expectStatus(await as(t).get('/api/projects/count'), 401);
  });
});

describe('GET /api/projects/detail/{id}', () => {
  it('answers the project with its members and their roles for users_in_project', async () => {
    const body = expectStatus(await as(t, w.admin).get(`/api/projects/detail/${w.project.id}`), 200);
    const [role] = await queryRows<{ name: string }>(
      t.db,
      sql`select name from roles where id = ${w.emptyRoleId}`,
    );
    expect(body).toEqual({
      id: w.project.id,
      name: w.project.name,
      description: 'd',
      created_by: 1,
      members: [
        {
          id: w.member.id,
          username: w.member.username,
          email: w.member.email,
          role: { id: w.emptyRoleId, name: role!.name },
        },
      ],
      my_role_id: null,
      // Every permission for the administrator; test/project-permissions.test.ts covers the rest.
      my_permissions: [...PERMISSION_NAMES].sort(),
    });
  });

  it('answers members [] to a viewer without users_in_project', async () => {
    const body = expectStatus(await as(t, w.member.token).get(`/api/projects/detail/${w.project.id}`), 200);
    expect(body.members).toEqual([]);
    expect(body.id).toBe(w.project.id);
    // The caller still learns their own role, so the app can gate what it grants.
    expect(body.my_role_id).toBe(w.emptyRoleId);
  });

  it('answers a hidden project exactly like a missing one', async () => {
    const hidden = await as(t, w.outsider.token).get(`/api/projects/detail/${w.project.id}`);
    const missing = await as(t, w.outsider.token).get('/api/projects/detail/999999');
    expectStatus(hidden, 404);
    expect(hidden.json()).toEqual(missing.json());
    expect(hidden.json()).toEqual({ message: 'Project not found', code: 'not_found' });
    await expectGuards(t, w, { method: 'GET', url: `/api/projects/detail/${w.project.id}` });
    await expectBadIds(t, w.admin, 'GET', [
      '/api/projects/detail/abc',
      '/api/projects/detail/0',
      '/api/projects/detail/1.5',
    ]);
  });
});

describe('POST /api/projects/create', () => {
  it('creates a project owned by the caller', async () => {
    const res = await as(t, w.admin).post('/api/projects/create', {
      name: '  Web shop  ',
      description: 'Checkout',
    });
    const body = expectStatus(res, 201);
    expect(body).toEqual({
      message: 'Project created successfully',
      project: { id: expect.any(Number), name: 'Web shop', description: 'Checkout', created_by: 1 },
    });
    expect(await countRowsOf(t, body.project.id)).toMatchObject({ projects: 1, stats: 1, members: 0 });
  });

  it('needs add_project globally, checked before the body', async () => {
    const res = await as(t, w.member.token).post('/api/projects/create', { bogus: true });
    expect(expectStatus(res, 403).message).toContain('add_project');
    expectStatus(await as(t).post('/api/projects/create', { name: 'x' }), 401);
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const api = as(t, w.admin);
    for (const payload of [
      {},
      { name: '   ' },
      { name: 'x'.repeat(256) },
      { name: 'x', extra: 1 },
      { name: { text: 'x' } },
    ]) {
      const body = expectStatus(await api.post('/api/projects/create', payload), 400);
      expect(body.details[0].field).toMatch(/name|extra/);
    }
    expectStatus(await api.post('/api/projects/create', { name: 'x', description: 'y'.repeat(10_001) }), 400);
  });
});

describe('PUT /api/projects/update/{id}', () => {
  it('changes name and description', async () => {
    const p = await createProject(t, w.admin);
    const res = await as(t, w.admin).put(`/api/projects/update/${p.id}`, {
      name: 'Renamed',
      description: 'New',
    });
    expect(expectStatus(res, 200)).toEqual({
      message: 'Project updated successfully',
      project: { id: p.id, name: 'Renamed', description: 'New', created_by: 1 },
    });
    const kept = await as(t, w.admin).put(`/api/projects/update/${p.id}`, { name: 'Again' });
    expect(expectStatus(kept, 200).project.description).toBe('New');
  });

  it('needs edit_project in that project', async () => {
    const url = `/api/projects/update/${w.project.id}`;
    await expectGuards(t, w, { method: 'PUT', url, payload: { name: 'x' }, permission: 'edit_project' });
    const editor = await createUser(t);
    await addMember(t, w.project.id, editor.id, await createRole(t, ['edit_project']));
    expectStatus(await as(t, editor.token).put(url, { name: w.project.name }), 200);
  });

  it('answers 400 for a bad id or body and 404 for a missing project', async () => {
    await expectBadIds(t, w.admin, 'PUT', ['/api/projects/update/x', '/api/projects/update/-1'], {
      name: 'x',
    });
    expectStatus(await as(t, w.admin).put(`/api/projects/update/${w.project.id}`, { name: '' }), 400);
    expectStatus(await as(t, w.admin).put(`/api/projects/update/${w.project.id}`, { description: 'x' }), 400);
    expectStatus(await as(t, w.admin).put('/api/projects/update/999999', { name: 'x' }), 404);
  });
});

describe('DELETE /api/projects/delete/{id}', () => {
  it('deletes the project with its suites, cases, runs, memberships and counters', async () => {
    const p = await createProject(t, w.admin);
    const keep = await createProject(t, w.admin);
    await createTree(t, w.admin, p.id);
    await createTree(t, w.admin, keep.id);
    await addMember(t, p.id, w.member.id, w.emptyRoleId);
    expect(await countRowsOf(t, p.id)).toEqual({
      projects: 1,
      suites: 1,
      cases: 4,
      runs: 8,
      members: 1,
      stats: 1,
    });

    const res = await as(t, w.admin).del(`/api/projects/delete/${p.id}`);
    expect(expectStatus(res, 200)).toEqual({ message: 'Project deleted successfully' });
    expect(await countRowsOf(t, p.id)).toEqual({
      projects: 0,
      suites: 0,
      cases: 0,
      runs: 0,
      members: 0,
      stats: 0,
    });
    expect(await countRowsOf(t, keep.id)).toEqual({
      projects: 1,
      suites: 1,
      cases: 4,
      runs: 8,
      members: 0,
      stats: 1,
    });
    expectStatus(await as(t, w.admin).get(`/api/projects/detail/${p.id}`), 404);
    expectStatus(await as(t, w.admin).del(`/api/projects/delete/${p.id}`), 404);
  });

  it('is one transaction: a failure deep in the cascade leaves everything in place', async () => {
    const p = await createProject(t, w.admin);
    await createTree(t, w.admin, p.id);
    const before = await countRowsOf(t, p.id);
    await t.db.execute(sql`create function fail_run_delete() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await t.db.execute(sql`create trigger fail_run_delete before delete on test_runs
      for each row execute function fail_run_delete()`);
    try {
      const res = await as(t, w.admin).del(`/api/projects/delete/${p.id}`);
      expect(expectStatus(res, 500)).toEqual({
        message: 'Something went wrong on the server',
        code: 'internal',
      });
    } finally {
      await t.db.execute(sql`drop trigger fail_run_delete on test_runs`);
      await t.db.execute(sql`drop function fail_run_delete()`);
    }
    expect(await countRowsOf(t, p.id)).toEqual(before);
  });

  it('needs delete_project in that project', async () => {
    await expectGuards(t, w, {
      method: 'DELETE',
      url: `/api/projects/delete/${w.project.id}`,
      permission: 'delete_project',
    });
    await expectBadIds(t, w.admin, 'DELETE', ['/api/projects/delete/abc', '/api/projects/delete/0']);
    expect(await countRowsOf(t, w.project.id)).toMatchObject({ projects: 1 });
  });

  it('lets a creator holding delete_project only globally delete their project', async () => {
    const creator = await createUser(t, { permissions: ['add_project', 'delete_project'] });
    const p = await createProject(t, creator.token);
    expectStatus(await as(t, creator.token).del(`/api/projects/delete/${p.id}`), 200);
  });
});
