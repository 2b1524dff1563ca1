import type { SubUserList } from '@verdict/contract';
import { createRole, expect, expectSignInWorks, PASSWORD, signIn, signInAt, test, unique } from '../fixtures';
import {
  bodyRows,
  cancelDelete,
  chip,
  columnHeaders,
  confirmDelete,
  errorBox,
  expectEditFailures,
  expectListLoadFailure,
  fail,
  fillAccount,
  indexCells,
  openAccountEdit,
  pickWithKeyboard,
  refusedDelete,
  rowWith,
  SUB_USER_SCREENS,
  searchList,
  submitAndCapture,
  submitCreate,
  toast,
} from '../page-helpers';

test.describe('Sub-User Management (/sub-user-list)', () => {
  test('shows the columns, searches case-insensitively, and pages past 8 rows', async ({
    page,
    createSubUser,
  }) => {
    const prefix = unique('subs');
    for (let i = 1; i <= 9; i += 1) {
      await createSubUser({ name: `${prefix}-s${i}` });
    }
    await signInAt(page, '/sub-user-list');
    await expect(page.getByRole('heading', { name: 'Sub-User Management' })).toBeVisible();
    expect(await columnHeaders(page)).toEqual(['#', 'Username', 'Email', 'Status', 'Action']);

    const search = page.getByPlaceholder('Search sub-users...');
    await search.fill(prefix.toUpperCase());
    await expect(page.getByText('Showing 1-8 of 9', { exact: true })).toBeVisible();
    await expect(rowWith(page, `${prefix}-s1`).getByRole('cell')).toHaveText([
      '1',
      `${prefix}-s1`,
      `${prefix}-s1@example.com`,
      'Active',
      'EditDelete',
    ]);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 9-9 of 9', { exact: true })).toBeVisible();
    expect(await indexCells(page)).toEqual(['9']);

    await search.fill(`${prefix}-S9@`);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(page.getByText(/^Showing /)).toHaveCount(0);
    await search.fill(`${prefix}-none`);
    await expect(page.getByRole('cell', { name: 'No sub-users found' })).toBeVisible();
  });

  test('creates a sub-user with several roles picked by keyboard', async ({ page, adminApi }) => {
    const roleA = await createRole(adminApi, ['home_project']);
    const roleB = await createRole(adminApi, ['add_project']);
    const name = unique('newsub');
    await signInAt(page, '/sub-user-list');
    await page.getByRole('link', { name: 'Add Sub-User' }).click();
    await expect(page).toHaveURL(/\/admin-create-subuser$/);
    await expect(page.getByRole('heading', { name: 'Create Sub-User' })).toBeVisible();
    for (const label of ['Username', 'Email', 'Password']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('required', '');
    }

    await fillAccount(page, { username: name, email: `${name}@example.com`, password: PASSWORD });
    await pickWithKeyboard(page, 'Roles', roleA.name);
    await pickWithKeyboard(page, 'Roles', roleB.name);
    await expect(chip(page, roleA.name)).toBeVisible();
    await expect(chip(page, roleB.name)).toBeVisible();
    // Enter picked options; it did not submit the form.
    await expect(page).toHaveURL(/\/admin-create-subuser$/);

    const sent = await submitCreate(page, 'Create Sub-User', '/api/users/create-subuser');
    expect(sent).toEqual({
      username: name,
      email: `${name}@example.com`,
      password: PASSWORD,
      roleIds: [roleA.id, roleB.id],
    });

    await expect(page).toHaveURL(/\/sub-user-list$/);
    await expect(toast(page, 'Sub-user created successfully!')).toBeVisible();
    await page.getByPlaceholder('Search sub-users...').fill(name);
    await expect(rowWith(page, name)).toBeVisible();
    const { subUsers } = await adminApi.call<SubUserList>('GET', '/api/users/list-subusers');
    expect(subUsers.find((u) => u.username === name)?.roleIds.sort()).toEqual([roleA.id, roleB.id].sort());
  });

  test("create sub-user shows the server's message, else its error field, else the fallback", async ({
    page,
    createSubUser,
  }) => {
    const existing = await createSubUser();
    await signInAt(page, '/admin-create-subuser');
    const name = unique('subdup');
    await fillAccount(page, {
      username: existing.username,
      email: `${name}@example.com`,
      password: PASSWORD,
    });
    await page.getByRole('button', { name: 'Create Sub-User' }).click();
    await expect(errorBox(page, '⚠️ A user with this username already exists')).toBeVisible();

    await page.getByLabel('Username').fill(name);
    await fail(page, '**/api/users/create-subuser', 'POST', 400, { error: 'Sub-user quota is full' });
    await page.getByRole('button', { name: 'Create Sub-User' }).click();
    await expect(errorBox(page, '⚠️ Sub-user quota is full')).toBeVisible();

    await page.unrouteAll({ behavior: 'wait' });
    await fail(page, '**/api/users/create-subuser', 'POST', 500, {});
    await page.getByRole('button', { name: 'Create Sub-User' }).click();
    await expect(errorBox(page, '⚠️ Failed to create sub-user. Please try again.')).toBeVisible();
  });

  test("the account's max_user_limit refusal is shown as the server words it", async ({
    page,
    adminApi,
    createUser,
    createSubUser,
  }) => {
    // A top-level user with a limit of 1 who may create sub-users.
    const role = await createRole(adminApi, [
      'manage_admin_panel',
      'manage_sub_users_home',
      'manage_sub_users_add',
    ]);
    const owner = await createUser({ roleIds: [role.id], maxUserLimit: 1 });
    await createSubUser({ owner });
    await signInAt(page, '/admin-create-subuser', owner);
    const name = unique('over');
    await fillAccount(page, { username: name, email: `${name}@example.com`, password: PASSWORD });
    await page.getByRole('button', { name: 'Create Sub-User' }).click();
    await expect(errorBox(page, '⚠️ This account has reached its limit of 1 sub-user')).toBeVisible();
  });

  test("a role list that cannot load shows 'Failed to load roles.' on create", async ({ page }) => {
    await signIn(page);
    await fail(page, '**/api/roles/list', 'GET', 500, {});
    await page.goto('/admin-create-subuser');
    await expect(errorBox(page, '⚠️ Failed to load roles.')).toBeVisible({ timeout: 15_000 });
  });

  test('edits a sub-user: password optional, roles changed', async ({
    page,
    adminApi,
    request,
    createSubUser,
  }) => {
    const roleA = await createRole(adminApi, ['home_project']);
    const roleB = await createRole(adminApi, ['add_project']);
    const target = await createSubUser({ roleIds: [roleA.id] });
    const id = target.id;
    await signIn(page);

    await openAccountEdit(page, SUB_USER_SCREENS, target);
    await expect(page.getByLabel('Password')).not.toHaveAttribute('required', '');
    await expect(chip(page, roleA.name)).toBeVisible();

    const newName = unique('renamed');
    await page.getByLabel('Username').fill(newName);
    await pickWithKeyboard(page, 'Roles', roleB.name);
    await page.getByRole('button', { name: `Remove ${roleA.name}` }).click();
    expect(await submitAndCapture(page, 'Update Sub-User', `/api/users/update-subuser/${id}`)).toEqual({
      username: newName,
      email: target.email,
      roleIds: [roleB.id],
    });
    await expect(page).toHaveURL(/\/sub-user-list$/);
    await expect(toast(page, 'Sub-user updated successfully!')).toBeVisible();
    await page.getByPlaceholder('Search sub-users...').fill(newName);
    await expect(rowWith(page, newName)).toBeVisible();

    // A typed password is sent and works.
    await page.goto(`/admin-edit-subuser/${id}`);
    await page.getByLabel('Password').fill('another-password-1');
    expect(await submitAndCapture(page, 'Update Sub-User', `/api/users/update-subuser/${id}`)).toMatchObject({
      password: 'another-password-1',
    });
    await expect(page).toHaveURL(/\/sub-user-list$/);
    await expectSignInWorks(request, { email: target.email, password: 'another-password-1' });
  });

  test('edit sub-user: missing data, a refused update and a failed role list show its texts', async ({
    page,
    createSubUser,
  }) => {
    const target = await createSubUser();
    const other = await createSubUser();
    await signIn(page);

    await expectEditFailures(page, SUB_USER_SCREENS, target, other);

    await fail(page, '**/api/roles/list', 'GET', 500, {});
    await page.reload();
    await expect(page.getByLabel('Username')).toHaveValue(target.username);
    await expect(errorBox(page, '⚠️ Failed to load roles')).toBeVisible({ timeout: 15_000 });
  });

  test('deletes a sub-user after confirming; cancelling keeps it; a refusal toasts', async ({
    page,
    adminApi,
    createSubUser,
  }) => {
    const target = await createSubUser();
    const name = target.username;
    await signIn(page);
    const row = await searchList(page, SUB_USER_SCREENS, name);

    await cancelDelete(page, row, name);
    await confirmDelete(page, row, name, `User "${name}" deleted successfully`, '/api/users/list-subusers');

    // A sub-user who made sub-users of their own cannot be deleted before them.
    const role = await createRole(adminApi, ['manage_sub_users_add']);
    const parent = await createSubUser({ roleIds: [role.id] });
    await createSubUser({ owner: parent });
    await page.reload();
    await page.getByPlaceholder('Search sub-users...').fill(parent.username);
    await refusedDelete(page, rowWith(page, parent.username), parent.username, '⚠️ Failed to delete user');
  });

  test("a list that cannot load shows 'Failed to fetch users'", async ({ page }) => {
    await expectListLoadFailure(
      page,
      '**/api/users/list-subusers',
      '/sub-user-list',
      '⚠️ Failed to fetch users',
    );
  });
});
