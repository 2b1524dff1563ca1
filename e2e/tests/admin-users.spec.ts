import type { User } from '@verdict/contract';
import {
  ADMIN,
  createRole,
  expect,
  expectSignInWorks,
  PASSWORD,
  signIn,
  signInAt,
  test,
  unique,
} from '../fixtures';
import {
  bodyRows,
  cancelDelete,
  chip,
  columnHeaders,
  confirmDelete,
  countRequests,
  errorBox,
  expectEditFailures,
  expectListLoadFailure,
  fail,
  fillAccount,
  indexCells,
  openAccountEdit,
  openDeleteDialog,
  pickWithKeyboard,
  refusedDelete,
  rowWith,
  searchList,
  submitAndCapture,
  submitCreate,
  toast,
  USER_SCREENS,
} from '../page-helpers';

test.describe('User Management (/admin)', () => {
  test('shows the columns, searches by username or email case-insensitively, and pages past 8 rows', async ({
    page,
    createUser,
  }) => {
    const prefix = unique('list');
    // Ten users; the first has no Max User Limit.
    for (let i = 1; i <= 10; i += 1) {
      await createUser({
        name: `${prefix}-u${String(i).padStart(2, '0')}`,
        maxUserLimit: i === 1 ? null : i,
      });
    }
    await signInAt(page, '/admin');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    expect(await columnHeaders(page)).toEqual([
      '#',
      'Username',
      'Email',
      'Max User Limit',
      'Status',
      'Action',
    ]);

    const search = page.getByPlaceholder('Search users...');
    await search.fill(prefix.toUpperCase());
    await expect(page.getByText('Showing 1-8 of 10', { exact: true })).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(8);
    expect(await indexCells(page)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    const first = rowWith(page, `${prefix}-u01`);
    await expect(first.getByRole('cell')).toHaveText([
      '1',
      `${prefix}-u01`,
      `${prefix}-u01@example.com`,
      '-',
      'Active',
      'EditDelete',
    ]);
    await expect(rowWith(page, `${prefix}-u02`).getByRole('cell').nth(3)).toHaveText('2');

    // Next, numbered pages and Previous; '#' keeps counting across pages.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 9-10 of 10', { exact: true })).toBeVisible();
    expect(await indexCells(page)).toEqual(['9', '10']);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Showing 1-8 of 10', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '2' }).click();
    await expect(page.getByText('Showing 9-10 of 10', { exact: true })).toBeVisible();

    // Changing the search goes back to page 1.
    await search.fill(`${prefix}-u`);
    await expect(page.getByText('Showing 1-8 of 10', { exact: true })).toBeVisible();

    // By email only (the usernames carry no '@'), and no footer with 8 rows or fewer.
    await search.fill(`${prefix}-U05@EXAMPLE`);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(rowWith(page, `${prefix}-u05`)).toBeVisible();
    await expect(page.getByText(/^Showing /)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);

    await search.fill(`${prefix}-nobody`);
    await expect(page.getByRole('cell', { name: 'No users found' })).toBeVisible();
  });

  test('creates a user: fields, busy text, one-item roleIds, and a toast that shows once', async ({
    page,
    adminApi,
  }) => {
    const role = await createRole(adminApi, ['home_project']);
    const name = unique('created');
    await signInAt(page, '/admin');
    await page.getByRole('link', { name: 'Add User' }).click();
    await expect(page).toHaveURL(/\/admin-create-user$/);
    await expect(page.getByRole('heading', { name: 'Create User' })).toBeVisible();

    const roleSelect = page.getByLabel('Role', { exact: true });
    await expect(roleSelect.locator('option').first()).toHaveText('-- Select Role --');
    for (const label of ['Username', 'Email', 'Password', 'Max User Limit', 'Role']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('required', '');
    }
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Max User Limit')).toHaveAttribute('type', 'number');

    // The browser refuses an incomplete form: nothing is sent.
    const creates = countRequests(page, '/api/users/create', 'POST');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page).toHaveURL(/\/admin-create-user$/);

    await fillAccount(page, { username: name, email: `${name}@example.com`, password: PASSWORD });
    await page.getByLabel('Max User Limit').fill('4');
    await roleSelect.selectOption({ label: role.name });
    expect(creates()).toBe(0);

    const sent = await submitCreate(page, 'Create User', '/api/users/create');
    expect(sent).toEqual({
      username: name,
      email: `${name}@example.com`,
      password: PASSWORD,
      max_user_limit: 4,
      roleIds: [role.id],
    });

    await expect(page).toHaveURL(/\/admin$/);
    const message = toast(page, 'User created successfully!');
    await expect(message).toBeVisible();
    const shownAt = Date.now();
    await page.getByPlaceholder('Search users...').fill(name);
    await expect(rowWith(page, name).getByRole('cell').nth(3)).toHaveText('4');
    await expect(message).toBeHidden({ timeout: 5000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(1500);
    expect(shownFor).toBeLessThan(4500);

    // Shown once: neither a reload nor Back then Forward brings it back.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/admin-create-user$/);
    await page.goForward();
    // The list keeps its search in the address (docs/product/errors-and-keyboard.md).
    await expect(page).toHaveURL(/\/admin(\?q=[^&]+)?$/);
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(toast(page, 'User created successfully!')).toHaveCount(0);

    const users = await adminApi.call<User[]>('GET', '/api/users/list');
    const created = users.find((u) => u.username === name);
    expect(created?.roleIds).toEqual([role.id]);
    expect(created?.max_user_limit).toBe(4);
  });

  test("create user shows the server's message, else its fallback", async ({
    page,
    adminApi,
    createUser,
  }) => {
    const existing = await createUser();
    const role = await createRole(adminApi);
    await signInAt(page, '/admin-create-user');
    const name = unique('dup');
    await fillAccount(page, { username: name, email: existing.email, password: PASSWORD });
    await page.getByLabel('Max User Limit').fill('1');
    await page.getByLabel('Role', { exact: true }).selectOption({ label: role.name });
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(errorBox(page, '⚠️ A user with this email already exists')).toBeVisible();
    await expect(page).toHaveURL(/\/admin-create-user$/);

    // A failure without a message falls back to the screen's fixed words (docs/product/admin-screens.md).
    await fail(page, '**/api/users/create', 'POST', 500, {});
    await page.getByLabel('Email').fill(`${name}@example.com`);
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(errorBox(page, '⚠️ Failed to create user. Please try again.')).toBeVisible();
  });

  test('edits a user: loading text, roles multi-select, status, password only when filled', async ({
    page,
    request,
    adminApi,
    createUser,
  }) => {
    const roleA = await createRole(adminApi, ['home_project']);
    const roleB = await createRole(adminApi, ['add_project']);
    const target = await createUser({ roleIds: [roleA.id], maxUserLimit: 3 });
    const id = target.id;
    await signIn(page);

    await openAccountEdit(page, USER_SCREENS, target);
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page.getByLabel('Password')).toHaveAttribute(
      'placeholder',
      'Leave blank to keep old password',
    );
    await expect(page.getByLabel('Max User Limit')).toHaveValue('3');
    await expect(chip(page, roleA.name)).toBeVisible();
    const status = page.getByLabel('Status');
    await expect(status).toHaveValue('active');
    await expect(status.locator('option')).toHaveText(['Active', 'InActive']);

    // Roles: add B with the keyboard, remove A with its chip button.
    await pickWithKeyboard(page, 'Roles', roleB.name);
    await expect(chip(page, roleB.name)).toBeVisible();
    await page.getByRole('button', { name: `Remove ${roleA.name}` }).click();
    await expect(chip(page, roleA.name)).toHaveCount(0);
    await status.selectOption({ label: 'InActive' });
    await page.getByLabel('Max User Limit').fill('');

    expect(await submitAndCapture(page, 'Update User', `/api/users/edit/${id}`)).toEqual({
      username: target.username,
      email: target.email,
      max_user_limit: null,
      roleIds: [roleB.id],
      status: 'inactive',
    });
    await expect(page).toHaveURL(/\/admin$/);
    await expect(toast(page, 'User updated successfully!')).toBeVisible();
    await page.getByPlaceholder('Search users...').fill(target.username);
    await expect(rowWith(page, target.username).getByRole('cell')).toHaveText([
      '1',
      target.username,
      target.email,
      '-',
      'Inactive',
      'EditDelete',
    ]);

    // A typed password is sent, and works; the status goes back to Active.
    await page.goto(`/admin-edit-user/${id}`);
    await expect(page.getByLabel('Status')).toHaveValue('inactive');
    await page.getByLabel('Status').selectOption('active');
    await page.getByLabel('Password').fill('a-brand-new-password');
    expect(await submitAndCapture(page, 'Update User', `/api/users/edit/${id}`)).toMatchObject({
      password: 'a-brand-new-password',
      status: 'active',
    });
    await expect(page).toHaveURL(/\/admin$/);
    await expectSignInWorks(request, { email: target.email, password: 'a-brand-new-password' });
  });

  test('changing ones own password asks for the current one, which the server checks', async ({
    page,
    request,
    adminApi,
    createUser,
  }) => {
    const role = await createRole(adminApi, ['manage_admin_panel', 'view_admin_home', 'edit_admin_home']);
    const me = await createUser({ roleIds: [role.id] });
    const other = await createUser();
    await signIn(page, me);

    // Someone else's account: no such field.
    await page.goto(`/admin-edit-user/${other.id}`);
    await expect(page.getByLabel('Username')).toHaveValue(other.username);
    await expect(page.getByLabel('Current password')).toHaveCount(0);

    await page.goto(`/admin-edit-user/${me.id}`);
    await expect(page.getByLabel('Username')).toHaveValue(me.username);
    const current = page.getByLabel('Current password');
    await expect(current).toHaveAttribute('autocomplete', 'current-password');
    await page.getByLabel('Password', { exact: true }).fill('my-own-new-password');
    await current.fill('not-my-password');
    expect(await submitAndCapture(page, 'Update User', `/api/users/edit/${me.id}`)).toMatchObject({
      password: 'my-own-new-password',
      currentPassword: 'not-my-password',
    });
    await expect(errorBox(page, '⚠️ Failed to update user.')).toBeVisible();
    // Told at the field, and the session stays.
    await expect(current).toHaveAccessibleDescription('Current password is wrong');
    await expect(page).toHaveURL(new RegExp(`/admin-edit-user/${me.id}$`));

    await current.fill(me.password);
    await submitAndCapture(page, 'Update User', `/api/users/edit/${me.id}`);
    // A new password ends every session, this one too: the app asks to sign in again.
    await expect(page.getByPlaceholder('Enter your password')).toBeVisible();
    await expectSignInWorks(request, { email: me.email, password: 'my-own-new-password' });
  });

  test('edit user: a missing user and a refused update show its texts', async ({ page, createUser }) => {
    const target = await createUser();
    const other = await createUser();
    await signIn(page);

    await expectEditFailures(page, USER_SCREENS, target, other);
  });

  test('deletes a user after confirming; cancelling keeps it; a refusal toasts', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const target = await createUser();
    const name = target.username;
    await signIn(page);
    const row = await searchList(page, USER_SCREENS, name);

    await cancelDelete(page, row, name);

    // Escape cancels too.
    const dialog = await openDeleteDialog(page, row, name);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await confirmDelete(page, row, name, `User "${name}" deleted successfully`, '/api/users/list');
    await expect(page.getByRole('cell', { name: 'No users found' })).toBeVisible();
    const users = await adminApi.call<User[]>('GET', '/api/users/list');
    expect(users.some((u) => u.id === target.id)).toBe(false);

    // The server refuses to delete oneself: the row stays and the documented failure toast shows.
    await page.getByPlaceholder('Search users...').fill(ADMIN.email);
    await refusedDelete(page, rowWith(page, ADMIN.email), ADMIN.name, '⚠️ Failed to delete user');
  });

  test("a list that cannot load shows '⚠️ Failed to fetch users'", async ({ page }) => {
    await expectListLoadFailure(page, '**/api/users/list', '/admin', '⚠️ Failed to fetch users', {
      message: 'boom',
    });
    // A failed load is no empty list (docs/product/errors-and-keyboard.md).
    await expect(page.getByRole('cell', { name: 'No users found' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
