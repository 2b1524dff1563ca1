import { addMember, createProject, createRole, expect, signIn, signInAt, test, unique } from '../fixtures';
import { errorBox, expectToastFor3Seconds, toast } from '../page-helpers';

test.describe('create project', () => {
  test('both fields are required; success goes to the dashboard with a toast', async ({ page, adminApi }) => {
    await signInAt(page, '/projects-create');
    await expect(page.getByRole('heading', { name: 'Create Project' })).toBeVisible();
    const name = page.getByLabel('Project Name');
    const description = page.getByLabel('Description');
    await expect(name).toHaveAttribute('required', '');
    await expect(description).toHaveAttribute('required', '');

    // Browser-level validation: nothing is sent while a field is empty.
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page).toHaveURL(/\/projects-create$/);
    expect(await name.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await name.fill(unique('created'));
    await page.getByRole('button', { name: 'Create Project' }).click();
    expect(await description.evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true);
    await expect(page).toHaveURL(/\/projects-create$/);

    const projectName = await name.inputValue();
    await description.fill('Made in the browser');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToastFor3Seconds(page, 'Project created successfully!');

    const projects = await adminApi.call<{ name: string; description: string }[]>(
      'GET',
      '/api/projects/list',
    );
    expect(projects).toContainEqual(
      expect.objectContaining({ name: projectName, description: 'Made in the browser' }),
    );
  });

  test("a refused create shows the server's message", async ({ page, createUser }) => {
    // Without add_project the server answers 403 with a message naming it.
    const user = await createUser({ permissions: ['home_project'] });
    await signInAt(page, '/projects-create', user);
    await page.getByLabel('Project Name').fill(unique('refused'));
    await page.getByLabel('Description').fill('x');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(errorBox(page, '⚠️ You do not have the permission "add_project"')).toBeVisible();
    await expect(page).toHaveURL(/\/projects-create$/);
  });

  test('a failure without a message shows the fallback text', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/projects/create', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/projects-create');
    await page.getByLabel('Project Name').fill(unique('fails'));
    await page.getByLabel('Description').fill('x');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(errorBox(page, '⚠️ Failed to create project. Please try again.')).toBeVisible();
  });
});

test.describe('edit project', () => {
  test('loads name and description, Cancel goes back, Save Changes updates', async ({ page, adminApi }) => {
    const project = await createProject(adminApi, unique('before'), 'Old description');
    await signInAt(page, `/edit-project/${project.id}`);
    await expect(page.getByRole('heading', { name: 'Edit Project' })).toBeVisible();
    await expect(page.getByLabel('Project Name')).toHaveValue(project.name);
    await expect(page.getByLabel('Description')).toHaveValue('Old description');
    await expect(page.getByLabel('Project Name')).toHaveAttribute('required', '');

    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));

    await page.goto(`/edit-project/${project.id}`);
    const renamed = unique('after');
    await page.getByLabel('Project Name').fill(renamed);
    await page.getByLabel('Description').fill('New description');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    // The success message passed through navigation state shows as a toast.
    await expectToastFor3Seconds(page, 'Project updated successfully!');
    await expect(
      page.getByRole('table', { name: 'Project', exact: true }).getByRole('cell', { name: renamed }),
    ).toBeVisible();
    const detail = await adminApi.call('GET', `/api/projects/detail/${project.id}`);
    expect(detail).toMatchObject({ name: renamed, description: 'New description' });
  });

  test("'Failed to fetch project' for a project that is gone", async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    await adminApi.call('DELETE', `/api/projects/delete/${project.id}`);
    await signInAt(page, `/edit-project/${project.id}`);
    await expect(errorBox(page, '⚠️ Failed to fetch project')).toBeVisible();
  });

  test("'Failed to update project' when the save fails", async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    await signInAt(page, `/edit-project/${project.id}`);
    await expect(page.getByLabel('Project Name')).toHaveValue(project.name);
    await adminApi.call('DELETE', `/api/projects/delete/${project.id}`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(errorBox(page, '⚠️ Failed to update project')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/edit-project/${project.id}$`));
  });
});

test.describe('project detail', () => {
  test('shows the one-row table, the buttons and the paginated members', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const project = await createProject(adminApi, unique('detail'), 'Detail description');
    const role = await createRole(adminApi, ['home_project']);
    const users = [];
    for (let i = 0; i < 9; i += 1) users.push(await createUser({ prefix: `member${i}` }));
    for (const user of users) await addMember(adminApi, project.id, user.id, role.id);

    await signInAt(page, `/projects/${project.id}`);
    const table = page.getByRole('table', { name: 'Project', exact: true });
    await expect(table.getByRole('columnheader')).toHaveText(['Sr No', 'Name', 'Action']);
    await expect(table.getByRole('columnheader', { name: 'Sr No' })).toHaveAttribute('style', /width: 100px/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      '1',
      project.name,
      'EditDelete',
    ]);
    await expect(table.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/edit-project/${project.id}`,
    );

    await expect(page.getByRole('link', { name: 'Add User' })).toHaveAttribute(
      'href',
      `/projects/${project.id}/add-user`,
    );
    await expect(page.getByRole('link', { name: 'Add Test Suite' })).toHaveAttribute(
      'href',
      `/projects/${project.id}/add-suite`,
    );
    await expect(page.getByRole('link', { name: 'Add Test Case' })).toHaveAttribute(
      'href',
      `/projects/${project.id}/add-case`,
    );

    const members = page.getByRole('table', { name: 'Project Members' });
    await expect(page.getByRole('heading', { name: 'Project Members' })).toBeVisible();
    await expect(members.getByRole('columnheader')).toHaveText(['Sr No', 'Username', 'Email', 'Action']);
    await expect(members.getByRole('columnheader', { name: 'Sr No' })).toHaveAttribute(
      'style',
      /width: 100px/,
    );
    await expect(members.getByRole('row')).toHaveCount(9); // header + 8
    await expect(page.getByText('Showing 1-8 of 9')).toBeVisible();
    const first = members.getByRole('row').nth(1);
    await expect(first.getByRole('cell').nth(1)).toHaveText(users[0]!.username);
    await expect(first.getByRole('cell').nth(2)).toHaveText(users[0]!.email);
    await expect(first.getByRole('link', { name: `Change Role of ${users[0]!.username}` })).toHaveAttribute(
      'href',
      `/projects/${project.id}/user/${users[0]!.id}`,
    );
    await expect(first.getByRole('button', { name: `Remove ${users[0]!.username}` })).toBeVisible();
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
    await expect(members.getByRole('row')).toHaveCount(2);
    await expect(members.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('9');
    await expect(page.getByText('Showing 9-9 of 9')).toBeVisible();
  });

  test('Delete asks first, then goes to the dashboard', async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    await signInAt(page, `/projects/${project.id}`);
    const table = page.getByRole('table', { name: 'Project', exact: true });

    await table.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
    await expect(dialog.getByText(`Do you really want to delete ${project.name}?`)).toBeVisible();
    await dialog.getByRole('button', { name: 'No, Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));

    await table.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, 'Project deleted successfully')).toBeVisible();
    const list = await adminApi.call<{ id: number }[]>('GET', '/api/projects/list');
    expect(list.map((p) => p.id)).not.toContain(project.id);
  });

  test("'Failed to delete project' when the delete fails", async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    await signInAt(page, `/projects/${project.id}`);
    await expect(page.getByRole('table', { name: 'Project', exact: true })).toBeVisible();
    // The delete is refused on its way (a project deleted elsewhere instead would also reach
    // this page live, and the page would rightly say it is gone before the click).
    await page.route(`**/api/projects/delete/${project.id}`, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"message":"Project not found","code":"not_found"}',
      }),
    );
    await page
      .getByRole('table', { name: 'Project', exact: true })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(errorBox(page, '⚠️ Failed to delete project')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
  });

  test("'Project not found' for a missing project, 'Failed to fetch project details' for a bad id", async ({
    page,
    adminApi,
  }) => {
    const project = await createProject(adminApi);
    await adminApi.call('DELETE', `/api/projects/delete/${project.id}`);
    await signInAt(page, `/projects/${project.id}`);
    await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
    await page.goto('/projects/not-a-number');
    await expect(errorBox(page, '⚠️ Failed to fetch project details')).toBeVisible();
  });
});

test.describe('project permissions', () => {
  test('a member without project permissions sees no controls', async ({ page, adminApi, createUser }) => {
    const project = await createProject(adminApi);
    const user = await createUser({ permissions: ['home_project'] });
    await addMember(adminApi, project.id, user.id, (await createRole(adminApi, ['home_project'])).id);

    await signInAt(page, `/projects/${project.id}`, user);
    const table = page.getByRole('table', { name: 'Project', exact: true });
    await expect(table.getByRole('columnheader')).toHaveText(['Sr No', 'Name']);
    await expect(table.getByRole('cell', { name: project.name })).toBeVisible();
    for (const name of ['Edit', 'Delete', 'Add User', 'Add Test Suite', 'Add Test Case']) {
      await expect(page.getByRole('main').getByText(name, { exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('heading', { name: 'Project Members' })).toHaveCount(0);
  });

  test('each control follows its permission; the member role adds to the global one', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const project = await createProject(adminApi);
    // Global: edit_project. Project role: delete_project, add_test_suit_in_project, users_in_project.
    const user = await createUser({ permissions: ['home_project', 'edit_project'] });
    const memberRole = await createRole(adminApi, [
      'delete_project',
      'add_test_suit_in_project',
      'users_in_project',
    ]);
    await addMember(adminApi, project.id, user.id, memberRole.id);

    await signInAt(page, `/projects/${project.id}`, user);
    const table = page.getByRole('table', { name: 'Project', exact: true });
    await expect(table.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(table.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Test Suite' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add User' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add Test Case' })).toHaveCount(0);
    // users_in_project shows the members, but without change/remove permissions no actions.
    const members = page.getByRole('table', { name: 'Project Members' });
    await expect(members.getByRole('columnheader')).toHaveText(['Sr No', 'Username', 'Email']);
    await expect(members.getByRole('cell', { name: user.username, exact: true })).toBeVisible();
  });

  test('member actions follow change_user_role_in_project and remove_user_from_project', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const project = await createProject(adminApi);
    const user = await createUser({ permissions: ['home_project'] });
    const other = await createUser({ prefix: 'other' });
    const changeOnly = await createRole(adminApi, ['users_in_project', 'change_user_role_in_project']);
    await addMember(adminApi, project.id, user.id, changeOnly.id);
    await addMember(adminApi, project.id, other.id, changeOnly.id);

    await signInAt(page, `/projects/${project.id}`, user);
    const members = page.getByRole('table', { name: 'Project Members' });
    await expect(members.getByRole('link', { name: `Change Role of ${other.username}` })).toBeVisible();
    await expect(members.getByRole('button', { name: `Remove ${other.username}` })).toHaveCount(0);

    const removeOnly = await createRole(adminApi, ['users_in_project', 'remove_user_from_project']);
    await adminApi.call('PUT', `/api/projects/${project.id}/user/${user.id}/change-role`, {
      projectId: project.id,
      userId: user.id,
      roleId: removeOnly.id,
    });
    await page.reload();
    await expect(members.getByRole('button', { name: `Remove ${other.username}` })).toBeVisible();
    await expect(members.getByRole('link', { name: `Change Role of ${other.username}` })).toHaveCount(0);
  });
});
