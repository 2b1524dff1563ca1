import {
  addMember,
  createProject,
  createRole,
  createSuite,
  expect,
  signIn,
  signInAt,
  test,
  unique,
} from '../fixtures';
import { errorBox, expectToastFor3Seconds, toast } from '../page-helpers';

test.describe('add test suite', () => {
  test('the trimmed name is required; success returns to the project', async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    await signInAt(page, `/projects/${project.id}`);
    await page.getByRole('link', { name: 'Add Test Suite' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/add-suite$`));
    await expect(page.getByRole('heading', { name: 'Add Test Suite' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Test Suite' }).click();
    await expect(page.getByText('Test Suite name is required')).toBeVisible();
    await page.getByLabel('Suite Name').fill('   ');
    await page.getByRole('button', { name: 'Add Test Suite' }).click();
    await expect(page.getByText('Test Suite name is required')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/add-suite$`));

    const name = unique('suite');
    await page.getByLabel('Suite Name').fill(`  ${name}  `);
    await page.getByLabel('Description').fill('Suite description');
    await page.getByRole('button', { name: 'Add Test Suite' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    await expectToastFor3Seconds(page, 'Test suite created successfully');
    const suites = await adminApi.call('GET', `/api/testsuites/project/${project.id}`);
    expect(suites).toEqual([expect.objectContaining({ name, description: 'Suite description' })]);
  });

  test("'Failed to create Test Suite' when the create fails", async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    await signInAt(page, `/projects/${project.id}/add-suite`);
    await page.getByLabel('Suite Name').fill(unique('suite'));
    await adminApi.call('DELETE', `/api/projects/delete/${project.id}`);
    await page.getByRole('button', { name: 'Add Test Suite' }).click();
    await expect(errorBox(page, '⚠️ Failed to create Test Suite')).toBeVisible();
  });
});

test.describe('suite detail', () => {
  test('one-row table with Edit, Delete and Add Case', async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id, unique('suite'), 'About the suite');
    await signInAt(page, `/suites/${suite.id}`);
    await expect(page.getByRole('heading', { name: 'Suite Details' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Suite' });
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Description', 'Action']);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('cell', { name: suite.name })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'About the suite' })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/edit-suite/${suite.id}`,
    );
    await expect(table.getByRole('link', { name: 'Add Case' })).toHaveAttribute(
      'href',
      `/suites/${suite.id}/add-case`,
    );
    await expect(table.getByRole('button', { name: 'Delete' })).toBeVisible();
  });

  test('Delete asks first and then goes back one page', async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    await signInAt(page, `/projects/${project.id}`);
    await expect(page.getByRole('heading', { name: 'Project Details' })).toBeVisible();
    await page.goto(`/suites/${suite.id}`);
    const table = page.getByRole('table', { name: 'Suite' });

    await table.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
    await expect(dialog.getByText(`Do you really want to delete ${suite.name}?`)).toBeVisible();
    await dialog.getByRole('button', { name: 'No, Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/suites/${suite.id}$`));

    await table.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    expect(await adminApi.call('GET', `/api/testsuites/project/${project.id}`)).toEqual([]);
  });

  test('Delete inside the app goes back one page and shows the message', async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    await signIn(page);
    // In-app navigation: the edit screen's Cancel opens the suite.
    await page.goto(`/edit-suite/${suite.id}`);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/suites/${suite.id}$`));
    await page.getByRole('table', { name: 'Suite' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-suite/${suite.id}$`));
    await expect(toast(page, 'Test suite deleted successfully')).toBeVisible();
  });

  test("'Failed to delete suite', then 'Test suite not found'", async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    await signInAt(page, `/suites/${suite.id}`);
    await expect(page.getByRole('table', { name: 'Suite' })).toBeVisible();
    await adminApi.call('DELETE', `/api/testsuites/delete/${suite.id}`);
    await page.getByRole('table', { name: 'Suite' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(errorBox(page, '⚠️ Failed to delete suite')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Test suite not found' })).toBeVisible();
  });
});

test.describe('edit suite', () => {
  test('loads the suite, requires a name and returns to the suite', async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id, unique('suite'), 'Old');
    await signInAt(page, `/suites/${suite.id}`);
    await page.getByRole('table', { name: 'Suite' }).getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-suite/${suite.id}$`));
    await expect(page.getByRole('heading', { name: 'Edit Suite' })).toBeVisible();
    await expect(page.getByLabel('Suite Name')).toHaveValue(suite.name);
    await expect(page.getByLabel('Description')).toHaveValue('Old');

    await page.getByLabel('Suite Name').fill(' ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Suite name is required')).toBeVisible();

    const renamed = unique('renamed');
    await page.getByLabel('Suite Name').fill(renamed);
    await page.getByLabel('Description').fill('New');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/suites/${suite.id}$`));
    await expect(toast(page, 'Test suite updated successfully')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Suite' }).getByRole('cell', { name: renamed }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Suite' }).getByRole('cell', { name: 'New' })).toBeVisible();

    await page.goto(`/edit-suite/${suite.id}`);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/suites/${suite.id}$`));
  });

  test("'Failed to fetch suite details' and a failed save", async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    await signInAt(page, `/edit-suite/${suite.id}`);
    await expect(page.getByLabel('Suite Name')).toHaveValue(suite.name);
    await adminApi.call('DELETE', `/api/testsuites/delete/${suite.id}`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(errorBox(page, '⚠️ Failed to update suite')).toBeVisible();
    await page.reload();
    await expect(errorBox(page, '⚠️ Failed to fetch suite details')).toBeVisible();
  });
});

test.describe('add test case to suite', () => {
  test("the trimmed name is required ('Suite name is required'); success returns to the suite", async ({
    page,
    adminApi,
  }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    await signInAt(page, `/suites/${suite.id}`);
    await page.getByRole('table', { name: 'Suite' }).getByRole('link', { name: 'Add Case' }).click();
    await expect(page).toHaveURL(new RegExp(`/suites/${suite.id}/add-case$`));
    await expect(page.getByRole('heading', { name: 'Add Test Case to Suite' })).toBeVisible();

    await page.getByLabel('Case Name').fill('  ');
    await page.getByRole('button', { name: 'Add Test Case' }).click();
    await expect(page.getByText('Suite name is required')).toBeVisible();

    const name = unique('suite-case');
    await page.getByLabel('Case Name').fill(name);
    await page.getByLabel('Description').fill('In the suite');
    await page.getByRole('button', { name: 'Add Test Case' }).click();
    await expect(page).toHaveURL(new RegExp(`/suites/${suite.id}$`));
    await expect(toast(page, 'Test case created successfully')).toBeVisible();
    const cases = await adminApi.call('GET', `/api/test-cases/suite/${suite.id}`);
    expect(cases).toEqual([
      expect.objectContaining({ name, description: 'In the suite', suite_id: suite.id }),
    ]);
  });

  test("'Failed to add Test Case to Suite' when the create fails", async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    await signInAt(page, `/suites/${suite.id}/add-case`);
    await page.getByLabel('Case Name').fill(unique('case'));
    await adminApi.call('DELETE', `/api/testsuites/delete/${suite.id}`);
    await page.getByRole('button', { name: 'Add Test Case' }).click();
    await expect(errorBox(page, '⚠️ Failed to add Test Case to Suite')).toBeVisible();
  });
});

test.describe('suite permissions', () => {
  test('Edit, Delete and Add Case follow the project permissions', async ({ page, adminApi, createUser }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    const user = await createUser({ permissions: ['home_project'] });
    await addMember(adminApi, project.id, user.id, (await createRole(adminApi, ['users_in_project'])).id);

    await signInAt(page, `/suites/${suite.id}`, user);
    const table = page.getByRole('table', { name: 'Suite' });
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Description']);
    await expect(table.getByRole('cell', { name: suite.name })).toBeVisible();

    // Global edit_test_suit plus a project role with delete_test_suit: both show, Add Case not.
    const withEdit = await createUser({ permissions: ['home_project', 'edit_test_suit'] });
    await addMember(
      adminApi,
      project.id,
      withEdit.id,
      (await createRole(adminApi, ['users_in_project', 'delete_test_suit'])).id,
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInAt(page, `/suites/${suite.id}`, withEdit);
    await expect(table.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(table.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Add Case' })).toHaveCount(0);

    const withAdd = await createUser({ permissions: ['home_project', 'add_test_case_in_test_suit'] });
    await addMember(adminApi, project.id, withAdd.id, (await createRole(adminApi, ['home_project'])).id);
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInAt(page, `/suites/${suite.id}`, withAdd);
    await expect(table.getByRole('link', { name: 'Add Case' })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(table.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });
});
