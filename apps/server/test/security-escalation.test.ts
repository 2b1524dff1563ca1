import { ADMIN_ROLE_NAME } from '@verdict/contract';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.ts';
import { permissions } from '../src/modules/permissions/permissions-schema.ts';
import { roles } from '../src/modules/roles/roles-schema.ts';
import { users } from '../src/modules/users/users-schema.ts';
import { addMember, createProject, createRole, createUser, FIXTURE_PASSWORD } from './helpers/fixtures.ts';
import { apiToken } from './helpers/import-world.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { checksum } from './helpers/security.ts';
import { ADMIN_PASSWORD } from './helpers/test-app.ts';
import { startAdminWorld, type TestApp, type TestUser } from './helpers/world.ts';

/**
 * docs/security.md, "Escalation": nobody grants what they do not hold, and the last
 * administrator stays. Every refused attempt leaves every table exactly as it was.
 */

let t: TestApp;
let admin: string;
let manager: TestUser;
let managerRoleId: number;
let adminRoleId: number;
let strongRoleId: number;
let projectId: number;
let strongProjectRoleId: number;
let peer: TestUser;
let subUser: { id: number; username: string; email: string };

// A user manager: may create and edit users, sub-users and roles, but not delete projects or
// open the admin panel, so any role carrying those is beyond them.
const MANAGER = [
  'view_admin_home',
  'add_admin_home',
  'edit_admin_home',
  'manage_roles_home',
  'manage_roles_add',
  'manage_roles_edit',
  'manage_sub_users_home',
  'manage_sub_users_add',
  'manage_sub_users_edit',
] as const;

beforeAll(async () => {
  ({ t, admin } = await startAdminWorld());
  managerRoleId = await createRole(t, MANAGER);
  manager = await createUser(t, { roleIds: [managerRoleId] });
  const [adminRole] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, ADMIN_ROLE_NAME));
  adminRoleId = adminRole!.id;
  strongRoleId = await createRole(t, ['delete_project']);
  projectId = (await createProject(t, admin)).id;
  // In the project the manager may add members and change roles, but not delete the project.
  await addMember(
    t,
    projectId,
    manager.id,
    await createRole(t, ['add_user_in_project', 'change_user_role_in_project', 'users_in_project']),
  );
  strongProjectRoleId = await createRole(t, ['delete_project', 'users_in_project']);
  peer = await createUser(t);
  await addMember(t, projectId, peer.id, await createRole(t, []));
  subUser = expectStatus(
    await as(t, manager.token).post('/api/users/create-subuser', {
      username: 'managed',
      email: 'managed@example.com',
      password: 'managed-password-1',
    }),
    201,
  ).user;
});
afterAll(() => t.close());

async function permissionId(name: string): Promise<number> {
  const [row] = await t.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, name));
  return row!.id;
}

/** The attempt answers `status` with `{message}`, and no table changed at all. */
async function refused(
  status: 400 | 403 | 409,
  attempt: () => Promise<LightMyRequestResponse>,
  message?: RegExp,
) {
  const before = await checksum(t.db, ['login_failures']);
  const res = await attempt();
  const body = expectStatus(res, status);
  expect(body.message).toBeTypeOf('string');
  if (message) expect(body.message).toMatch(message);
  expect(await checksum(t.db, ['login_failures'])).toEqual(before);
}

describe('nobody grants a permission they lack', () => {
  const api = () => as(t, manager.token);
  const self = () => ({ username: manager.username, email: manager.email });

  it('in a role they create or edit, their own role included', async () => {
    const deleteProject = await permissionId('delete_project');
    const editable = await createRole(t, []);
    await refused(
      403,
      () =>
        api().post('/api/roles/create', { name: 'sneaky', description: 'd', permissionIds: [deleteProject] }),
      /delete_project/,
    );
    await refused(403, () =>
      api().put(`/api/roles/update/${editable}`, {
        name: 'sneaky',
        description: 'd',
        permissionIds: [deleteProject],
      }),
    );
    const own = [...(await Promise.all(MANAGER.map(permissionId))), deleteProject];
    await refused(403, () =>
      api().put(`/api/roles/update/${managerRoleId}`, { name: 'mine', description: 'd', permissionIds: own }),
    );
  });

  it('by giving a role, globally, to anyone or to themselves', async () => {
    await refused(403, () =>
      api().post('/api/users/create', {
        username: 'puppet',
        email: 'puppet@example.com',
        password: 'puppet-password-1',
        roleIds: [adminRoleId],
      }),
    );
    const other = await createUser(t);
    await refused(403, () =>
      api().put(`/api/users/edit/${other.id}`, {
        username: other.username,
        email: other.email,
        roleIds: [strongRoleId],
      }),
    );
    await refused(403, () =>
      api().put(`/api/users/edit/${manager.id}`, { ...self(), roleIds: [managerRoleId, adminRoleId] }),
    );
  });

  it('to a sub-user, new or existing', async () => {
    await refused(403, () =>
      api().post('/api/users/create-subuser', {
        username: 'sub2',
        email: 'sub2@example.com',
        password: 'sub2-password-1',
        roleIds: [strongRoleId],
      }),
    );
    await refused(403, () =>
      api().put(`/api/users/update-subuser/${subUser.id}`, {
        username: subUser.username,
        email: subUser.email,
        roleIds: [adminRoleId],
      }),
    );
  });

  it('in a project, to another member or to themselves', async () => {
    const newcomer = await createUser(t);
    await refused(403, () =>
      api().post('/api/projects/add-user', { projectId, userId: newcomer.id, roleId: strongProjectRoleId }),
    );
    await refused(403, () =>
      api().put(`/api/projects/${projectId}/user/${peer.id}/change-role`, { roleId: strongProjectRoleId }),
    );
    await refused(403, () =>
      api().put(`/api/projects/${projectId}/user/${manager.id}/change-role`, { roleId: strongProjectRoleId }),
    );
  });

  it('by setting the password of a stronger user', async () => {
    await refused(403, () =>
      api().put('/api/users/edit/1', {
        username: 'admin',
        email: 'admin@example.com',
        password: 'i-own-you-now-1',
      }),
    );
  });
});

// A user admin: every user permission, but not the admin panel nor anything else.
const USER_ADMIN = ['view_admin_home', 'add_admin_home', 'edit_admin_home', 'delete_admin_home'] as const;

/** Makes `user` a sub-user of `root`'s account, created by the root. */
async function moveIntoAccount(userId: number, rootId: number): Promise<void> {
  await t.db.update(users).set({ accountId: rootId, parentId: rootId }).where(eq(users.id, userId));
}

/** The message names a permission the actor lacks. */
function expectNamesMissing(message: string, held: readonly string[]) {
  const named = /permission "([a-z_0-9]+)"/.exec(message)?.[1];
  expect(named, message).toBeDefined();
  expect(held).not.toContain(named);
}

describe('acting on a stronger user', () => {
  it('a user admin cannot edit, deactivate, strip or delete the Administrator, in any field', async () => {
    const userAdmin = await createUser(t, { permissions: USER_ADMIN });
    const api = as(t, userAdmin.token);
    const same = { username: 'admin', email: 'admin@example.com' };
    for (const edit of [
      { ...same, status: 'inactive' },
      { ...same, roleIds: [] },
      { ...same, email: 'taken-over@example.com' },
      { ...same, username: 'renamed' },
      { ...same, max_user_limit: 1 },
      same,
    ]) {
      await refused(403, () => api.put('/api/users/edit/1', edit));
      expectNamesMissing((await api.put('/api/users/edit/1', edit)).json().message, USER_ADMIN);
    }
    await refused(403, () => api.del('/api/users/delete/1'));
    expectNamesMissing((await api.del('/api/users/delete/1')).json().message, USER_ADMIN);
  });

  it('nor a user holding a permission they lack; weaker users and oneself stay editable', async () => {
    const held = ['edit_admin_home', 'delete_admin_home', 'home_project'] as const;
    const editor = await createUser(t, { permissions: held });
    const api = as(t, editor.token);
    const stronger = await createUser(t, { permissions: ['home_project', 'delete_project'] });
    const same = { username: stronger.username, email: stronger.email };
    await refused(403, () => api.put(`/api/users/edit/${stronger.id}`, same), /"delete_project"/);
    await refused(403, () => api.put(`/api/users/edit/${stronger.id}`, { ...same, roleIds: [] }));
    await refused(403, () => api.put(`/api/users/edit/${stronger.id}`, { ...same, status: 'inactive' }));
    await refused(403, () => api.del(`/api/users/delete/${stronger.id}`), /"delete_project"/);

    const weaker = await createUser(t, { permissions: ['home_project'] });
    const weak = { username: weaker.username, email: weaker.email };
    expectStatus(
      await api.put(`/api/users/edit/${weaker.id}`, { ...weak, username: `${weaker.username}-x` }),
      200,
    );
    expectStatus(await api.put(`/api/users/edit/${weaker.id}`, { ...weak, roleIds: [] }), 200);
    expectStatus(await api.del(`/api/users/delete/${weaker.id}`), 200);
    expectStatus(
      await api.put(`/api/users/edit/${editor.id}`, {
        username: `${editor.username}-me`,
        email: editor.email,
      }),
      200,
    );
  });

  it('a sub-user manager cannot edit, deactivate, strip or delete a stronger sub-user of the account', async () => {
    const held = ['manage_sub_users_home', 'manage_sub_users_edit', 'manage_sub_users_delete'] as const;
    const lead = await createUser(t, { permissions: held });
    const api = as(t, lead.token);
    // Given a stronger role earlier, by someone who held it.
    const stronger = await createUser(t, { permissions: ['delete_project'] });
    await moveIntoAccount(stronger.id, lead.id);
    const same = { username: stronger.username, email: stronger.email };
    const url = `/api/users/update-subuser/${stronger.id}`;
    await refused(403, () => api.put(url, { ...same, username: 'renamed-sub' }), /"delete_project"/);
    await refused(403, () => api.put(url, { ...same, status: 'inactive' }));
    await refused(403, () => api.put(url, { ...same, roleIds: [] }));
    await refused(403, () => api.del(`/api/users/delete/${stronger.id}`), /"delete_project"/);

    const weaker = await createUser(t);
    await moveIntoAccount(weaker.id, lead.id);
    const weak = { username: weaker.username, email: weaker.email };
    expectStatus(
      await api.put(`/api/users/update-subuser/${weaker.id}`, { ...weak, status: 'inactive' }),
      200,
    );
    expectStatus(await api.del(`/api/users/delete/${weaker.id}`), 200);
  });
});

describe('editing a stronger role', () => {
  it('a roles editor cannot rename, describe, cut or delete a role holding what they lack', async () => {
    const editor = await createUser(t, {
      permissions: ['manage_roles_edit', 'manage_roles_delete', 'home_project'],
    });
    const api = as(t, editor.token);
    const strong = await createRole(t, ['delete_project', 'home_project'], 'strong-role');
    const home = await permissionId('home_project');
    const url = `/api/roles/update/${strong}`;
    await refused(403, () => api.put(url, { name: 'renamed', description: 'fixture' }), /"delete_project"/);
    await refused(403, () => api.put(url, { name: 'strong-role', description: 'changed' }));
    await refused(403, () =>
      api.put(url, { name: 'strong-role', description: 'fixture', permissionIds: [home] }),
    );
    await refused(403, () =>
      api.put(url, { name: 'strong-role', description: 'fixture', permissionIds: [] }),
    );
    await refused(403, () => api.del(`/api/roles/delete/${strong}`), /"delete_project"/);

    const weak = await createRole(t, ['home_project'], 'weak-role');
    expectStatus(await api.put(`/api/roles/update/${weak}`, { name: 'weak-renamed', description: '' }), 200);
    expectStatus(
      await api.put(`/api/roles/update/${weak}`, {
        name: 'weak-renamed',
        description: '',
        permissionIds: [],
      }),
      200,
    );
    expectStatus(await api.del(`/api/roles/delete/${weak}`), 200);
  });

  it('nor the Administrator role (403), whatever the change', async () => {
    const editor = await createUser(t, {
      permissions: ['manage_roles_edit', 'manage_roles_delete', 'manage_admin_panel'],
    });
    const api = as(t, editor.token);
    const url = `/api/roles/update/${adminRoleId}`;
    await refused(403, () => api.put(url, { name: 'Administrator', description: 'mine now' }));
    await refused(403, () => api.put(url, { name: 'Administrator', description: '', permissionIds: [] }));
    await refused(403, () => api.del(`/api/roles/delete/${adminRoleId}`));
  });
});

describe('the built-in Administrator role', () => {
  async function adminRoleBody() {
    const role = expectStatus(await as(t, admin).get(`/api/roles/get-role/${adminRoleId}`), 200);
    return {
      name: role.name as string,
      description: role.description as string,
      permissionIds: role.Permissions.map((p: { id: number }) => p.id) as number[],
    };
  }

  it('cannot be renamed, deleted or lose a permission, even by an administrator (409)', async () => {
    const api = as(t, admin);
    const body = await adminRoleBody();
    const url = `/api/roles/update/${adminRoleId}`;
    await refused(409, () => api.put(url, { ...body, name: 'Superusers' }), /built-in/);
    await refused(409, () => api.put(url, { ...body, name: 'ADMINISTRATOR' }), /built-in/);
    await refused(
      409,
      () => api.put(url, { ...body, permissionIds: body.permissionIds.slice(1) }),
      /built-in/,
    );
    await refused(409, () => api.del(`/api/roles/delete/${adminRoleId}`), /built-in/);
    // Its description may change.
    expectStatus(await api.put(url, { name: body.name, description: 'Runs everything' }), 200);
    expectStatus(await api.put(url, { name: body.name, description: body.description }), 200);
  });

  it('is known by its flag, not its name: a role merely named Administrator is an ordinary one', async () => {
    const api = as(t, admin);
    // As if an older version had let it be renamed.
    await t.db.update(roles).set({ name: 'Chief' }).where(eq(roles.id, adminRoleId));
    try {
      const impostor = expectStatus(
        await api.post('/api/roles/create', { name: 'Administrator', description: 'd', permissionIds: [] }),
        201,
      ).role.id;
      const created = expectStatus(
        await api.post('/api/permissions/create', { name: 'custom_flagged', description: 'd' }),
        201,
      ).permission;
      const namesOf = async (id: number) =>
        expectStatus(await api.get(`/api/roles/get-role/${id}`), 200).Permissions.map(
          (p: { name: string }) => p.name,
        );
      expect(await namesOf(adminRoleId)).toContain(created.name);
      expect(await namesOf(impostor)).toEqual([]);
      await refused(409, () =>
        api.put(`/api/roles/update/${adminRoleId}`, { name: 'Boss', description: '' }),
      );
      expectStatus(await api.del(`/api/roles/delete/${impostor}`), 200);
    } finally {
      await t.db.update(roles).set({ name: ADMIN_ROLE_NAME }).where(eq(roles.id, adminRoleId));
    }
  });

  it('holds every permission again after a start, on an existing database too', async () => {
    // As in a database where a catalogue permission was taken from it, or the role was renamed.
    const auditLog = await permissionId('view_audit_log');
    await t.db.update(roles).set({ name: 'Chief' }).where(eq(roles.id, adminRoleId));
    await t.db.execute(
      sql`delete from role_permissions where role_id = ${adminRoleId} and permission_id = ${auditLog}`,
    );
    try {
      await bootstrap(t.db, { adminEmail: 'x@example.com', adminName: 'x', adminPassword: undefined });
      const all = await t.db.select({ id: permissions.id }).from(permissions);
      const role = expectStatus(await as(t, admin).get(`/api/roles/get-role/${adminRoleId}`), 200);
      expect(role.Permissions.map((p: { id: number }) => p.id).sort()).toEqual(all.map((p) => p.id).sort());
      const flagged = await queryRows<{ id: number }>(t.db, sql`select id from roles where built_in`);
      expect(flagged).toEqual([{ id: adminRoleId }]);
    } finally {
      await t.db.update(roles).set({ name: ADMIN_ROLE_NAME }).where(eq(roles.id, adminRoleId));
    }
  });
});

describe('the last administrator is the last active holder of the Administrator role', () => {
  it('a holder of every permission through another role does not count', async () => {
    const all = (await t.db.select({ name: permissions.name }).from(permissions)).map((p) => p.name);
    const cloneRole = await createRole(t, all);
    const clone = await createUser(t, { roleIds: [cloneRole] });
    const api = as(t, clone.token);
    const same = { username: 'admin', email: 'admin@example.com' };
    await refused(409, () => api.put('/api/users/edit/1', { ...same, status: 'inactive' }), /Administrator/);
    await refused(
      409,
      () => api.put('/api/users/edit/1', { ...same, roleIds: [cloneRole] }),
      /Administrator/,
    );
    await refused(409, () => api.del('/api/users/delete/1'), /Administrator/);
    // Nor may the administrator step down in favour of the clone.
    await refused(409, () => as(t, admin).put('/api/users/edit/1', { ...same, roleIds: [cloneRole] }));
  });
});

describe('a leaked token', () => {
  it("changing one's own password needs the current password (400 without, 400 at the field when wrong)", async () => {
    const editor = await createUser(t, { permissions: ['edit_admin_home'] });
    const api = as(t, editor.token);
    const self = { username: editor.username, email: editor.email, password: 'my-new-password-1' };
    const url = `/api/users/edit/${editor.id}`;
    await refused(400, () => api.put(url, self), /current password/i);
    expect((await api.put(url, self)).json().details).toEqual([
      { field: 'currentPassword', message: expect.stringMatching(/required/) },
    ]);
    const wrong = await api.put(url, { ...self, currentPassword: 'not-my-password' });
    // Not a 401, which would end the session: the message belongs at the field.
    expect([wrong.statusCode, wrong.json()]).toEqual([
      400,
      {
        message: 'Current password is wrong',
        code: 'current_password_wrong',
        details: [{ field: 'currentPassword', message: 'Current password is wrong' }],
      },
    ]);
    expectStatus(await api.get('/api/auth/totp'), 200);
    expectStatus(await api.put(url, { ...self, currentPassword: FIXTURE_PASSWORD }), 200);
    await expect(t.login(editor.email, 'my-new-password-1')).resolves.toBeTypeOf('string');

    // A sub-user editing themselves through the sub-user route, the same.
    const lead = await createUser(t, { permissions: ['manage_sub_users_edit'] });
    const sub = await createUser(t, { permissions: ['manage_sub_users_edit'] });
    await moveIntoAccount(sub.id, lead.id);
    const subApi = as(t, sub.token);
    const subSelf = { username: sub.username, email: sub.email, password: 'my-new-password-2' };
    const subUrl = `/api/users/update-subuser/${sub.id}`;
    await refused(400, () => subApi.put(subUrl, subSelf), /current password/i);
    await refused(
      400,
      () => subApi.put(subUrl, { ...subSelf, currentPassword: 'wrong-password-1' }),
      /wrong/,
    );
    expectStatus(await subApi.put(subUrl, { ...subSelf, currentPassword: FIXTURE_PASSWORD }), 200);
    // Setting someone else's password needs no current password.
    expectStatus(
      await as(t, lead.token).put(subUrl, {
        username: sub.username,
        email: sub.email,
        password: 'set-by-lead-1',
      }),
      200,
    );
  });

  it('a personal API token cannot change passwords, emails, users, sub-users, roles, permissions or tokens', async () => {
    const token = await apiToken(t, admin);
    const api = as(t, token);
    const other = await createUser(t);
    const same = { username: other.username, email: other.email };
    const role = await createRole(t, []);
    const custom = expectStatus(
      await as(t, admin).post('/api/permissions/create', { name: 'custom_token_probe', description: 'd' }),
      201,
    ).permission;
    const [{ id: tokenId }] = expectStatus(await as(t, admin).get('/api/api-tokens'), 200);
    const sub = expectStatus(
      await as(t, admin).post('/api/users/create-subuser', {
        username: 'token-sub',
        email: 'token-sub@example.com',
        password: 'token-sub-password-1',
      }),
      201,
    ).user;
    const attempts: [string, () => Promise<LightMyRequestResponse>][] = [
      [
        'own password',
        () =>
          api.put('/api/users/edit/1', {
            username: 'admin',
            email: 'admin@example.com',
            password: 'x-new-password-1',
            currentPassword: ADMIN_PASSWORD,
          }),
      ],
      ['own email', () => api.put('/api/users/edit/1', { username: 'admin', email: 'evil@example.com' })],
      ['a password', () => api.put(`/api/users/edit/${other.id}`, { ...same, password: 'x-new-password-1' })],
      ['an email', () => api.put(`/api/users/edit/${other.id}`, { ...same, email: 'evil2@example.com' })],
      ['a user', () => api.put(`/api/users/edit/${other.id}`, { ...same, status: 'inactive' })],
      [
        'a new user',
        () =>
          api.post('/api/users/create', {
            username: 'tok',
            email: 'tok@example.com',
            password: 'tok-password-1',
          }),
      ],
      ['a deletion', () => api.del(`/api/users/delete/${other.id}`)],
      [
        'a new sub-user',
        () =>
          api.post('/api/users/create-subuser', {
            username: 'tok2',
            email: 'tok2@example.com',
            password: 'tok-password-1',
          }),
      ],
      [
        'a sub-user',
        () =>
          api.put(`/api/users/update-subuser/${sub.id}`, {
            username: sub.username,
            email: sub.email,
            password: 'x-new-password-1',
          }),
      ],
      ['a new role', () => api.post('/api/roles/create', { name: 'tok-role', description: '' })],
      ['a role', () => api.put(`/api/roles/update/${role}`, { name: 'tok-role', description: '' })],
      ['a role deletion', () => api.del(`/api/roles/delete/${role}`)],
      ['a new permission', () => api.post('/api/permissions/create', { name: 'tok_perm', description: '' })],
      [
        'a permission',
        () => api.put(`/api/permissions/update/${custom.id}`, { name: custom.name, description: 'x' }),
      ],
      ['a permission deletion', () => api.del(`/api/permissions/delete/${custom.id}`)],
      ['a new API token', () => api.post('/api/api-tokens', { name: 'minted' })],
      ['an API token revocation', () => api.del(`/api/api-tokens/${tokenId}`)],
    ];
    for (const [what, attempt] of attempts) {
      const before = await checksum(t.db, ['login_failures', 'api_tokens']);
      const body = expectStatus(await attempt(), 403);
      expect(body.message, what).toMatch(/signed-in session/);
      expect(await checksum(t.db, ['login_failures', 'api_tokens']), what).toEqual(before);
    }
    expect(expectStatus(await as(t, admin).get('/api/api-tokens'), 200)).toHaveLength(1);
    // Reading, and work inside projects, go on as before.
    expectStatus(await api.get('/api/users/list'), 200);
    expectStatus(await api.get(`/api/roles/get-role/${role}`), 200);
  });

  it("changing a user's password or email signs out all their sessions and API tokens", async () => {
    for (const change of [{ email: 'moved@example.com' }, { password: 'a-changed-password-1' }]) {
      const target = await createUser(t);
      const secondSession = t.app.tokens.sign(target.id, 0);
      const token = await apiToken(t, target.token);
      expectStatus(await as(t, token).get(`/api/users/${target.id}`), 200);
      expectStatus(
        await as(t, admin).put(`/api/users/edit/${target.id}`, {
          username: target.username,
          email: target.email,
          ...change,
        }),
        200,
      );
      for (const old of [target.token, secondSession, token]) {
        expectStatus(await as(t, old).get(`/api/users/${target.id}`), 401);
      }
    }
  });
});

describe('the last administrator', () => {
  it('cannot be removed: not deleted, deactivated, stripped of the role, nor the role of its permission', async () => {
    const adminApi = as(t, admin);
    const body = { username: 'admin', email: 'admin@example.com' };
    await refused(
      409,
      () => adminApi.put('/api/users/edit/1', { ...body, roleIds: [] }),
      /no active user with the Administrator role/,
    );
    await refused(409, () => adminApi.put('/api/users/edit/1', { ...body, status: 'inactive' }));
    await refused(409, () => adminApi.del('/api/users/delete/1'));
    const [role] = await t.db.select().from(roles).where(eq(roles.id, adminRoleId));
    const all = (await t.db.select({ id: permissions.id, name: permissions.name }).from(permissions))
      .filter((p) => p.name !== 'manage_admin_panel')
      .map((p) => p.id);
    await refused(
      409,
      () =>
        adminApi.put(`/api/roles/update/${adminRoleId}`, {
          name: role!.name,
          description: role!.description,
          permissionIds: all,
        }),
      /built-in administrator role: it keeps every permission/,
    );
    await refused(409, () => adminApi.del(`/api/roles/delete/${adminRoleId}`));
    const panel = await permissionId('manage_admin_panel');
    // A built-in permission cannot be deleted either, which would take the panel from everyone.
    await refused(409, () => adminApi.del(`/api/permissions/delete/${panel}`));
  });
});
