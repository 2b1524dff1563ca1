import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers } from '../src/modules/projects/projects-schema.ts';
import { roles } from '../src/modules/roles/roles-schema.ts';
import { addMember, createProject, createRole, createUser } from './helpers/fixtures.ts';
import { as, expectBadIds, expectGuards, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type World } from './helpers/world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => ({ t, w } = await startWorld()));
afterAll(() => t.close());

async function roleOf(projectId: number, userId: number): Promise<number | undefined> {
  const [row] = await t.db
    .select({ roleId: projectMembers.roleId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  return row?.roleId;
}

async function roleName(id: number): Promise<string> {
  const [row] = await t.db.select({ name: roles.name }).from(roles).where(eq(roles.id, id));
  return row!.name;
}

describe('POST /api/projects/add-user', () => {
  it('adds a member with a role and answers it', async () => {
    const project = await createProject(t, w.admin);
    const user = await createUser(t);
    const roleId = await createRole(t, ['edit_project']);
    const res = await as(t, w.admin).post('/api/projects/add-user', {
      projectId: project.id,
      userId: user.id,
      roleId,
    });
    expect(expectStatus(res, 201)).toEqual({
      message: 'User added to project successfully',
      member: {
        id: user.id,
        username: user.username,
        email: user.email,
        role: { id: roleId, name: await roleName(roleId) },
      },
    });
    expect(await roleOf(project.id, user.id)).toBe(roleId);
    // Membership makes the project visible to the new member.
    expectStatus(await as(t, user.token).get(`/api/projects/detail/${project.id}`), 200);
  });

  it('answers 404 for an unknown user or role and 409 for an existing member', async () => {
    const api = as(t, w.admin);
    const user = await createUser(t);
    const base = { projectId: w.project.id, userId: user.id, roleId: w.emptyRoleId };
    expect(expectStatus(await api.post('/api/projects/add-user', { ...base, userId: 999999 }), 404)).toEqual({
      message: 'User not found',
      code: 'not_found',
    });
    expect(expectStatus(await api.post('/api/projects/add-user', { ...base, roleId: 999999 }), 404)).toEqual({
      message: 'Role not found',
      code: 'not_found',
    });
    expectStatus(await api.post('/api/projects/add-user', base), 201);
    const again = await api.post('/api/projects/add-user', { ...base, roleId: await createRole(t, []) });
    expect(expectStatus(again, 409).message).toMatch(/already a member/);
    expect(await roleOf(w.project.id, user.id)).toBe(w.emptyRoleId);
  });

  it('never lets a member grant a permission they do not hold there', async () => {
    const granter = await createUser(t, { permissions: ['delete_project'] });
    await addMember(
      t,
      w.project.id,
      granter.id,
      await createRole(t, ['add_user_in_project', 'edit_project']),
    );
    const api = as(t, granter.token);
    const target = await createUser(t);
    const payload = (roleId: number) => ({ projectId: w.project.id, userId: target.id, roleId });

    const tooMuch = await api.post(
      '/api/projects/add-user',
      payload(await createRole(t, ['edit_project', 'home_project'])),
    );
    expect(expectStatus(tooMuch, 403).message).toContain('home_project');
    expect(await roleOf(w.project.id, target.id)).toBeUndefined();
    // Held through the project role (edit_project) and globally (delete_project): allowed.
    const fits = await api.post(
      '/api/projects/add-user',
      payload(await createRole(t, ['edit_project', 'delete_project'])),
    );
    expectStatus(fits, 201);
  });

  it('needs add_user_in_project in a project the caller sees', async () => {
    const user = await createUser(t);
    const payload = { projectId: w.project.id, userId: user.id, roleId: w.emptyRoleId };
    await expectGuards(t, w, {
      method: 'POST',
      url: '/api/projects/add-user',
      payload,
      permission: 'add_user_in_project',
    });
    // The outsider learns nothing about users or roles of a hidden project.
    const hidden = await as(t, w.outsider.token).post('/api/projects/add-user', {
      ...payload,
      userId: 999999,
    });
    expect(expectStatus(hidden, 404)).toEqual({ message: 'Project not found', code: 'not_found' });
    const missing = await as(t, w.outsider.token).post('/api/projects/add-user', {
      ...payload,
      projectId: 999999,
    });
    expect(missing.json()).toEqual(hidden.json());
    expect(await roleOf(w.project.id, user.id)).toBeUndefined();
  });

  it('answers 400 for a bad body', async () => {
    const api = as(t, w.admin);
    for (const payload of [
      {},
      { projectId: w.project.id, userId: 1 },
      { projectId: 0, userId: 1, roleId: 1 },
      { projectId: 'abc', userId: 1, roleId: 1 },
      { projectId: w.project.id, userId: 1, roleId: 1, admin: true },
    ]) {
      expectStatus(await api.post('/api/projects/add-user', payload), 400);
    }
  });
});

describe('PUT /api/projects/{id}/user/{userId}/change-role', () => {
  const url = (projectId: number, userId: number) => `/api/projects/${projectId}/user/${userId}/change-role`;

  it("changes a member's role and answers the member", async () => {
    const user = await createUser(t);
    await addMember(t, w.project.id, user.id, w.emptyRoleId);
    const roleId = await createRole(t, ['edit_test_case']);
    const res = await as(t, w.admin).put(url(w.project.id, user.id), {
      projectId: w.project.id,
      userId: user.id,
      roleId,
    });
    expect(expectStatus(res, 200)).toEqual({
      message: 'Role changed successfully',
      member: {
        id: user.id,
        username: user.username,
        email: user.email,
        role: { id: roleId, name: await roleName(roleId) },
      },
    });
    expect(await roleOf(w.project.id, user.id)).toBe(roleId);
    // The path alone names the member; the body may carry only the role.
    expectStatus(await as(t, w.admin).put(url(w.project.id, user.id), { roleId: w.emptyRoleId }), 200);
    expect(await roleOf(w.project.id, user.id)).toBe(w.emptyRoleId);
  });

  it('answers 400 when body ids disagree with the path, changing nothing', async () => {
    const user = await createUser(t);
    await addMember(t, w.project.id, user.id, w.emptyRoleId);
    const roleId = await createRole(t, []);
    const api = as(t, w.admin);
    const wrongProject = await api.put(url(w.project.id, user.id), {
      projectId: w.project.id + 1000,
      roleId,
    });
    expect(expectStatus(wrongProject, 400).details[0].field).toBe('projectId');
    const wrongUser = await api.put(url(w.project.id, user.id), { userId: user.id + 1, roleId });
    expect(expectStatus(wrongUser, 400).details[0].field).toBe('userId');
    expect(await roleOf(w.project.id, user.id)).toBe(w.emptyRoleId);
  });

  it('answers 404 for a non-member, even one who is a member elsewhere', async () => {
    const other = await createProject(t, w.admin);
    const user = await createUser(t);
    await addMember(t, other.id, user.id, w.emptyRoleId);
    const roleId = await createRole(t, ['edit_project']);
    const res = await as(t, w.admin).put(url(w.project.id, user.id), { roleId });
    expect(expectStatus(res, 404).message).toMatch(/not a member/);
    expect(await roleOf(other.id, user.id)).toBe(w.emptyRoleId);
    expect(await roleOf(w.project.id, user.id)).toBeUndefined();
    expect(
      expectStatus(await as(t, w.admin).put(url(w.project.id, w.member.id), { roleId: 999999 }), 404),
    ).toEqual({
      message: 'Role not found',
      code: 'not_found',
    });
  });

  it('applies the no-escalation rule, also to oneself', async () => {
    const manager = await createUser(t);
    const managerRole = await createRole(t, ['change_user_role_in_project', 'edit_test_suit']);
    await addMember(t, w.project.id, manager.id, managerRole);
    const user = await createUser(t);
    await addMember(t, w.project.id, user.id, w.emptyRoleId);
    const api = as(t, manager.token);
    const higher = await createRole(t, ['edit_test_suit', 'delete_test_suit']);
    expect(
      expectStatus(await api.put(url(w.project.id, user.id), { roleId: higher }), 403).message,
    ).toContain('delete_test_suit');
    expect(
      expectStatus(await api.put(url(w.project.id, manager.id), { roleId: higher }), 403).message,
    ).toContain('delete_test_suit');
    expect(await roleOf(w.project.id, manager.id)).toBe(managerRole);
    expectStatus(
      await api.put(url(w.project.id, user.id), { roleId: await createRole(t, ['edit_test_suit']) }),
      200,
    );
  });

  it('needs change_user_role_in_project in a project the caller sees', async () => {
    await expectGuards(t, w, {
      method: 'PUT',
      url: url(w.project.id, w.member.id),
      payload: { roleId: w.emptyRoleId },
      permission: 'change_user_role_in_project',
    });
    await expectBadIds(t, w.admin, 'PUT', [url(0, 1), '/api/projects/x/user/1/change-role', url(1, 0)], {
      roleId: 1,
    });
    expectStatus(await as(t, w.admin).put(url(w.project.id, w.member.id), {}), 400);
    expectStatus(await as(t, w.admin).put(url(w.project.id, w.member.id), { roleId: 'x' }), 400);
  });
});

describe('DELETE /api/projects/{id}/user/{userId}/remove', () => {
  const url = (projectId: number, userId: number) => `/api/projects/${projectId}/user/${userId}/remove`;

  it('removes the member, who then no longer sees the project', async () => {
    const project = await createProject(t, w.admin);
    const user = await createUser(t);
    await addMember(t, project.id, user.id, w.emptyRoleId);
    expectStatus(await as(t, user.token).get(`/api/projects/detail/${project.id}`), 200);
    const res = await as(t, w.admin).del(url(project.id, user.id));
    expect(expectStatus(res, 200)).toEqual({ message: 'User removed from project successfully' });
    expect(await roleOf(project.id, user.id)).toBeUndefined();
    expectStatus(await as(t, user.token).get(`/api/projects/detail/${project.id}`), 404);
    expectStatus(await as(t, w.admin).del(url(project.id, user.id)), 404);
  });

  it('answers 404 for a member of another project, leaving that membership', async () => {
    const other = await createProject(t, w.admin);
    const user = await createUser(t);
    await addMember(t, other.id, user.id, w.emptyRoleId);
    expect(expectStatus(await as(t, w.admin).del(url(w.project.id, user.id)), 404).message).toMatch(
      /not a member/,
    );
    expect(await roleOf(other.id, user.id)).toBe(w.emptyRoleId);
  });

  it('needs remove_user_from_project in a project the caller sees', async () => {
    await expectGuards(t, w, {
      method: 'DELETE',
      url: url(w.project.id, w.member.id),
      permission: 'remove_user_from_project',
    });
    await expectBadIds(t, w.admin, 'DELETE', [url(0, 1), '/api/projects/1/user/abc/remove']);
    expect(await roleOf(w.project.id, w.member.id)).toBe(w.emptyRoleId);
  });
});
