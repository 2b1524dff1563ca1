import type { Page } from '@playwright/test';
import { DESKTOP, expectNoAxeViolations, PHONE } from '../axe';
import {
  createCase,
  createPermission,
  createProject,
  createRun,
  expect,
  projectWithCase,
  signIn,
  test,
  unique,
  uniquePermissionName,
} from '../fixtures';
import { bodyRows, node, rowWith, toast, tree } from '../page-helpers';

/**
 * docs/product/errors-and-keyboard.md: focus after a route change and after a delete, server
 * refusals at their field, required marks, the tree's Space and typeahead, toasts that wait while
 * read, and lists kept in the address.
 */

/** Signs in as the administrator and deletes a permission from its list, confirming. */
async function deleteFromPermissionList(page: Page, name: string): Promise<void> {
  await signIn(page);
  await page.goto('/admin-permissions');
  await page.getByPlaceholder('Search permissions...').fill(name);
  await rowWith(page, name).getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
}

test.describe('Focus', () => {
  test('moves to the new screen: its heading, or the first field of a form', async ({ page }) => {
    await signIn(page);
    // Signing in is a route change too: the dashboard's heading takes focus.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Dashboard' })).toBeFocused();

    await page.getByRole('link', { name: 'API Tokens' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API Tokens' })).toBeFocused();

    await page.goto('/admin-dashboard');
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'User Management', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeFocused();

    await page.getByRole('link', { name: 'Add User' }).click();
    await expect(page.getByRole('textbox', { name: 'Username', exact: true })).toBeFocused();

    // An edit form gets focus once its record is there.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await rowWith(page, 'admin').getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('textbox', { name: 'Username', exact: true })).toBeFocused();
  });

  test('the sign-in screen starts in its Email field; signing in focuses the landing heading', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Email is autofocused (decision 182): what a visitor types first goes where it belongs.
    await expect(page.getByPlaceholder('Enter your email')).toBeFocused();
    // Signing in moves on to the landing screen, whose heading then takes focus.
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('after a confirmed delete focus moves to the list heading', async ({ page, adminApi }) => {
    const permission = await createPermission(adminApi);
    await deleteFromPermissionList(page, permission.name);
    await expect(rowWith(page, permission.name)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Permission Management' })).toBeFocused();
  });

  test('after deleting a test run focus moves to the case page heading', async ({ page, adminApi }) => {
    const { testCase } = await projectWithCase(adminApi);
    await createRun(adminApi, testCase.id, 'passed');
    await createRun(adminApi, testCase.id, 'failed');
    await signIn(page);
    await page.goto(`/cases/${testCase.id}`);
    const runs = page.getByRole('table', { name: 'Test Runs' });
    await expect(runs.locator('tbody tr')).toHaveCount(2);
    await runs
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /Delete/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(runs.locator('tbody tr')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });
});

test.describe('Forms', () => {
  test('a server refusal shows at its field, tied to it with aria-invalid and aria-describedby', async ({
    page,
    createUser,
  }) => {
    const taken = await createUser();
    await signIn(page);
    await page.goto('/admin-create-user');
    await page.getByLabel('Username').fill(unique('fresh'));
    await page.getByLabel('Email').fill(taken.email);
    await page.getByLabel('Password', { exact: true }).fill('a-long-unusual-password-9');
    await page.getByLabel('Max User Limit').fill('3');
    await page.getByLabel('Role', { exact: true }).selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Create User' }).click();

    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('A user with this email already exists');
    await expect(email).toHaveAccessibleDescription('A user with this email already exists');
    await expect(page.getByRole('textbox', { name: 'Username', exact: true })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `a refused Create User at ${viewport.width} px`);
    }
  });

  test('required fields carry a visible mark that is not part of their name', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin-create-user');
    for (const label of ['Username', 'Email', 'Password', 'Max User Limit']) {
      const field = page.getByRole(label === 'Max User Limit' ? 'spinbutton' : 'textbox', {
        name: label,
        exact: true,
      });
      // Password fields have no role; find them by label instead.
      const control = label === 'Password' ? page.getByLabel('Password', { exact: true }) : field;
      await expect(control).toHaveAttribute('required', '');
      const mark = page.locator('.form-field', { has: control }).locator('[aria-hidden="true"]');
      await expect(mark).toHaveText('*');
      await expect(mark).toBeVisible();
    }
    // An optional field has no mark.
    await page.goto('/admin-edit-user/1');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).not.toHaveAttribute('required', '');
    await expect(page.locator('.form-field', { has: password }).locator('[aria-hidden="true"]')).toHaveCount(
      0,
    );
  });
});

test.describe('The tree', () => {
  test('Space opens and closes a node; typing jumps to the next node starting with the letters', async ({
    page,
    adminApi,
  }) => {
    const letters = `Qz${Math.random().toString(36).slice(2, 6)}`;
    const project = await createProject(adminApi, `${letters} project`);
    const child = await createCase(adminApi, { project: project.id }, unique('Space child'));
    await signIn(page);
    await expect(tree(page)).toBeVisible();
    await tree(page).getByRole('treeitem').first().focus();

    await page.keyboard.type(letters.toLowerCase());
    await expect(node(page, project.name)).toBeFocused();

    await page.keyboard.press('Space');
    await expect(node(page, project.name)).toHaveAttribute('aria-expanded', 'true');
    await expect(node(page, child.name)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(node(page, project.name)).toHaveAttribute('aria-expanded', 'false');
    await expect(node(page, child.name)).toHaveCount(0);
    await expect(node(page, project.name)).toBeFocused();
  });
});

test.describe('Toasts and lists', () => {
  test('a toast stays while hovered and leaves after the pointer does', async ({ page, adminApi }) => {
    const permission = await createPermission(adminApi);
    await deleteFromPermissionList(page, permission.name);
    const shown = toast(page, `Permission "${permission.name}" deleted successfully`);
    await shown.hover();
    // Longer than a toast's 3 seconds: it is still there while the pointer rests on it.
    await page.waitForTimeout(4000);
    await expect(shown).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(shown).toHaveCount(0, { timeout: 6000 });
  });

  test('Back returns to the same page of the same search', async ({ page, adminApi }) => {
    const prefix = uniquePermissionName('paged');
    for (let index = 0; index < 10; index += 1) {
      await createPermission(adminApi, `${prefix}_${String(index).padStart(2, '0')}`);
    }
    await signIn(page);
    await page.goto('/admin-permissions');
    await page.getByPlaceholder('Search permissions...').fill(prefix);
    await expect(page.getByText('Showing 1-8 of 10')).toBeVisible();
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '2' }).click();
    await expect(page.getByText('Showing 9-10 of 10')).toBeVisible();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}`));

    await bodyRows(page).first().getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Permission' })).toBeVisible();
    await page.goBack();
    await expect(page.getByPlaceholder('Search permissions...')).toHaveValue(prefix);
    await expect(page.getByText('Showing 9-10 of 10')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '2' }),
    ).toHaveAttribute('aria-current', 'page');

    // Back once more leaves page 2 for page 1 of the same search.
    await page.goBack();
    await expect(page.getByText('Showing 1-8 of 10')).toBeVisible();
    await expect(page.getByPlaceholder('Search permissions...')).toHaveValue(prefix);
  });
});
