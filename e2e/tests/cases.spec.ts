import {
  addMember,
  createCase,
  createProject,
  createRole,
  createRun,
  expect,
  projectWithCase,
  signIn,
  signInAt,
  test,
  unique,
} from '../fixtures';
import { errorBox, expectToastFor3Seconds, toast } from '../page-helpers';

test.describe('add test case to project', () => {
  test('the trimmed name is required; success returns to the project', async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    await signInAt(page, `/projects/${project.id}`);
    await page.getByRole('link', { name: 'Add Test Case' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/add-case$`));
    await expect(page.getByRole('heading', { name: 'Add Test Case' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Test Case' }).click();
    await expect(page.getByText('Test Case name is required')).toBeVisible();
    await page.getByLabel('Case Name').fill('   ');
    await page.getByRole('button', { name: 'Add Test Case' }).click();
    await expect(page.getByText('Test Case name is required')).toBeVisible();

    const name = unique('project-case');
    await page.getByLabel('Case Name').fill(name);
    await page.getByLabel('Description').fill('Top level');
    await page.getByRole('button', { name: 'Add Test Case' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    await expectToastFor3Seconds(page, 'Test case created successfully');
    const cases = await adminApi.call('GET', `/api/test-cases/project/${project.id}`);
    expect(cases).toEqual([
      expect.objectContaining({ name, description: 'Top level', suite_id: null, parent_id: null }),
    ]);
  });

  test("'Failed to create Test Case' when the create fails", async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    await signInAt(page, `/projects/${project.id}/add-case`);
    await page.getByLabel('Case Name').fill(unique('case'));
    await adminApi.call('DELETE', `/api/projects/delete/${project.id}`);
    await page.getByRole('button', { name: 'Add Test Case' }).click();
    await expect(errorBox(page, '⚠️ Failed to create Test Case')).toBeVisible();
  });
});

test.describe('test case detail', () => {
  test('one-row table, the two buttons, and no runs table without runs', async ({ page, adminApi }) => {
    const { testCase } = await projectWithCase(adminApi);
    await adminApi.call('PUT', `/api/test-cases/update/${testCase.id}`, {
      name: testCase.name,
      description: 'What this case checks',
    });
    await signInAt(page, `/cases/${testCase.id}`);
    await expect(page.getByRole('heading', { name: 'Test Case Details' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Test Case' });
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Description', 'Edit', 'Delete']);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('cell', { name: testCase.name })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'What this case checks' })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/edit-testcase/${testCase.id}`,
    );
    await expect(page.getByRole('link', { name: 'Child Test Case' })).toHaveAttribute(
      'href',
      `/testcases/${testCase.id}/add-child`,
    );
    await expect(page.getByRole('link', { name: 'Add Test Run' })).toHaveAttribute(
      'href',
      `/testcases/${testCase.id}/add-testrun`,
    );
    await expect(page.getByRole('heading', { name: 'Test Runs' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Test Runs' })).toHaveCount(0);
  });

  test('Delete asks first, then opens the parent', async ({ page, adminApi }) => {
    const { suite, testCase } = await projectWithCase(adminApi);
    const child = await createCase(adminApi, { parent: testCase.id });
    await signIn(page);

    // A child case goes back to its parent case.
    await page.goto(`/cases/${child.id}`);
    const table = page.getByRole('table', { name: 'Test Case' });
    await table.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
    await expect(dialog.getByText(`Do you really want to delete ${child.name}?`)).toBeVisible();
    await dialog.getByRole('button', { name: 'No, Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${child.id}$`));
    await table.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${testCase.id}$`));
    await expect(toast(page, 'Test case deleted successfully')).toBeVisible();

    // A top-level case in a suite goes back to the suite.
    await table.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(page).toHaveURL(new RegExp(`/suites/${suite.id}$`));
    expect(await adminApi.call('GET', `/api/test-cases/suite/${suite.id}`)).toEqual([]);
  });

  test("'Failed to delete', then 'Test case not found'", async ({ page, adminApi }) => {
    const { testCase } = await projectWithCase(adminApi);
    await signInAt(page, `/cases/${testCase.id}`);
    const table = page.getByRole('table', { name: 'Test Case' });
    await expect(table).toBeVisible();
    // The case is deleted on the delete's way, and the page's own call refused as it then would
    // be (deleted before the click, the page could learn of it live and rightly say it is gone).
    await page.route(`**/api/test-cases/delete/${testCase.id}`, async (route) => {
      await adminApi.call('DELETE', `/api/test-cases/delete/${testCase.id}`);
      await route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"message":"Test case not found","code":"not_found"}',
      });
    });
    await table.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(errorBox(page, '⚠️ Failed to delete')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Test case not found' })).toBeVisible();
  });

  test("'Failed to fetch test runs' when the runs cannot be loaded", async ({ page, adminApi }) => {
    const { testCase } = await projectWithCase(adminApi);
    await signIn(page);
    await page.route('**/api/testruns/testcase/*', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"nope"}' }),
    );
    await page.goto(`/cases/${testCase.id}`);
    await expect(errorBox(page, '⚠️ Failed to fetch test runs')).toBeVisible();
  });
});

test.describe('edit test case', () => {
  test('loads the case, requires a name and returns to the case', async ({ page, adminApi }) => {
    const { testCase } = await projectWithCase(adminApi);
    await signInAt(page, `/cases/${testCase.id}`);
    await page.getByRole('table', { name: 'Test Case' }).getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-testcase/${testCase.id}$`));
    await expect(page.getByRole('heading', { name: 'Edit Test Case' })).toBeVisible();
    await expect(page.getByLabel('Case Name')).toHaveValue(testCase.name);

    await page.getByLabel('Case Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Test Case name is required')).toBeVisible();

    const renamed = unique('renamed-case');
    await page.getByLabel('Case Name').fill(renamed);
    await page.getByLabel('Description').fill('Changed');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${testCase.id}$`));
    await expect(toast(page, 'Test case updated successfully')).toBeVisible();
    const table = page.getByRole('table', { name: 'Test Case' });
    await expect(table.getByRole('cell', { name: renamed })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Changed' })).toBeVisible();

    await page.goto(`/edit-testcase/${testCase.id}`);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${testCase.id}$`));
  });

  test("'Failed to update test case' and 'Failed to fetch test case details'", async ({ page, adminApi }) => {
    const { testCase } = await projectWithCase(adminApi);
    await signInAt(page, `/edit-testcase/${testCase.id}`);
    await expect(page.getByLabel('Case Name')).toHaveValue(testCase.name);
    await adminApi.call('DELETE', `/api/test-cases/delete/${testCase.id}`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(errorBox(page, '⚠️ Failed to update test case')).toBeVisible();
    await page.reload();
    await expect(errorBox(page, '⚠️ Failed to fetch test case details')).toBeVisible();
  });
});

test.describe('add child test case', () => {
  test('the trimmed name is required; success returns to the parent case', async ({ page, adminApi }) => {
    const { project, suite, testCase } = await projectWithCase(adminApi);
    await signInAt(page, `/cases/${testCase.id}`);
    await page.getByRole('link', { name: 'Child Test Case' }).click();
    await expect(page).toHaveURL(new RegExp(`/testcases/${testCase.id}/add-child$`));
    await expect(page.getByRole('heading', { name: 'Add Child Test Case' })).toBeVisible();

    await page.getByLabel('Child Case Name').fill(' ');
    await page.getByRole('button', { name: 'Add Child Test Case' }).click();
    await expect(page.getByText('Child Test Case name is required')).toBeVisible();

    const name = unique('child');
    await page.getByLabel('Child Case Name').fill(name);
    await page.getByRole('button', { name: 'Add Child Test Case' }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${testCase.id}$`));
    await expect(toast(page, 'Test case created successfully')).toBeVisible();
    const children = await adminApi.call('GET', `/api/test-cases/parent/${testCase.id}`);
    expect(children).toEqual([
      expect.objectContaining({ name, parent_id: testCase.id, suite_id: suite.id, project_id: project.id }),
    ]);
  });

  test("'Failed to create Child Test Case' when the create fails", async ({ page, adminApi }) => {
    const { testCase } = await projectWithCase(adminApi);
    await signInAt(page, `/testcases/${testCase.id}/add-child`);
    await page.getByLabel('Child Case Name').fill(unique('child'));
    await adminApi.call('DELETE', `/api/test-cases/delete/${testCase.id}`);
    await page.getByRole('button', { name: 'Add Child Test Case' }).click();
    await expect(errorBox(page, '⚠️ Failed to create Child Test Case')).toBeVisible();
  });
});

test.describe('test case permissions', () => {
  test('Edit, Delete, Child Test Case and Add Test Run follow the project permissions', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const { project, testCase } = await projectWithCase(adminApi);
    await createRun(adminApi, testCase.id);
    const none = await createUser({ permissions: ['home_project'] });
    await addMember(adminApi, project.id, none.id, (await createRole(adminApi, ['users_in_project'])).id);
    await signInAt(page, `/cases/${testCase.id}`, none);
    const table = page.getByRole('table', { name: 'Test Case' });
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Description']);
    await expect(page.getByRole('link', { name: 'Child Test Case' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add Test Run' })).toHaveCount(0);
    // No home_test_run: no runs table even though a run exists.
    await expect(page.getByRole('table', { name: 'Test Runs' })).toHaveCount(0);

    // Global edit_test_case + add_test_run_in_test_case, project role delete_test_case + add_test_case_in_test_case.
    const some = await createUser({
      permissions: ['home_project', 'edit_test_case', 'add_test_run_in_test_case'],
    });
    const role = await createRole(adminApi, [
      'users_in_project',
      'delete_test_case',
      'add_test_case_in_test_case',
    ]);
    await addMember(adminApi, project.id, some.id, role.id);
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInAt(page, `/cases/${testCase.id}`, some);
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Description', 'Edit', 'Delete']);
    await expect(page.getByRole('link', { name: 'Child Test Case' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Test Run' })).toBeVisible();
  });
});
