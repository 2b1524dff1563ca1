import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCases } from '../src/modules/cases/cases-schema.ts';
import { projectMembers, projects } from '../src/modules/projects/projects-schema.ts';
import { testRuns } from '../src/modules/runs/runs-schema.ts';
import { users } from '../src/modules/users/users-schema.ts';
import { ADMIN_EMAIL } from './helpers/test-app.ts';
import { createRoleThroughApi, startCatalogueWorld, type TestApp } from './helpers/world.ts';

const PASSWORD = 'user-password-1';
let t: TestApp;
let admin: string;
let adminRoleId: number;
let permissionId: Map<string, number>;

beforeAll(async () => {
  ({ t, admin, adminRoleId, permissionId } = await startCatalogueWorld());
});
afterAll(() => t.close());

let seq = 0;
const makeRole = (permissions: string[]) =>
  createRoleThroughApi(t, admin, {
    name: `role-${++seq}`,
    description: '',
    permissionIds: permissions.map((p) => permissionId.get(p)),
  });

/** A top-level user created through the API, holding one role with exactly these permissions. */
async function makeUser(permissions: string[], roleIds?: number[]) {
  const n = ++seq;
  const email = `user${n}@example.com`;
  const ids = roleIds ?? (permissions.length > 0 ? [await makeRole(permissions)] : []);
  const res = await t.request({
    method: 'POST',
    url: '/api/users/create',
    token: admin,
    payload: { username: `user${n}`, email, password: PASSWORD, max_user_limit: null, roleIds: ids },
  });
  expect(res.statusCode).toBe(201);
  return {
    id: res.json().user.id as number,
    username: `user${n}`,
    email,
    token: await t.login(email, PASSWORD),
  };
}

const get = (url: string, token?: string) => t.request({ method: 'GET', url, ...(token ? { token } : {}) });

describe('GET /api/users/status-count', () => {
  it('counts active and inactive users', async () => {
    const before = (await get('/api/users/status-count', admin)).json();
    const u = await makeUser([]);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, u.id));
    const res = await get('/api/users/status-count', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ active: before.active, inactive: before.inactive + 1 });
  });

  it('answers 401 without a token and 403 without manage_admin_panel', async () => {
    expect((await get('/api/users/status-count')).statusCode).toBe(401);
    const u = await makeUser(['view_admin_home']);
    const res = await get('/api/users/status-count', u.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('manage_admin_panel');
  });
});

describe('GET /api/users/list', () => {
  it('lists users in the documented User shape, never with a password', async () => {
    const res = await get('/api/users/list', admin);
    expect(res.statusCode).toBe(200);
    const first = res.json()[0];
    expect(first).toEqual({
      id: 1,
      name: 'admin',
      username: 'admin',
      email: ADMIN_EMAIL,
      max_user_limit: null,
      status: 'active',
      roleIds: [adminRoleId],
      Roles: [{ id: adminRoleId, name: 'Administrator' }],
      parent_id: null,
    });
    expect(res.body).not.toMatch(/argon2|password/i);
  });

  it('searches username or email case-insensitively and pages', async () => {
    const u = await makeUser([]);
    const byName = (await get(`/api/users/list?q=${u.username.toUpperCase()}`, admin)).json();
    expect(byName.map((x: { id: number }) => x.id)).toEqual([u.id]);
    const byEmail = (await get('/api/users/list?q=EXAMPLE.COM', admin)).json();
    expect(byEmail.length).toBeGreaterThan(2);
    expect((await get('/api/users/list?q=%25', admin)).json()).toEqual([]);
    const page = (await get('/api/users/list?limit=2&offset=1', admin)).json();
    expect(page.map((x: { id: number }) => x.id)).toEqual(
      byEmail.slice(1, 3).map((x: { id: number }) => x.id),
    );
  });

  it('answers 400 for a bad limit, 401 without a token, 403 without the permission', async () => {
    expect((await get('/api/users/list?limit=0', admin)).statusCode).toBe(400);
    expect((await get('/api/users/list')).statusCode).toBe(401);
    const u = await makeUser(['home_project']);
    const res = await get('/api/users/list', u.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('view_admin_home');
  });

  it('is open to add_user_in_project, globally or through a project role', async () => {
    expect((await get('/api/users/list', (await makeUser(['add_user_in_project'])).token)).statusCode).toBe(
      200,
    );
    const member = await makeUser([]);
    expect((await get('/api/users/list', member.token)).statusCode).toBe(403);
    const [project] = await t.db.insert(projects).values({ name: 'Picker' }).returning();
    const roleId = await makeRole(['add_user_in_project']);
    await t.db.insert(projectMembers).values({ projectId: project!.id, userId: member.id, roleId });
    expect((await get('/api/users/list', member.token)).statusCode).toBe(200);
  });
});

describe('POST /api/users/create', () => {
  const body = (n: string, extra: Record<string, unknown> = {}) => ({
    username: `new-${n}`,
    email: `new-${n}@example.com`,
    password: PASSWORD,
    max_user_limit: 5,
    roleIds: [],
    ...extra,
  });
  const create = (payload: unknown, token = admin) =>
    t.request({ method: 'POST', url: '/api/users/create', token, payload: payload as object });

  it('creates a top-level user who can sign in', async () => {
    const roleId = await makeRole(['home_project']);
    const res = await create(body('a', { username: '  new-a  ', roleIds: [roleId] }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'User created successfully',
      user: expect.objectContaining({
        username: 'new-a',
        max_user_limit: 5,
        status: 'active',
        parent_id: null,
        roleIds: [roleId],
      }),
    });
    expect(res.body).not.toMatch(/argon2|password/i);
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json().user.id));
    expect(row).toMatchObject({ parentId: null, accountId: null });
    await expect(t.login('new-a@example.com', PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('answers 400 naming the field for invalid bodies', async () => {
    for (const [payload, field] of [
      [{ ...body('b'), email: 'not-an-email' }, 'email'],
      [{ ...body('b'), password: 'short' }, 'password'],
      [{ ...body('b'), username: '   ' }, 'username'],
      [{ ...body('b'), username: 'x'.repeat(256) }, 'username'],
      [{ ...body('b'), isAdmin: true }, 'isAdmin'],
      [{ ...body('b'), roleIds: ['x'] }, 'roleIds.0'],
      [{ ...body('b'), roleIds: [99999] }, 'roleIds'],
    ] as const) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
    const { username: _u, ...noUsername } = body('b');
    expect((await create(noUsername)).statusCode).toBe(400);
  });

  it('answers 409 for an email or username already used, in any case', async () => {
    expect((await create(body('dup'))).statusCode).toBe(201);
    const email = await create(body('other', { email: 'NEW-DUP@example.com' }));
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('A user with this email already exists');
    const username = await create(body('other', { username: 'New-Dup' }));
    expect(username.statusCode).toBe(409);
    expect(username.json().message).toBe('A user with this username already exists');
  });

  it('answers 401 without a token and 403 without add_admin_home', async () => {
    expect(
      (await t.request({ method: 'POST', url: '/api/users/create', payload: body('c') })).statusCode,
    ).toBe(401);
    const u = await makeUser(['view_admin_home']);
    const res = await create(body('c'), u.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('add_admin_home');
  });

  it('refuses to give a role with a permission the creator lacks (403, nothing created)', async () => {
    const creator = await makeUser(['add_admin_home', 'home_project']);
    const stronger = await makeRole(['home_project', 'manage_roles_add']);
    const res = await create(body('esc', { roleIds: [stronger] }), creator.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('manage_roles_add');
    expect((await get('/api/users/list?q=new-esc', admin)).json()).toEqual([]);
    const weaker = await makeRole(['home_project']);
    expect((await create(body('esc', { roleIds: [weaker] }), creator.token)).statusCode).toBe(201);
  });
});

describe('PUT /api/users/edit/{id}', () => {
  const edit = (id: number, payload: object, token = admin) =>
    t.request({ method: 'PUT', url: `/api/users/edit/${id}`, token, payload });

  it('updates the fields and keeps the password when none is given', async () => {
    const u = await makeUser([]);
    const roleId = await makeRole(['home_project']);
    const res = await edit(u.id, {
      username: `${u.username}-x`,
      email: u.email,
      max_user_limit: 7,
      roleIds: [roleId],
      status: 'active',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'User updated successfully',
      user: expect.objectContaining({ username: `${u.username}-x`, max_user_limit: 7, roleIds: [roleId] }),
    });
    expect((await get(`/api/users/${u.id}`, u.token)).statusCode).toBe(200);
    await expect(t.login(u.email, PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('a new password ends every earlier session at once', async () => {
    const u = await makeUser([]);
    const res = await edit(u.id, { username: u.username, email: u.email, password: 'brand-new-password' });
    expect(res.statusCode).toBe(200);
    expect((await get(`/api/users/${u.id}`, u.token)).statusCode).toBe(401);
    await expect(t.login(u.email, PASSWORD)).rejects.toThrow(/401/);
    const fresh = await t.login(u.email, 'brand-new-password');
    expect((await get(`/api/users/${u.id}`, fresh)).statusCode).toBe(200);
  });

  it('deactivation ends the sessions and blocks sign-in; reactivation allows it again', async () => {
    const u = await makeUser([]);
    expect((await edit(u.id, { username: u.username, email: u.email, status: 'inactive' })).statusCode).toBe(
      200,
    );
    expect((await get(`/api/users/${u.id}`, u.token)).statusCode).toBe(401);
    await expect(t.login(u.email, PASSWORD)).rejects.toThrow(/403/);
    expect((await edit(u.id, { username: u.username, email: u.email, status: 'active' })).statusCode).toBe(
      200,
    );
    await expect(t.login(u.email, PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('a role change takes effect on the next request of the same token', async () => {
    const u = await makeUser([]);
    expect((await get('/api/users/list', u.token)).statusCode).toBe(403);
    const roleId = await makeRole(['view_admin_home']);
    expect((await edit(u.id, { username: u.username, email: u.email, roleIds: [roleId] })).statusCode).toBe(
      200,
    );
    expect((await get('/api/users/list', u.token)).statusCode).toBe(200);
    expect((await edit(u.id, { username: u.username, email: u.email, roleIds: [] })).statusCode).toBe(200);
    expect((await get('/api/users/list', u.token)).statusCode).toBe(403);
  });

  it('answers 400, 401, 403 and 404', async () => {
    const u = await makeUser([]);
    expect((await edit(u.id, { username: u.username, email: 'bad' })).statusCode).toBe(400);
    expect((await edit(u.id, { username: u.username, email: u.email, status: 'sleeping' })).statusCode).toBe(
      400,
    );
    expect((await edit(u.id, { username: u.username, email: u.email, roleIds: [424242] })).statusCode).toBe(
      400,
    );
    expect(
      (await t.request({ method: 'PUT', url: '/api/users/edit/abc', token: admin, payload: {} })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/users/edit/${u.id}`,
          payload: { username: 'a', email: 'a@b.co' },
        })
      ).statusCode,
    ).toBe(401);
    const viewer = await makeUser(['view_admin_home']);
    const forbidden = await edit(u.id, { username: u.username, email: u.email }, viewer.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toContain('edit_admin_home');
    expect((await edit(999999, { username: 'ghost', email: 'ghost@example.com' })).statusCode).toBe(404);
  });

  it('answers 409 for an email or username of another user', async () => {
    const a = await makeUser([]);
    const b = await makeUser([]);
    expect((await edit(a.id, { username: a.username, email: b.email.toUpperCase() })).statusCode).toBe(409);
    expect((await edit(a.id, { username: b.username, email: a.email })).statusCode).toBe(409);
    expect((await edit(a.id, { username: a.username.toUpperCase(), email: a.email })).statusCode).toBe(200);
  });

  it('nobody deactivates themselves', async () => {
    const editor = await makeUser(['edit_admin_home']);
    const res = await edit(
      editor.id,
      { username: editor.username, email: editor.email, status: 'inactive' },
      editor.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot deactivate yourself');
    expect((await get(`/api/users/${editor.id}`, editor.token)).statusCode).toBe(200);
  });

  it('refuses to add a role beyond the editor, but lets roles the target had stay', async () => {
    const editor = await makeUser(['edit_admin_home', 'home_project', 'manage_roles_delete']);
    const strong = await makeRole(['manage_roles_delete']);
    const weak = await makeRole(['home_project']);
    const target = await makeUser([], [strong]);
    const escalate = await edit(
      target.id,
      {
        username: target.username,
        email: target.email,
        roleIds: [strong, await makeRole(['delete_project'])],
      },
      editor.token,
    );
    expect(escalate.statusCode).toBe(403);
    expect((await get(`/api/users/${target.id}`, admin)).json().roleIds).toEqual([strong]);
    const keep = await edit(
      target.id,
      { username: target.username, email: target.email, roleIds: [strong, weak] },
      editor.token,
    );
    expect(keep.statusCode).toBe(200);
    expect(keep.json().user.roleIds).toEqual([strong, weak].sort((a, b) => a - b));
    const self = await edit(
      editor.id,
      { username: editor.username, email: editor.email, roleIds: [await makeRole(['delete_project'])] },
      editor.token,
    );
    expect(self.statusCode).toBe(403);
  });

  it('refuses to set the password of a user holding permissions the editor lacks', async () => {
    const editor = await makeUser(['edit_admin_home']);
    const target = await makeUser(['manage_roles_delete']);
    const res = await edit(
      target.id,
      { username: target.username, email: target.email, password: 'taken-over-1' },
      editor.token,
    );
    expect(res.statusCode).toBe(403);
    expect((await get(`/api/users/${target.id}`, target.token)).statusCode).toBe(200);
    await expect(t.login(target.email, PASSWORD)).resolves.toBeTypeOf('string');
  });
});

describe('DELETE /api/users/delete/{id}', () => {
  const del = (id: number | string, token?: string) =>
    t.request({ method: 'DELETE', url: `/api/users/delete/${id}`, ...(token ? { token } : {}) });

  it('deletes the user: their token stops, runs keep executed_by, projects lose created_by', async () => {
    const u = await makeUser([]);
    const [project] = await t.db.insert(projects).values({ name: 'Owned', createdBy: u.id }).returning();
    const [testCase] = await t.db
      .insert(testCases)
      .values({ projectId: project!.id, name: 'Case' })
      .returning();
    const [run] = await t.db
      .insert(testRuns)
      .values({ caseId: testCase!.id, projectId: project!.id, executedBy: u.id })
      .returning();
    await t.db.insert(projectMembers).values({ projectId: project!.id, userId: u.id, roleId: adminRoleId });

    const res = await del(u.id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully' });
    expect((await get(`/api/users/${u.id}`, u.token)).statusCode).toBe(401);
    expect((await get(`/api/users/${u.id}`, admin)).statusCode).toBe(404);
    const [kept] = await t.db.select().from(testRuns).where(eq(testRuns.id, run!.id));
    expect(kept!.executedBy).toBe(u.id);
    const [orphan] = await t.db.select().from(projects).where(eq(projects.id, project!.id));
    expect(orphan!.createdBy).toBeNull();
    expect(await t.db.select().from(projectMembers).where(eq(projectMembers.userId, u.id))).toEqual([]);
  });

  it('answers 400, 401, 403 and 404', async () => {
    const u = await makeUser([]);
    expect((await del('abc', admin)).statusCode).toBe(400);
    expect((await del(u.id)).statusCode).toBe(401);
    const res = await del(u.id, (await makeUser(['edit_admin_home'])).token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('delete_admin_home');
    // A sub-user manager cannot reach users outside their account.
    expect((await del(u.id, (await makeUser(['manage_sub_users_delete'])).token)).statusCode).toBe(403);
    expect((await del(999999, admin)).statusCode).toBe(404);
    expect((await get(`/api/users/${u.id}`, admin)).statusCode).toBe(200);
  });

  it('nobody deletes themselves', async () => {
    const deleter = await makeUser(['delete_admin_home']);
    const res = await del(deleter.id, deleter.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot delete yourself');
  });

  it('refuses a user who still has sub-users', async () => {
    const parent = await makeUser(['manage_sub_users_add']);
    const sub = await t.request({
      method: 'POST',
      url: '/api/users/create-subuser',
      token: parent.token,
      payload: {
        username: `sub-of-${parent.id}`,
        email: `sub-of-${parent.id}@example.com`,
        password: PASSWORD,
        roleIds: [],
      },
    });
    expect(sub.statusCode).toBe(201);
    const res = await del(parent.id, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Delete or reassign this user's sub-users first");
    expect((await del(sub.json().user.id, admin)).statusCode).toBe(200);
    expect((await del(parent.id, admin)).statusCode).toBe(200);
  });
});

describe('GET /api/users/{id}', () => {
  it('is always allowed for oneself', async () => {
    const u = await makeUser([]);
    const res = await get(`/api/users/${u.id}`, u.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, name: u.username, email: u.email, roleIds: [], Roles: [] });
  });

  it('shows others to view_admin_home or edit_admin_home holders only', async () => {
    const u = await makeUser([]);
    expect((await get(`/api/users/${u.id}`, (await makeUser(['view_admin_home'])).token)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/users/${u.id}`, (await makeUser(['edit_admin_home'])).token)).statusCode).toBe(
      200,
    );
    const other = await makeUser(['home_project']);
    const res = await get(`/api/users/${u.id}`, other.token);
    expect(res.statusCode).toBe(403);
    // A missing id answers the same, so ids reveal nothing to those who may not look.
    expect((await get('/api/users/999999', other.token)).statusCode).toBe(403);
    expect((await get('/api/users/999999', admin)).statusCode).toBe(404);
    expect((await get('/api/users/0', admin)).statusCode).toBe(400);
    expect((await get(`/api/users/${u.id}`)).statusCode).toBe(401);
  });
});

describe('the last administrator', () => {
  it('cannot be deactivated, demoted or deleted while they are the only one', async () => {
    // Every permission, but through another role: only the Administrator role counts.
    const ops = await makeUser([...permissionId.keys()]);
    const admin1 = { username: 'admin', email: ADMIN_EMAIL };
    const deactivate = await t.request({
      method: 'PUT',
      url: '/api/users/edit/1',
      token: ops.token,
      payload: { ...admin1, status: 'inactive' },
    });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().message).toContain('Administrator role');
    const demote = await t.request({
      method: 'PUT',
      url: '/api/users/edit/1',
      token: ops.token,
      payload: { ...admin1, roleIds: [] },
    });
    expect(demote.statusCode).toBe(409);
    const remove = await t.request({ method: 'DELETE', url: '/api/users/delete/1', token: ops.token });
    expect(remove.statusCode).toBe(409);
    const me = (await get('/api/users/1', admin)).json();
    expect(me).toMatchObject({ status: 'active', roleIds: [adminRoleId] });

    // With a second administrator, the first may go; then the second is the last.
    const second = await makeUser([], [adminRoleId]);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/users/edit/1',
          token: ops.token,
          payload: { ...admin1, roleIds: [] },
        })
      ).statusCode,
    ).toBe(200);
    const last = await t.request({
      method: 'DELETE',
      url: `/api/users/delete/${second.id}`,
      token: ops.token,
    });
    expect(last.statusCode).toBe(409);
    expect((await get(`/api/users/${second.id}`, second.token)).statusCode).toBe(200);
    const restore = { method: 'PUT' as const, url: '/api/users/edit/1', token: second.token };
    expect((await t.request({ ...restore, payload: { ...admin1, roleIds: [adminRoleId] } })).statusCode).toBe(
      200,
    );
  });

  it('two concurrent demotions of the last two administrators cannot both pass', async () => {
    const ops = await makeUser([...permissionId.keys()]);
    const a = await makeUser([], [adminRoleId]);
    const b = await makeUser([], [adminRoleId]);
    const admins = async () =>
      (await get('/api/users/list', ops.token))
        .json()
        .filter(
          (u: { status: string; roleIds: number[] }) =>
            u.status === 'active' && u.roleIds.includes(adminRoleId),
        );
    const before = (await admins()).length;
    const results = await Promise.all(
      [a, b, ...(await admins()).filter((u: { id: number }) => u.id !== a.id && u.id !== b.id)].map((u) =>
        t.request({
          method: 'PUT',
          url: `/api/users/edit/${u.id}`,
          token: ops.token,
          payload: { username: u.username, email: u.email, status: 'inactive' },
        }),
      ),
    );
    expect(before).toBeGreaterThanOrEqual(2);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(before - 1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
  });
});
