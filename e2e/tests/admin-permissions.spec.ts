import type { Permission } from '@verdict/contract';
import { createPermission, expect, signInAt, test, uniquePermissionName } from '../fixtures';
import {
  bodyRows,
  cancelDelete,
  columnHeaders,
  confirmDelete,
  countRequests,
  errorBox,
  expectListLoadFailure,
  fail,
  hold,
  indexCells,
  openEditWhileLoading,
  refusedDelete,
  rowWith,
  submitCreate,
  toast,
} from '../page-helpers';

test.describe('Permission Management (/admin-permissions)', () => {
  test('shows the columns, searches by name case-insensitively, and pages past 8 rows', async ({
    page,
    adminApi,
  }) => {
    const prefix = uniquePermissionName('plist');
    for (let i = 1; i <= 9; i += 1) await createPermission(adminApi, `${prefix}_${i}`);
    await signInAt(page, '/admin-permissions');
    await expect(page.getByRole('heading', { name: 'Permission Management' })).toBeVisible();
    expect(await columnHeaders(page)).toEqual(['#', 'Permission Name', 'Action']);
    // The built-in catalogue alone is more than a page.
    await expect(page.getByText(/^Showing 1-8 of \d+$/)).toBeVisible();

    const search = page.getByPlaceholder('Search permissions...');
    await search.fill(prefix.toUpperCase());
    await expect(page.getByText('Showing 1-8 of 9', { exact: true })).toBeVisible();
    await expect(rowWith(page, `${prefix}_1`).getByRole('cell')).toHaveText([
      '1',
      `${prefix}_1`,
      'EditDelete',
    ]);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '2' }).click();
    await expect(page.getByText('Showing 9-9 of 9', { exact: true })).toBeVisible();
    expect(await indexCells(page)).toEqual(['9']);
    await search.fill(`${prefix}_9`);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(page.getByText(/^Showing /)).toHaveCount(0);
    await search.fill(`${prefix}_none`);
    await expect(page.getByRole('cell', { name: 'No permissions found' })).toBeVisible();
  });

  test('creates a permission: both fields required, busy text, toast', async ({ page, adminApi }) => {
    const name = uniquePermissionName('pnew');
    await signInAt(page, '/admin-permissions');
    await page.getByRole('link', { name: 'Add Permission' }).click();
    await expect(page).toHaveURL(/\/admin-create-permission$/);
    await expect(page.getByRole('heading', { name: 'Create Permission' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveAttribute('required', '');
    const description = page.getByLabel('Description');
    await expect(description).toHaveAttribute('required', '');
    expect(await description.evaluate((el) => el.tagName)).toBe('TEXTAREA');

    await page.getByLabel('Name').fill(name);
    // Description missing: the browser keeps the form.
    const creates = countRequests(page, '/api/permissions/create', 'POST');
    await page.getByRole('button', { name: 'Create Permission' }).click();
    await expect(page).toHaveURL(/\/admin-create-permission$/);
    await description.fill('Lets the holder export reports');
    expect(creates()).toBe(0);

    const sent = await submitCreate(page, 'Create Permission', '/api/permissions/create');
    expect(sent).toEqual({ name, description: 'Lets the holder export reports' });

    await expect(page).toHaveURL(/\/admin-permissions$/);
    await expect(toast(page, 'Permission created successfully!')).toBeVisible();
    await page.getByPlaceholder('Search permissions...').fill(name);
    await expect(rowWith(page, name)).toBeVisible();
    const all = await adminApi.call<Permission[]>('GET', '/api/permissions/list');
    expect(all.find((p) => p.name === name)?.description).toBe('Lets the holder export reports');
  });

  test("create permission shows the server's message, else its fallback", async ({ page }) => {
    await signInAt(page, '/admin-create-permission');
    await page.getByLabel('Name').fill('add_project');
    await page.getByLabel('Description').fill('A clash with the catalogue');
    await page.getByRole('button', { name: 'Create Permission' }).click();
    await expect(errorBox(page, '⚠️ A permission named "add_project" already exists')).toBeVisible();

    await fail(page, '**/api/permissions/create', 'POST', 500, {});
    await page.getByLabel('Name').fill(uniquePermissionName('pfail'));
    await page.getByRole('button', { name: 'Create Permission' }).click();
    await expect(errorBox(page, '⚠️ Failed to create permission. Please try again.')).toBeVisible();
  });

  test("edits a permission: 'Loading permission...', 'Updating...', toast", async ({ page, adminApi }) => {
    const permission = await createPermission(adminApi);
    const renamed = uniquePermissionName('pren');
    await signInAt(page, '/admin-permissions');
    await page.getByPlaceholder('Search permissions...').fill(permission.name);

    await openEditWhileLoading(page, {
      row: rowWith(page, permission.name),
      recordUrl: `**/api/permissions/get/${permission.id}`,
      editPath: `/admin-edit-permission/${permission.id}`,
      loadingText: 'Loading permission...',
    });

    await expect(page.getByRole('heading', { name: 'Edit Permission' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(permission.name);
    await expect(page.getByLabel('Description')).toHaveValue(permission.description);
    await expect(page.getByLabel('Name')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Description')).toHaveAttribute('required', '');

    await page.getByLabel('Name').fill(renamed);
    await page.getByLabel('Description').fill('Renamed by the test');
    const releaseSave = await hold(page, `**/api/permissions/update/${permission.id}`, 'PUT');
    await page.getByRole('button', { name: 'Update Permission' }).click();
    await expect(page.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    releaseSave();

    await expect(page).toHaveURL(/\/admin-permissions$/);
    await expect(toast(page, 'Permission updated successfully!')).toBeVisible();
    await page.getByPlaceholder('Search permissions...').fill(renamed);
    await expect(rowWith(page, renamed)).toBeVisible();
  });

  test('edit permission: missing data and refused updates show its texts', async ({ page, adminApi }) => {
    const all = await adminApi.call<Permission[]>('GET', '/api/permissions/list');
    const builtIn = all.find((p) => p.name === 'add_project');
    if (!builtIn) throw new Error('add_project is missing');
    await signInAt(page, '/admin-edit-permission/2147483000');
    await expect(page.getByRole('heading', { name: 'Permission not found' })).toBeVisible();

    await page.goto(`/admin-edit-permission/${builtIn.id}`);
    await page.getByLabel('Name').fill('renamed_catalogue_entry');
    await page.getByRole('button', { name: 'Update Permission' }).click();
    await expect(
      errorBox(
        page,
        '⚠️ "add_project" is a built-in permission: it cannot be renamed, only its description can change',
      ),
    ).toBeVisible();

    await fail(page, `**/api/permissions/update/${builtIn.id}`, 'PUT', 500, {});
    await page.getByRole('button', { name: 'Update Permission' }).click();
    await expect(errorBox(page, '⚠️ Failed to update permission. Please try again.')).toBeVisible();
  });

  test('deletes a permission after confirming; cancelling keeps it; a refusal toasts', async ({
    page,
    adminApi,
  }) => {
    const permission = await createPermission(adminApi);
    await signInAt(page, '/admin-permissions');
    await page.getByPlaceholder('Search permissions...').fill(permission.name);
    const row = rowWith(page, permission.name);

    await cancelDelete(page, row, permission.name);
    await confirmDelete(
      page,
      row,
      permission.name,
      `Permission "${permission.name}" deleted successfully`,
      '/api/permissions/list',
    );

    // Built-in permissions cannot be deleted.
    await page.getByPlaceholder('Search permissions...').fill('add_project');
    await refusedDelete(page, rowWith(page, 'add_project'), 'add_project', '⚠️ Failed to delete permission');
  });

  test("a list that cannot load shows 'Failed to fetch permissions'", async ({ page }) => {
    await expectListLoadFailure(
      page,
      '**/api/permissions/list',
      '/admin-permissions',
      '⚠️ Failed to fetch permissions',
    );
  });
});
