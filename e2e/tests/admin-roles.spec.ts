import type { Role } from '@verdict/contract';
import { createPermission, createRole, expect, signInAt, test, unique } from '../fixtures';
import {
  bodyRows,
  cancelDelete,
  chip,
  columnHeaders,
  confirmDelete,
  errorBox,
  expectListLoadFailure,
  fail,
  indexCells,
  pickWithKeyboard,
  refusedDelete,
  rowWith,
  submitCreate,
  submitHeld,
  toast,
} from '../page-helpers';

test.describe('Role Management (/admin-roles)', () => {
  test('shows the columns, searches role names case-insensitively, and pages past 8 rows', async ({
    page,
    adminApi,
  }) => {
    const prefix = unique('rlist');
    for (let i = 1; i <= 9; i += 1) await createRole(adminApi, [], `${prefix}-r${i}`);
    await signInAt(page, '/admin-roles');
    await expect(page.getByRole('heading', { name: 'Role Management' })).toBeVisible();
    expect(await columnHeaders(page)).toEqual(['#', 'Role Name', 'Action']);

    const search = page.getByRole('searchbox');
    await search.fill(prefix.toUpperCase());
    await expect(page.getByText('Showing 1-8 of 9', { exact: true })).toBeVisible();
    await expect(rowWith(page, `${prefix}-r1`).getByRole('cell')).toHaveText([
      '1',
      `${prefix}-r1`,
      'EditDelete',
    ]);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 9-9 of 9', { exact: true })).toBeVisible();
    expect(await indexCells(page)).toEqual(['9']);
    await search.fill(`${prefix}-R9`);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(page.getByText(/^Showing /)).toHaveCount(0);
    await search.fill(`${prefix}-none`);
    await expect(page.getByRole('cell', { name: 'No roles found' })).toBeVisible();
  });

  test('creates a role with permissions picked by keyboard', async ({ page, adminApi }) => {
    const custom = await createPermission(adminApi);
    const name = unique('Role QA');
    await signInAt(page, '/admin-roles');
    await page.getByRole('link', { name: 'Add Role' }).click();
    await expect(page).toHaveURL(/\/admin-create-role$/);
    await expect(page.getByRole('heading', { name: 'Create Role' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Description')).toHaveAttribute('required', '');

    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Description').fill('Runs the test plans');
    await pickWithKeyboard(page, 'Permissions', 'home_project');
    await pickWithKeyboard(page, 'Permissions', custom.name);
    await expect(chip(page, 'home_project')).toBeVisible();
    await expect(chip(page, custom.name)).toBeVisible();
    // Backspace in the empty search removes the last chip; pick it again.
    await page.getByRole('combobox', { name: 'Permissions' }).press('Backspace');
    await expect(chip(page, custom.name)).toHaveCount(0);
    await pickWithKeyboard(page, 'Permissions', custom.name);

    const body = await submitCreate(page, 'Create Role', '/api/roles/create');
    expect(body.name).toBe(name);
    expect(body.description).toBe('Runs the test plans');
    expect(body.permissionIds).toHaveLength(2);
    expect(body.permissionIds).toContain(custom.id);

    await expect(page).toHaveURL(/\/admin-roles$/);
    await expect(toast(page, 'Role created successfully!')).toBeVisible();
    await page.getByRole('searchbox').fill(name);
    await expect(rowWith(page, name)).toBeVisible();
    const roles = await adminApi.call<Role[]>('GET', '/api/roles/list');
    const created = roles.find((r) => r.name === name);
    expect(created?.Permissions.map((p) => p.name).sort()).toEqual(['home_project', custom.name].sort());
  });

  test("create role shows the server's message, else its fallback", async ({ page, adminApi }) => {
    const existing = await createRole(adminApi);
    await signInAt(page, '/admin-create-role');
    await page.getByLabel('Name').fill(existing.name);
    await page.getByLabel('Description').fill('Same name');
    await page.getByRole('button', { name: 'Create Role' }).click();
    await expect(errorBox(page, `⚠️ A role named "${existing.name}" already exists`)).toBeVisible();

    await fail(page, '**/api/roles/create', 'POST', 500, {});
    await page.getByLabel('Name').fill(unique('role'));
    await page.getByRole('button', { name: 'Create Role' }).click();
    await expect(errorBox(page, '⚠️ Failed to create role. Please try again.')).toBeVisible();
  });

  test('edits a role: loads name, description and permissions, then saves', async ({ page, adminApi }) => {
    const role = await createRole(adminApi, ['home_project', 'add_project']);
    const renamed = unique('Renamed role');
    await signInAt(page, '/admin-roles');
    await page.getByRole('searchbox').fill(role.name);
    await rowWith(page, role.name).getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin-edit-role/${role.id}$`));
    await expect(page.getByRole('heading', { name: 'Edit Role' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(role.name);
    await expect(page.getByLabel('Description')).toHaveValue(role.description);
    await expect(chip(page, 'home_project')).toBeVisible();
    await expect(chip(page, 'add_project')).toBeVisible();

    await page.getByLabel('Name').fill(renamed);
    await page.getByRole('button', { name: 'Remove add_project' }).click();
    await pickWithKeyboard(page, 'Permissions', 'home_test_case');
    const body = await submitHeld(page, {
      button: 'Update Role',
      busy: 'Updating...',
      path: `/api/roles/update/${role.id}`,
      method: 'PUT',
    });
    expect(body.name).toBe(renamed);
    expect(body.permissionIds).toHaveLength(2);

    await expect(page).toHaveURL(/\/admin-roles$/);
    await expect(toast(page, 'Role updated successfully!')).toBeVisible();
    const updated = await adminApi.call<Role>('GET', `/api/roles/get-role/${role.id}`);
    expect(updated.name).toBe(renamed);
    expect(updated.Permissions.map((p) => p.name).sort()).toEqual(['home_project', 'home_test_case']);
  });

  test('edit role: missing data, refused updates and a failed permission list', async ({
    page,
    adminApi,
  }) => {
    const role = await createRole(adminApi, ['home_project']);
    const other = await createRole(adminApi);
    await signInAt(page, '/admin-edit-role/2147483000');
    await expect(page.getByRole('heading', { name: 'Role not found' })).toBeVisible();

    await page.goto(`/admin-edit-role/${role.id}`);
    await page.getByLabel('Name').fill(other.name);
    await page.getByRole('button', { name: 'Update Role' }).click();
    await expect(errorBox(page, `⚠️ A role named "${other.name}" already exists`)).toBeVisible();

    await fail(page, `**/api/roles/update/${role.id}`, 'PUT', 500, {});
    await page.getByRole('button', { name: 'Update Role' }).click();
    await expect(errorBox(page, '⚠️ Failed to update role. Please try again.')).toBeVisible();

    // A permission list that fails to load is only logged; the held permissions still show.
    await page.unrouteAll({ behavior: 'wait' });
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await fail(page, '**/api/permissions/list', 'GET', 500, {});
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue(role.name);
    await expect(chip(page, 'home_project')).toBeVisible();
    await expect.poll(() => logged.some((text) => text.includes('Failed to load permissions'))).toBe(true);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('deletes a role after confirming; cancelling keeps it; a refusal toasts', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const role = await createRole(adminApi);
    const held = await createRole(adminApi);
    await createUser({ roleIds: [held.id] });
    await signInAt(page, '/admin-roles');
    await page.getByRole('searchbox').fill(role.name);
    const row = rowWith(page, role.name);

    await cancelDelete(page, row, role.name);
    await confirmDelete(page, row, role.name, `Role "${role.name}" deleted successfully`, '/api/roles/list');

    // A role somebody holds cannot be deleted.
    await page.getByRole('searchbox').fill(held.name);
    await refusedDelete(page, rowWith(page, held.name), held.name, '⚠️ Failed to delete role');
  });

  test("a list that cannot load shows 'Failed to fetch roles'", async ({ page }) => {
    await expectListLoadFailure(page, '**/api/roles/list', '/admin-roles', '⚠️ Failed to fetch roles');
  });
});
