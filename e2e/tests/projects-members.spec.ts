import type { ProjectDetail } from '@verdict/contract';
import { addMember, createProject, createRole, expect, signIn, signInAt, test, unique } from '../fixtures';
import { errorBox, expectToastFor3Seconds, pick, toast } from '../page-helpers';

test.describe('add user to project', () => {
  test('both picks are required; success returns to the project', async ({ page, adminApi, createUser }) => {
    const project = await createProject(adminApi);
    const user = await createUser({ prefix: 'newmember' });
    const role = await createRole(adminApi, ['home_project'], unique('member-role'));

    await signInAt(page, `/projects/${project.id}`);
    await page.getByRole('link', { name: 'Add User' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/add-user$`));
    await expect(page.getByRole('heading', { name: 'Add User to Project' })).toBeVisible();

    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(errorBox(page, '⚠️ Please select both user and role')).toBeVisible();

    // Searchable: typing part of the email finds the user.
    await pick(page, 'User', user.email);
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(errorBox(page, '⚠️ Please select both user and role')).toBeVisible();

    await pick(page, 'Role', role.name);
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    await expectToastFor3Seconds(page, 'User added to project successfully');
    const members = page.getByRole('table', { name: 'Project Members' });
    await expect(members.getByRole('cell', { name: user.username, exact: true })).toBeVisible();
    const detail = await adminApi.call<ProjectDetail>('GET', `/api/projects/detail/${project.id}`);
    expect(detail.members).toContainEqual(
      expect.objectContaining({ id: user.id, role: { id: role.id, name: role.name } }),
    );
  });

  test("'Failed to load users or roles' when a list cannot be loaded", async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    await signIn(page);
    await page.route('**/api/roles/list', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto(`/projects/${project.id}/add-user`);
    await expect(errorBox(page, '⚠️ Failed to load users or roles')).toBeVisible();
  });

  test("'Failed to add user' when the server refuses", async ({ page, adminApi, createUser }) => {
    const project = await createProject(adminApi);
    const user = await createUser({ prefix: 'gone' });
    const role = await createRole(adminApi, ['home_project']);
    await signInAt(page, `/projects/${project.id}/add-user`);
    await pick(page, 'User', user.email);
    await pick(page, 'Role', role.name);
    await adminApi.call('DELETE', `/api/users/delete/${user.id}`);
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(errorBox(page, '⚠️ Failed to add user')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/add-user$`));
  });
});

test.describe('change user role', () => {
  test('the role is required; success returns to the project with the message', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const project = await createProject(adminApi);
    const user = await createUser({ prefix: 'changing' });
    const before = await createRole(adminApi, ['home_project'], unique('before'));
    const after = await createRole(adminApi, ['home_project', 'home_test_suit'], unique('after'));
    await addMember(adminApi, project.id, user.id, before.id);

    await signInAt(page, `/projects/${project.id}`);
    await page.getByRole('link', { name: `Change Role of ${user.username}` }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/user/${user.id}$`));
    await expect(page.getByRole('heading', { name: 'Change User Role' })).toBeVisible();
    const role = page.getByRole('combobox', { name: 'Role', exact: true });
    await expect(role).toHaveValue(before.name);

    await page.getByRole('button', { name: 'Clear Role' }).click();
    await page.getByRole('button', { name: 'Change Role' }).click();
    await expect(errorBox(page, '⚠️ Please select a role')).toBeVisible();

    await pick(page, 'Role', after.name);
    await page.getByRole('button', { name: 'Change Role' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    await expectToastFor3Seconds(page, 'Role changed successfully');
    const detail = await adminApi.call<ProjectDetail>('GET', `/api/projects/detail/${project.id}`);
    expect(detail.members).toContainEqual(
      expect.objectContaining({ id: user.id, role: { id: after.id, name: after.name } }),
    );
  });

  test("shows the server's message, else 'Role changed successfully'", async ({
    page,
    adminApi,
    createUser,
  }) => {
    const project = await createProject(adminApi);
    const user = await createUser({ prefix: 'msg' });
    const role = await createRole(adminApi, ['home_project']);
    await addMember(adminApi, project.id, user.id, role.id);
    await signIn(page);

    await page.route('**/change-role', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"message":"Role is now different"}',
      }),
    );
    await page.goto(`/projects/${project.id}/user/${user.id}`);
    await expect(page.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue(role.name);
    await page.getByRole('button', { name: 'Change Role' }).click();
    await expect(toast(page, 'Role is now different')).toBeVisible();

    await page.unroute('**/change-role');
    await page.route('**/change-role', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
    );
    await page.goto(`/projects/${project.id}/user/${user.id}`);
    await expect(page.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue(role.name);
    await page.getByRole('button', { name: 'Change Role' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    await expect(toast(page, 'Role changed successfully')).toBeVisible();
  });

  test("failures: the server's message, 'Failed to change role', 'No response from server'", async ({
    page,
    adminApi,
    createUser,
  }) => {
    const project = await createProject(adminApi);
    const user = await createUser({ prefix: 'fail' });
    const role = await createRole(adminApi, ['home_project']);
    await addMember(adminApi, project.id, user.id, role.id);
    await signInAt(page, `/projects/${project.id}/user/${user.id}`);
    const role_ = page.getByRole('combobox', { name: 'Role', exact: true });
    await expect(role_).toHaveValue(role.name);
    const submit = page.getByRole('button', { name: 'Change Role' });

    // No response at all.
    await page.route('**/change-role', (route) => route.abort('connectionreset'));
    await submit.click();
    await expect(errorBox(page, '⚠️ No response from server')).toBeVisible();

    // An answer without a message.
    await page.unroute('**/change-role');
    await page.route('**/change-role', (route) => route.fulfill({ status: 500, body: '' }));
    await submit.click();
    await expect(errorBox(page, '⚠️ Failed to change role')).toBeVisible();

    // The real server's message: the user is no longer a member.
    await page.unroute('**/change-role');
    await adminApi.call('DELETE', `/api/projects/${project.id}/user/${user.id}/remove`);
    await submit.click();
    await expect(errorBox(page, '⚠️ That user is not a member of this project')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/user/${user.id}$`));
  });

  test("'Failed to load roles' when the role list cannot be loaded", async ({
    page,
    adminApi,
    createUser,
  }) => {
    const project = await createProject(adminApi);
    const user = await createUser();
    await addMember(adminApi, project.id, user.id, (await createRole(adminApi, ['home_project'])).id);
    await signIn(page);
    await page.route('**/api/roles/list', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto(`/projects/${project.id}/user/${user.id}`);
    await expect(errorBox(page, '⚠️ Failed to load roles')).toBeVisible();
  });
});

test.describe('remove user from project', () => {
  test('Remove asks first, then removes the member', async ({ page, adminApi, createUser }) => {
    const project = await createProject(adminApi);
    const user = await createUser({ prefix: 'removed' });
    await addMember(adminApi, project.id, user.id, (await createRole(adminApi, ['home_project'])).id);
    await signInAt(page, `/projects/${project.id}`);
    const members = page.getByRole('table', { name: 'Project Members' });
    const remove = members.getByRole('button', { name: `Remove ${user.username}` });

    await remove.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
    await expect(dialog.getByText('Do you really want to remove this user from the project?')).toBeVisible();
    await dialog.getByRole('button', { name: 'No, Cancel' }).click();
    await expect(members.getByRole('cell', { name: user.username, exact: true })).toBeVisible();

    await remove.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Remove' }).click();
    await expectToastFor3Seconds(page, 'User removed from project successfully');
    await expect(members.getByRole('cell', { name: user.username, exact: true })).toHaveCount(0);
    const detail = await adminApi.call<ProjectDetail>('GET', `/api/projects/detail/${project.id}`);
    expect(detail.members.map((m: { id: number }) => m.id)).not.toContain(user.id);
  });

  test("'Failed to remove user' when the removal fails", async ({ page, adminApi, createUser }) => {
    const project = await createProject(adminApi);
    const user = await createUser({ prefix: 'twice' });
    await addMember(adminApi, project.id, user.id, (await createRole(adminApi, ['home_project'])).id);
    await signInAt(page, `/projects/${project.id}`);
    const members = page.getByRole('table', { name: 'Project Members' });
    await expect(members.getByRole('cell', { name: user.username, exact: true })).toBeVisible();
    await adminApi.call('DELETE', `/api/projects/${project.id}/user/${user.id}/remove`);
    await members.getByRole('button', { name: `Remove ${user.username}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Remove' }).click();
    await expect(errorBox(page, '⚠️ Failed to remove user')).toBeVisible();
  });
});
