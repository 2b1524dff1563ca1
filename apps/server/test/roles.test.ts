import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, projects } from '../src/modules/projects/projects-schema.ts';
import { ADMIN_EMAIL } from './helpers/test-app.ts';
import { startCatalogueWorld, type TestApp } from './helpers/world.ts';

const PASSWORD = 'user-password-1';
let t: TestApp;
let admin: string;
let adminRoleId: number;
let permissionId: Map<string, number>;
const ids = (...names: string[]) => names.map((n) => permissionId.get(n)!);

beforeAll(async () => {
  ({ t, admin, adminRoleId, permissionId } = await startCatalogueWorld());
});
afterAll(() => t.close());

let seq = 0;
const createRole = (payload: object, token = admin) =>
  t.request({ method: 'POST', url: '/api/roles/create', token, payload });
const updateRole = (id: number, payload: object, token = admin) =>
  t.request({ method: 'PUT', url: `/api/roles/update/${id}`, token, payload });
const deleteRole = (id: number | string, token?: string) =>
  t.request({ method: 'DELETE', url: `/api/roles/delete/${id}`, ...(token ? { token } : {}) });
const getRole = async (id: number) =>
  (await t.request({ method: 'GET', url: `/api/roles/get-role/${id}`, token: admin })).json();

async function makeRole(permissions: string[]): Promise<number> {
  const res = await createRole({
    name: `role-${++seq}`,
    description: 'test role',
    permissionIds: ids(...permissions),
  });
  expect(res.statusCode).toBe(201);
  return res.json().role.id;
}

/** A user created through the API whose only role grants exactly these permissions. */
async function makeUser(permissions: string[]) {
  const n = ++seq;
  const email = `user${n}@example.com`;
  const roleIds = permissions.length > 0 ? [await makeRole(permissions)] : [];
  const res = await t.request({
    method: 'POST',
    url: '/api/users/create',
    token: admin,
    payload: { username: `user${n}`, email, password: PASSWORD, max_user_limit: null, roleIds },
  });
  expect(res.statusCode).toBe(201);
  return {
    id: res.json().user.id as number,
    username: `user${n}`,
    email,
    roleIds,
    token: await t.login(email, PASSWORD),
  };
}

describe('GET /api/roles/list and /api/roles/get-role/{id}', () => {
  it('are readable by any signed-in user, with permissions', async () => {
    const nobody = await makeUser([]);
    const list = await t.request({ method: 'GET', url: '/api/roles/list', token: nobody.token });
    expect(list.statusCode).toBe(200);
    const administrator = list.json().find((r: { id: number }) => r.id === adminRoleId);
    expect(administrator).toMatchObject({ name: 'Administrator', description: 'Holds every permission' });
    expect(administrator.Permissions.map((p: { name: string }) => p.name)).toContain('manage_admin_panel');
    const one = await t.request({
      method: 'GET',
      url: `/api/roles/get-role/${adminRoleId}`,
      token: nobody.token,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(administrator);
  });

  it('search the name case-insensitively and page', async () => {
    const id = await makeRole([]);
    const found = await t.request({ method: 'GET', url: `/api/roles/list?q=ROLE-${seq}`, token: admin });
    expect(found.json().map((r: { id: number }) => r.id)).toEqual([id]);
    const page = await t.request({ method: 'GET', url: '/api/roles/list?limit=1&offset=0', token: admin });
    expect(page.json()).toHaveLength(1);
  });

  it('answer 400, 401 and 404', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/roles/list?limit=abc', token: admin })).statusCode,
    ).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/roles/list' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/roles/get-role/x', token: admin })).statusCode).toBe(
      400,
    );
    expect((await t.request({ method: 'GET', url: `/api/roles/get-role/${adminRoleId}` })).statusCode).toBe(
      401,
    );
    const missing = await t.request({ method: 'GET', url: '/api/roles/get-role/999999', token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Role not found', code: 'not_found' });
  });
});

describe('POST /api/roles/create', () => {
  it('creates a role with its permissions', async () => {
    const res = await createRole({
      name: '  Tester  ',
      description: 'Runs tests',
      permissionIds: ids('home_project', 'home_test_run'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Role created successfully',
      role: {
        id: expect.any(Number),
        name: 'Tester',
        description: 'Runs tests',
        Permissions: [
          { id: permissionId.get('home_project'), name: 'home_project' },
          { id: permissionId.get('home_test_run'), name: 'home_test_run' },
        ].sort((a, b) => a.id! - b.id!),
      },
    });
  });

  it('answers 400 for invalid bodies and unknown permission ids', async () => {
    for (const payload of [
      { name: '', description: 'x' },
      { name: 'No description' },
      { name: 'x'.repeat(256), description: '' },
      { name: 'Long', description: 'x'.repeat(10_001) },
      { name: 'Extra', description: '', level: 9 },
      { name: 'Unknown', description: '', permissionIds: [555555] },
      { name: 'Twice', description: '', permissionIds: ids('home_project', 'home_project') },
    ]) {
      expect((await createRole(payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
  });

  it('answers 409 for a name already used, in any case', async () => {
    expect((await createRole({ name: 'Reviewer', description: '' })).statusCode).toBe(201);
    const res = await createRole({ name: 'REVIEWER', description: '' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A role named "REVIEWER" already exists');
  });

  it('answers 401 without a token and 403 without manage_roles_add', async () => {
    expect((await t.request({ method: 'POST', url: '/api/roles/create', payload: {} })).statusCode).toBe(401);
    const u = await makeUser(['manage_roles_home']);
    const res = await createRole({ name: 'Nope', description: '' }, u.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('manage_roles_add');
  });

  it('refuses a permission the creator lacks (403, nothing created)', async () => {
    const u = await makeUser(['manage_roles_add', 'home_project']);
    const res = await createRole(
      { name: 'Sneaky', description: '', permissionIds: ids('home_project', 'manage_admin_panel') },
      u.token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('manage_admin_panel');
    const list = await t.request({ method: 'GET', url: '/api/roles/list?q=sneaky', token: admin });
    expect(list.json()).toEqual([]);
    expect(
      (await createRole({ name: 'Sneaky', description: '', permissionIds: ids('home_project') }, u.token))
        .statusCode,
    ).toBe(201);
  });
});

describe('PUT /api/roles/update/{id}', () => {
  it('renames, describes and changes permissions', async () => {
    const id = await makeRole(['home_project']);
    const res = await updateRole(id, {
      name: `renamed-${id}`,
      description: 'new',
      permissionIds: ids('home_test_case'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Role updated successfully',
      role: {
        id,
        name: `renamed-${id}`,
        description: 'new',
        Permissions: [{ id: permissionId.get('home_test_case'), name: 'home_test_case' }],
      },
    });
    // Without permissionIds the permissions stay as they are.
    const kept = await updateRole(id, { name: `renamed-${id}`, description: 'again' });
    expect(kept.json().role.Permissions).toHaveLength(1);
    // Its own name in another case is not a clash.
    expect((await updateRole(id, { name: `RENAMED-${id}`, description: '' })).statusCode).toBe(200);
  });

  it('a change to a role applies to its holders on their next request', async () => {
    const u = await makeUser(['view_admin_home']);
    expect((await t.request({ method: 'GET', url: '/api/users/list', token: u.token })).statusCode).toBe(200);
    expect(
      (await updateRole(u.roleIds[0]!, { name: `held-${seq}`, description: '', permissionIds: [] }))
        .statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/list', token: u.token })).statusCode).toBe(403);
  });

  it('only permissions the editor holds can be added; others may go only from a role within reach', async () => {
    const editor = await makeUser(['manage_roles_edit', 'home_project', 'delete_project']);
    const id = await makeRole(['delete_project']);
    const before = await getRole(id);
    const add = await updateRole(
      id,
      { name: `esc-${id}`, description: '', permissionIds: ids('delete_project', 'manage_admin_panel') },
      editor.token,
    );
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toContain('manage_admin_panel');
    expect(await getRole(id)).toEqual(before);
    const keep = await updateRole(
      id,
      { name: `esc-${id}`, description: '', permissionIds: ids('delete_project', 'home_project') },
      editor.token,
    );
    expect(keep.statusCode).toBe(200);
    const drop = await updateRole(
      id,
      { name: `esc-${id}`, description: '', permissionIds: [] },
      editor.token,
    );
    expect(drop.statusCode).toBe(200);
    expect(drop.json().role.Permissions).toEqual([]);
    // A role holding a permission the editor lacks is beyond them: no change at all, not even a cut.
    const stronger = await makeRole(['delete_project', 'manage_roles_delete']);
    const strongerBefore = await getRole(stronger);
    for (const payload of [
      { name: `cut-${stronger}`, description: '' },
      { name: strongerBefore.name, description: '', permissionIds: ids('delete_project') },
    ]) {
      const refused = await updateRole(stronger, payload, editor.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toContain('manage_roles_delete');
    }
    expect(await getRole(stronger)).toEqual(strongerBefore);
  });

  it('answers 400, 401, 403, 404 and 409', async () => {
    const id = await makeRole([]);
    const other = await makeRole([]);
    expect((await updateRole(id, { name: 'x', description: '', permissionIds: [444444] })).statusCode).toBe(
      400,
    );
    expect((await updateRole(id, { name: '  ', description: '' })).statusCode).toBe(400);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/roles/update/${id}`,
          payload: { name: 'x', description: '' },
        })
      ).statusCode,
    ).toBe(401);
    const viewer = await makeUser(['manage_roles_add']);
    expect((await updateRole(id, { name: 'x', description: '' }, viewer.token)).statusCode).toBe(403);
    expect((await updateRole(999999, { name: 'x', description: '' })).statusCode).toBe(404);
    const clash = await updateRole(id, { name: (await getRole(other)).name.toUpperCase(), description: '' });
    expect(clash.statusCode).toBe(409);
    expect((await updateRole(id, { name: 'administrator', description: '' })).statusCode).toBe(409);
  });

  it('cannot take a permission from the Administrator role, even with other administrators', async () => {
    const all = (await getRole(adminRoleId)).Permissions.map((p: { id: number }) => p.id);
    const without = all.filter((p: number) => p !== permissionId.get('manage_admin_panel'));
    const res = await updateRole(adminRoleId, {
      name: 'Administrator',
      description: 'Holds every permission',
      permissionIds: without,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('built-in administrator role');
    expect((await getRole(adminRoleId)).Permissions).toHaveLength(all.length);
    // Another active user holding the panel through another role changes nothing.
    await makeUser(['manage_admin_panel', 'manage_roles_edit']);
    expect(
      (await updateRole(adminRoleId, { name: 'Administrator', description: '', permissionIds: without }))
        .statusCode,
    ).toBe(409);
    expect((await getRole(adminRoleId)).Permissions).toHaveLength(all.length);
  });
});

describe('DELETE /api/roles/delete/{id}', () => {
  it('deletes a role nobody holds', async () => {
    const id = await makeRole(['home_project']);
    const res = await deleteRole(id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Role deleted successfully' });
    expect(
      (await t.request({ method: 'GET', url: `/api/roles/get-role/${id}`, token: admin })).statusCode,
    ).toBe(404);
  });

  it('answers 409 saying how many hold the role', async () => {
    const a = await makeUser(['home_project']);
    const id = a.roleIds[0]!;
    const b = await makeUser([]);
    await t.request({
      method: 'PUT',
      url: `/api/users/edit/${b.id}`,
      token: admin,
      payload: { username: b.username, email: b.email, roleIds: [id] },
    });
    const [project] = await t.db.insert(projects).values({ name: 'Held' }).returning();
    await t.db.insert(projectMembers).values({ projectId: project!.id, userId: b.id, roleId: id });
    const res = await deleteRole(id, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This role is held by 2 users and 1 project member');
    expect((await getRole(id)).id).toBe(id);
    const memberOnly = await makeRole([]);
    await t.db.insert(projectMembers).values({ projectId: project!.id, userId: a.id, roleId: memberOnly });
    expect((await deleteRole(memberOnly, admin)).json().message).toBe(
      'This role is held by 1 project member',
    );
  });

  it('answers 400, 401, 403 and 404', async () => {
    const id = await makeRole([]);
    expect((await deleteRole('abc', admin)).statusCode).toBe(400);
    expect((await deleteRole(id)).statusCode).toBe(401);
    const u = await makeUser(['manage_roles_edit']);
    const res = await deleteRole(id, u.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('manage_roles_delete');
    expect((await deleteRole(999999, admin)).statusCode).toBe(404);
    expect((await getRole(id)).id).toBe(id);
  });
});

it('the admin user still signs in after all of this', async () => {
  await expect(t.login(ADMIN_EMAIL)).resolves.toBeTypeOf('string');
});
