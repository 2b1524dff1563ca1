import type { TestRun } from '@verdict/contract';
import {
  addMember,
  createRole,
  createRun,
  expect,
  projectWithCase,
  signIn,
  signInAt,
  test,
} from '../fixtures';
import { errorBox, expectToastFor3Seconds, fail, toast } from '../page-helpers';

test.describe('create test run', () => {
  test('Status is Passed or Failed, passed by default; success returns to the case', async ({
    page,
    adminApi,
  }) => {
    const { testCase } = await projectWithCase(adminApi);
    await signInAt(page, `/cases/${testCase.id}`);
    await page.getByRole('link', { name: 'Add Test Run' }).click();
    await expect(page).toHaveURL(new RegExp(`/testcases/${testCase.id}/add-testrun$`));
    await expect(page.getByRole('heading', { name: 'Create Test Run' })).toBeVisible();
    const status = page.getByLabel('Status');
    await expect(status).toHaveValue('passed');
    await expect(status.getByRole('option')).toHaveText(['Passed', 'Failed']);

    await page.getByRole('button', { name: 'Create Test Run' }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${testCase.id}$`));
    await expectToastFor3Seconds(page, 'Test run created successfully');

    await page.getByRole('link', { name: 'Add Test Run' }).click();
    await page.getByLabel('Status').selectOption('failed');
    await page.getByRole('button', { name: 'Create Test Run' }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${testCase.id}$`));

    const runs = page.getByRole('table', { name: 'Test Runs' });
    await expect(page.getByRole('heading', { name: 'Test Runs' })).toBeVisible();
    await expect(runs.getByRole('columnheader')).toHaveText([
      'Status',
      'Executed By',
      'Executed At',
      'Edit',
      'Delete',
    ]);
    await expect(runs.getByRole('row')).toHaveCount(3);
    // Newest first (docs/product/runs.md).
    await expect(runs.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      'Failed',
      'admin',
      /\d/,
      'Edit',
      'Delete',
    ]);
    await expect(runs.getByRole('row').nth(2).getByRole('cell')).toHaveText([
      'Passed',
      'admin',
      /\d/,
      'Edit',
      'Delete',
    ]);
    const stored = await adminApi.call<TestRun[]>('GET', `/api/testruns/testcase/${testCase.id}`);
    expect(stored.map((run) => run.status)).toEqual(['passed', 'failed']);
  });

  test('failures: server message, error field, reason', async ({ page, adminApi }) => {
    const { testCase } = await projectWithCase(adminApi);
    await signInAt(page, `/testcases/${testCase.id}/add-testrun`);
    const submit = page.getByRole('button', { name: 'Create Test Run' });

    await page.route('**/api/testruns/create/*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Run store is down"}' }),
    );
    await submit.click();
    await expect(errorBox(page, '⚠️ Run store is down')).toBeVisible();

    await page.unroute('**/api/testruns/create/*');
    await page.route('**/api/testruns/create/*', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: '{}' }),
    );
    await submit.click();
    await expect(errorBox(page, /^⚠️ HTTP 502( |$)/)).toBeVisible();

    await page.unroute('**/api/testruns/create/*');
    await page.route('**/api/testruns/create/*', (route) => route.abort('connectionrefused'));
    await submit.click();
    await expect(errorBox(page, '⚠️ Failed to fetch')).toBeVisible();

    // The real server's message once the case is gone.
    await page.unroute('**/api/testruns/create/*');
    await adminApi.call('DELETE', `/api/test-cases/delete/${testCase.id}`);
    await submit.click();
    await expect(errorBox(page, '⚠️ Test case not found')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/testcases/${testCase.id}/add-testrun$`));
  });
});

test.describe('edit test run', () => {
  test('read-only case and executor, the Status select; back to the case', async ({ page, adminApi }) => {
    const { testCase } = await projectWithCase(adminApi);
    const run = await createRun(adminApi, testCase.id, 'passed');
    await signInAt(page, `/cases/${testCase.id}`);
    await page
      .getByRole('table', { name: 'Test Runs' })
      .getByRole('link', { name: `Edit run ${run.id}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/edit-testrun/${run.id}$`));
    await expect(page.getByRole('heading', { name: 'Edit Test Run' })).toBeVisible();
    await expect(page.getByLabel('Test Case')).toHaveValue(testCase.name);
    await expect(page.getByLabel('Test Case')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Executed By')).toHaveValue('admin');
    await expect(page.getByLabel('Executed By')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Status')).toHaveValue('passed');
    await expect(page.getByLabel('Status').getByRole('option')).toHaveText(['Passed', 'Failed']);

    await page.getByLabel('Status').selectOption('failed');
    await page.getByRole('button', { name: 'Update Test Run' }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${testCase.id}$`));
    await expect(toast(page, 'Test run updated successfully')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Test Runs' }).getByRole('cell', { name: 'Failed' }),
    ).toBeVisible();
    expect(await adminApi.call('GET', `/api/testruns/detail/${run.id}`)).toMatchObject({ status: 'failed' });
  });

  test('returns one page back when the run does not name its case', async ({ page, adminApi }) => {
    const { testCase } = await projectWithCase(adminApi);
    const run = await createRun(adminApi, testCase.id);
    await signIn(page);
    await page.route(`**/api/testruns/detail/${run.id}`, async (route) => {
      const response = await route.fetch();
      const { test_case: _, ...rest } = await response.json();
      await route.fulfill({ response, json: rest });
    });
    await page.goto('/dashboard');
    await page.goto(`/edit-testrun/${run.id}`);
    await page.getByLabel('Status').selectOption('failed');
    await page.getByRole('button', { name: 'Update Test Run' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("'Failed to update test run!', then 'Test run not found'", async ({ page, adminApi }) => {
    const { testCase } = await projectWithCase(adminApi);
    const run = await createRun(adminApi, testCase.id);
    await signInAt(page, `/edit-testrun/${run.id}`);
    await expect(page.getByLabel('Status')).toHaveValue('passed');
    // The server refuses the update as it does a run deleted meanwhile. Deleting it first would race
    // the live update, which may show the page's "not found" before the click lands.
    await fail(page, `**/api/testruns/update/${run.id}`, 'PUT', 404, { message: 'Test run not found' });
    await page.getByRole('button', { name: 'Update Test Run' }).click();
    await expect(errorBox(page, '⚠️ Failed to update test run!')).toBeVisible();
    await adminApi.call('DELETE', `/api/testruns/delete/${run.id}`);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Test run not found' })).toBeVisible();
  });
});

test.describe('test runs table', () => {
  test('Delete asks first; the table goes when the last run goes', async ({ page, adminApi }) => {
    const { testCase } = await projectWithCase(adminApi);
    const first = await createRun(adminApi, testCase.id, 'passed');
    const second = await createRun(adminApi, testCase.id, 'failed');
    await signInAt(page, `/cases/${testCase.id}`);
    const runs = page.getByRole('table', { name: 'Test Runs' });
    await expect(runs.getByRole('row')).toHaveCount(3);

    await runs.getByRole('button', { name: `Delete run ${first.id}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
    await expect(dialog.getByText('Do you really want to delete this test run?')).toBeVisible();
    await dialog.getByRole('button', { name: 'No, Cancel' }).click();
    await expect(runs.getByRole('row')).toHaveCount(3);

    await runs.getByRole('button', { name: `Delete run ${first.id}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(runs.getByRole('row')).toHaveCount(2);
    await expect(toast(page, 'Test run deleted successfully')).toBeVisible();

    await runs.getByRole('button', { name: `Delete run ${second.id}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(page.getByRole('table', { name: 'Test Runs' })).toHaveCount(0);
    expect(await adminApi.call('GET', `/api/testruns/testcase/${testCase.id}`)).toEqual([]);
  });

  test("'Failed to delete' when the run delete fails", async ({ page, adminApi }) => {
    const { testCase } = await projectWithCase(adminApi);
    const run = await createRun(adminApi, testCase.id);
    await createRun(adminApi, testCase.id);
    await signInAt(page, `/cases/${testCase.id}`);
    const runs = page.getByRole('table', { name: 'Test Runs' });
    await expect(runs.getByRole('row')).toHaveCount(3);
    // The run goes on the delete's way to the server, so the server answers it is gone: deleted
    // earlier, the page could learn of it live and redraw the table under the click.
    await page.route(`**/api/testruns/delete/${run.id}`, async (route) => {
      await adminApi.call('DELETE', `/api/testruns/delete/${run.id}`);
      await route.continue();
    });
    await runs.getByRole('button', { name: `Delete run ${run.id}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(errorBox(page, '⚠️ Failed to delete')).toBeVisible();
  });

  test("Executed By shows 'ID: {id}' once the executing user is deleted", async ({
    page,
    adminApi,
    createUser,
  }) => {
    const { project, testCase } = await projectWithCase(adminApi);
    const tester = await createUser({ permissions: ['home_project'], prefix: 'executor' });
    await addMember(
      adminApi,
      project.id,
      tester.id,
      (await createRole(adminApi, ['home_project', 'add_test_run_in_test_case'])).id,
    );
    const testerApi = await tester.api();
    const run = await createRun(testerApi, testCase.id, 'failed');
    expect(run.executed_by).toBe(tester.id);

    await signInAt(page, `/cases/${testCase.id}`);
    const runs = page.getByRole('table', { name: 'Test Runs' });
    await expect(runs.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(tester.username);

    await adminApi.call('DELETE', `/api/users/delete/${tester.id}`);
    await page.reload();
    await expect(runs.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(`ID: ${tester.id}`);
    await page.goto(`/edit-testrun/${run.id}`);
    await expect(page.getByLabel('Executed By')).toHaveValue(`ID: ${tester.id}`);
  });

  test('the runs table, Edit and Delete follow home_test_run, edit_test_run and delete_test_run', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const { project, testCase } = await projectWithCase(adminApi);
    await createRun(adminApi, testCase.id);
    const viewer = await createUser({ permissions: ['home_project', 'home_test_run'] });
    await addMember(
      adminApi,
      project.id,
      viewer.id,
      (await createRole(adminApi, ['users_in_project', 'edit_test_run'])).id,
    );
    await signInAt(page, `/cases/${testCase.id}`, viewer);
    const runs = page.getByRole('table', { name: 'Test Runs' });
    await expect(runs.getByRole('columnheader')).toHaveText(['Status', 'Executed By', 'Executed At', 'Edit']);

    const deleter = await createUser({ permissions: ['home_project', 'home_test_run', 'delete_test_run'] });
    await addMember(adminApi, project.id, deleter.id, (await createRole(adminApi, ['home_project'])).id);
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInAt(page, `/cases/${testCase.id}`, deleter);
    await expect(runs.getByRole('columnheader')).toHaveText([
      'Status',
      'Executed By',
      'Executed At',
      'Delete',
    ]);
  });

  // The project detail carries the caller's own role (my_role_id) even without users_in_project.
  test('a project role without users_in_project still shows the controls it grants', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const { project, testCase } = await projectWithCase(adminApi);
    await createRun(adminApi, testCase.id);
    const user = await createUser({ permissions: ['home_project', 'home_test_run'] });
    await addMember(adminApi, project.id, user.id, (await createRole(adminApi, ['edit_test_run'])).id);
    await signInAt(page, `/cases/${testCase.id}`, user);
    await expect(page.getByRole('table', { name: 'Test Runs' }).getByRole('columnheader')).toHaveText([
      'Status',
      'Executed By',
      'Executed At',
      'Edit',
    ]);
  });
});
