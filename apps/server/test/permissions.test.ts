import { PERMISSION_NAMES } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { useCatalogueWorld } from './helpers/world.ts';

const PASSWORD = 'user-password-1';
const world = useCatalogueWorld();

let seq = 0;
/** A user created through the API whose only role grants exactly these permissions. */
async function makeUser(permissions: string[]) {
  const n = ++seq;
  const role = await world.t.request({
    method: 'POST',
    url: '/api/roles/create',
    token: world.admin,
    payload: {
      name: `role-${n}`,
      description: '',
      permissionIds: permissions.map((p) => world.permissionId.get(p)),
    },
  });
  const email = `user${n}@example.com`;
  const res = await world.t.request({
    method: 'POST',
    url: '/api/users/create',
    token: world.admin,
    payload: {
      username: `user${n}`,
      email,
      password: PASSWORD,
      max_user_limit: null,
      roleIds: [role.json().role.id],
    },
  });
  expect(res.statusCode).toBe(201);
  return { token: await world.t.login(email, PASSWORD) };
}

const get = (url: string, token?: string) =>
  world.t.request({ method: 'GET', url, ...(token ? { token } : {}) });
const create = (payload: object, token = world.admin) =>
  world.t.request({ method: 'POST', url: '/api/permissions/create', token, payload });
const update = (id: number | string, payload: object, token = world.admin) =>
  world.t.request({ method: 'PUT', url: `/api/permissions/update/${id}`, token, payload });
const remove = (id: number | string, token?: string) =>
  world.t.request({ method: 'DELETE', url: `/api/permissions/delete/${id}`, ...(token ? { token } : {}) });

async function makePermission(): Promise<{ id: number; name: string }> {
  const name = `custom_${++seq}`;
  const res = await create({ name, description: 'A custom permission' });
  expect(res.statusCode).toBe(201);
  return { id: res.json().permission.id, name };
}

describe('GET /api/permissions/list', () => {
  it('lists the catalogue with descriptions', async () => {
    const res = await get('/api/permissions/list', world.admin);
    expect(res.statusCode).toBe(200);
    const names = res.json().map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining([...PERMISSION_NAMES]));
    expect(res.json()[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      description: expect.any(String),
    });
  });

  it('searches by name case-insensitively and pages', async () => {
    const found = (await get('/api/permissions/list?q=SUB_USERS', world.admin)).json();
    expect(found.map((p: { name: string }) => p.name).sort()).toEqual([
      'manage_sub_users_add',
      'manage_sub_users_delete',
      'manage_sub_users_edit',
      'manage_sub_users_home',
    ]);
    expect((await get('/api/permissions/list?q=sub_users&limit=2&offset=1', world.admin)).json()).toEqual(
      found.slice(1, 3),
    );
  });

  it('answers 400, 401 and 403', async () => {
    expect((await get('/api/permissions/list?limit=5000', world.admin)).statusCode).toBe(400);
    expect((await get('/api/permissions/list')).statusCode).toBe(401);
    const res = await get('/api/permissions/list', (await makeUser(['manage_roles_home'])).token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('manage_permissions_home');
  });
});

describe('GET /api/permissions/get/{id}', () => {
  it('answers the permission to manage_permissions_home or manage_permissions_edit holders', async () => {
    const id = world.permissionId.get('home_project')!;
    for (const perms of [['manage_permissions_home'], ['manage_permissions_edit']]) {
      const res = await get(`/api/permissions/get/${id}`, (await makeUser(perms)).token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id,
        name: 'home_project',
        description: 'See the project tree in the sidebar',
      });
    }
  });

  it('answers 400, 401, 403 and 404', async () => {
    expect((await get('/api/permissions/get/-1', world.admin)).statusCode).toBe(400);
    expect((await get('/api/permissions/get/1')).statusCode).toBe(401);
    expect(
      (await get('/api/permissions/get/1', (await makeUser(['manage_permissions_add'])).token)).statusCode,
    ).toBe(403);
    const missing = await get('/api/permissions/get/999999', world.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Permission not found', code: 'not_found' });
  });
});

describe('POST /api/permissions/create', () => {
  it('creates a permission that the Administrator role then holds and can grant', async () => {
    const res = await create({ name: '  export_reports  ', description: 'Export reports' });
    expect(res.statusCode).toBe(201);
    const permission = res.json().permission;
    expect(res.json()).toEqual({
      message: 'Permission created successfully',
      permission: { id: expect.any(Number), name: 'export_reports', description: 'Export reports' },
    });
    const role = (await get(`/api/roles/get-role/${world.adminRoleId}`, world.admin)).json();
    expect(role.Permissions).toContainEqual({ id: permission.id, name: 'export_reports' });
    const grant = await world.t.request({
      method: 'POST',
      url: '/api/roles/create',
      token: world.admin,
      payload: { name: 'Exporter', description: '', permissionIds: [permission.id] },
    });
    expect(grant.statusCode).toBe(201);
  });

  it('answers 400 for names that are not identifiers and for missing fields', async () => {
    for (const payload of [
      { name: 'Upper_case', description: 'x' },
      { name: '1starts_with_digit', description: 'x' },
      { name: 'has space', description: 'x' },
      { name: 'has-dash', description: 'x' },
      { name: `a${'b'.repeat(100)}`, description: 'x' },
      { name: '', description: 'x' },
      { name: 'no_description' },
      { name: 'too_long_description', description: 'x'.repeat(10_001) },
      { name: 'extra_field', description: 'x', builtIn: true },
    ]) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().details).toBeDefined();
    }
    expect((await create({ name: `a${'b'.repeat(99)}`, description: '' })).statusCode).toBe(201);
  });

  it('answers 409 for a name already used', async () => {
    const res = await create({ name: 'home_project', description: 'again' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A permission named "home_project" already exists');
  });

  it('answers 401 without a token and 403 without manage_permissions_add', async () => {
    expect(
      (await world.t.request({ method: 'POST', url: '/api/permissions/create', payload: {} })).statusCode,
    ).toBe(401);
    const res = await create(
      { name: 'not_allowed', description: '' },
      (await makeUser(['manage_permissions_edit'])).token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('manage_permissions_add');
  });
});

describe('PUT /api/permissions/update/{id}', () => {
  it('renames and describes a custom permission', async () => {
    const p = await makePermission();
    const res = await update(p.id, { name: `${p.name}_renamed`, description: 'Changed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Permission updated successfully',
      permission: { id: p.id, name: `${p.name}_renamed`, description: 'Changed' },
    });
    expect((await get(`/api/permissions/get/${p.id}`, world.admin)).json().name).toBe(`${p.name}_renamed`);
  });

  it('changes the description of a built-in permission but never its name', async () => {
    const id = world.permissionId.get('delete_project')!;
    const redescribed = await update(id, {
      name: 'delete_project',
      description: 'Remove a project for good',
    });
    expect(redescribed.statusCode).toBe(200);
    const rename = await update(id, { name: 'remove_project', description: 'x' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toContain('built-in');
    expect((await get(`/api/permissions/get/${id}`, world.admin)).json()).toEqual({
      id,
      name: 'delete_project',
      description: 'Remove a project for good',
    });
  });

  it('answers 400, 401, 403, 404 and 409', async () => {
    const p = await makePermission();
    expect((await update(p.id, { name: 'Bad Name', description: '' })).statusCode).toBe(400);
    expect((await update('x', { name: 'fine', description: '' })).statusCode).toBe(400);
    expect(
      (await world.t.request({ method: 'PUT', url: `/api/permissions/update/${p.id}`, payload: {} }))
        .statusCode,
    ).toBe(401);
    const res = await update(
      p.id,
      { name: 'fine', description: '' },
      (await makeUser(['manage_permissions_home'])).token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('manage_permissions_edit');
    expect((await update(999999, { name: 'fine', description: '' })).statusCode).toBe(404);
    expect((await update(p.id, { name: 'home_project', description: '' })).statusCode).toBe(409);
    expect((await get(`/api/permissions/get/${p.id}`, world.admin)).json().name).toBe(p.name);
  });
});

describe('DELETE /api/permissions/delete/{id}', () => {
  it('deletes a custom permission and takes it out of every role', async () => {
    const p = await makePermission();
    const res = await remove(p.id, world.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Permission deleted successfully' });
    expect((await get(`/api/permissions/get/${p.id}`, world.admin)).statusCode).toBe(404);
    const role = (await get(`/api/roles/get-role/${world.adminRoleId}`, world.admin)).json();
    expect(role.Permissions.map((x: { id: number }) => x.id)).not.toContain(p.id);
  });

  it('refuses to delete a built-in permission (409)', async () => {
    const res = await remove(world.permissionId.get('manage_admin_panel')!, world.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('"manage_admin_panel" is a built-in permission and cannot be deleted');
  });

  it('answers 400, 401, 403 and 404', async () => {
    const p = await makePermission();
    expect((await remove('1.5', world.admin)).statusCode).toBe(400);
    expect((await remove(p.id)).statusCode).toBe(401);
    const res = await remove(p.id, (await makeUser(['manage_permissions_edit'])).token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('manage_permissions_delete');
    expect((await remove(999999, world.admin)).statusCode).toBe(404);
    expect((await get(`/api/permissions/get/${p.id}`, world.admin)).statusCode).toBe(200);
  });
});
