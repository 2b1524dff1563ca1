import { ADMIN_ROLE_NAME } from '@verdict/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, roles } from '../src/db/schema.ts';
import {
  addMember,
  as,
  createProject,
  createRole,
  createUser,
  expectStatus,
  type TestUser,
} from './helpers/fixtures.ts';
import { checksum } from './helpers/security.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

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
  t = await createTestApp();
  admin = await t.login();
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
async function refused(status: 403 | 409, attempt: () => Promise<LightMyRequestResponse>, message?: RegExp) {
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

describe('the last administrator', () => {
  it('cannot be removed: not deleted, deactivated, stripped of the role, nor the role of its permission', async () => {
    const adminApi = as(t, admin);
    const body = { username: 'admin', email: 'admin@example.com' };
    await refused(
      409,
      () => adminApi.put('/api/users/edit/1', { ...body, roleIds: [] }),
      /manage_admin_panel/,
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
      /manage_admin_panel/,
    );
    await refused(409, () => adminApi.del(`/api/roles/delete/${adminRoleId}`));
    const panel = await permissionId('manage_admin_panel');
    // A built-in permission cannot be deleted either, which would take the panel from everyone.
    await refused(409, () => adminApi.del(`/api/permissions/delete/${panel}`));
  });
});
