import { PERMISSION_NAMES, type ProjectDetail } from '@verdict/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createProject, createRole, createUser } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { startAdminWorld, type TestApp } from './helpers/world.ts';

/**
 * GET /api/projects/detail/{id} answers `my_permissions`: the caller's permissions inside the
 * project, the same set the guards check, so the web app shows only what the server allows.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => ({ t, admin } = await startAdminWorld()));
afterAll(() => t.close());

async function myPermissions(token: string, projectId: number): Promise<string[]> {
  const detail: ProjectDetail = expectStatus(
    await as(t, token).get(`/api/projects/detail/${projectId}`),
    200,
  );
  return detail.my_permissions;
}

describe('my_permissions on the project detail', () => {
  it('names every permission for an administrator', async () => {
    const project = await createProject(t, admin);
    expect(await myPermissions(admin, project.id)).toEqual([...PERMISSION_NAMES].sort());
  });

  it('adds a member’s project role to their global permissions, and the guards agree', async () => {
    const project = await createProject(t, admin);
    const role = await createRole(t, ['home_test_suit', 'edit_project']);
    const member = await createUser(t, { permissions: ['add_project'] });
    await addMember(t, project.id, member.id, role);

    expect(await myPermissions(member.token, project.id)).toEqual([
      'add_project',
      'edit_project',
      'home_test_suit',
    ]);
    // What the answer names is allowed; what it leaves out is refused.
    expectStatus(
      await as(t, member.token).put(`/api/projects/update/${project.id}`, { name: 'Renamed' }),
      200,
    );
    const refused = expectStatus(await as(t, member.token).del(`/api/projects/delete/${project.id}`), 403);
    expect(refused.message).toContain('delete_project');
  });

  it('follows a change of the member’s role', async () => {
    const project = await createProject(t, admin);
    const viewer = await createRole(t, ['home_test_suit']);
    const editor = await createRole(t, ['edit_project', 'delete_project']);
    const member = await createUser(t);
    await addMember(t, project.id, member.id, viewer);
    expect(await myPermissions(member.token, project.id)).toEqual(['home_test_suit']);

    const change = await as(t, admin).put(`/api/projects/${project.id}/user/${member.id}/change-role`, {
      roleId: editor,
    });
    expectStatus(change, 200);
    expect(await myPermissions(member.token, project.id)).toEqual(['delete_project', 'edit_project']);
  });

  it('is the global permissions alone for a user who is not a member', async () => {
    const project = await createProject(t, admin);
    const auditor = await createUser(t, { permissions: ['view_all_projects', 'edit_project'] });

    expect(await myPermissions(auditor.token, project.id)).toEqual(['edit_project', 'view_all_projects']);
    expectStatus(
      await as(t, auditor.token).put(`/api/projects/update/${project.id}`, { name: 'Audited' }),
      200,
    );
    const refused = expectStatus(
      await as(t, auditor.token).get(`/api/testsuites/project/${project.id}`),
      403,
    );
    expect(refused.message).toContain('home_test_suit');
  });

  it('is empty for a member whose role grants nothing and who holds nothing globally', async () => {
    const project = await createProject(t, admin);
    const member = await createUser(t);
    await addMember(t, project.id, member.id, await createRole(t, []));
    expect(await myPermissions(member.token, project.id)).toEqual([]);
  });
});
