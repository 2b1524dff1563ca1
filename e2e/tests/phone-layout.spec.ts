import type { Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoSidewaysScroll, NARROW_PHONE, PHONE } from '../axe';
import { createRun, expect, projectWithCase, signIn, signInAt, test, unique } from '../fixtures';

/** docs/product/shell-and-navigation.md, "Phone widths". */

const toggle = (page: Page) => page.getByRole('button', { name: 'Toggle menu' });

async function openDrawer(page: Page) {
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
}

for (const viewport of [PHONE, NARROW_PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the drawer holds API Tokens and Logout in the main area', async ({ page }) => {
      await signIn(page);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeHidden();
      await expectNoSidewaysScroll(page);

      await openDrawer(page);
      await page.getByRole('link', { name: 'API Tokens' }).click();
      await expect(page).toHaveURL(/\/api-tokens$/);
      await expect(page.getByRole('heading', { level: 1, name: 'API Tokens' })).toBeVisible();

      await openDrawer(page);
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    });

    test('the admin area has Logout in its drawer', async ({ page }) => {
      await signInAt(page, '/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
      await openDrawer(page);
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    test('no screen scrolls sideways', async ({ page, adminApi }) => {
      const { project, suite, testCase } = await projectWithCase(adminApi);
      await createRun(adminApi, testCase.id, 'failed');
      await signIn(page);
      const screens = [
        '/dashboard',
        `/projects/${project.id}`,
        `/suites/${suite.id}`,
        `/cases/${testCase.id}`,
        '/admin',
        '/admin-audit-log',
        '/admin-inspector',
        '/api-tokens',
      ];
      for (const path of screens) {
        await page.goto(path);
        await expect(page.locator('main h1')).toBeVisible();
        await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);
        await expectNoSidewaysScroll(page, path, true);
      }
    });
  });
}

test.describe('stacked lists on a phone', () => {
  test.use({ viewport: NARROW_PHONE });

  test('a user row shows its labelled cells and its Edit and Delete at 320 px', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ prefix: unique('phone') });
    await signInAt(page, '/admin');
    await page.getByRole('searchbox').fill(user.email);
    const row = page.locator('table tbody tr').filter({ hasText: user.email });
    // The search has applied (one row left), and that row is scrolled to: what matters is that
    // nothing of it is cut off at the sides.
    await expect(page.locator('table tbody tr')).toHaveCount(1);
    await row.scrollIntoViewIfNeeded();

    const edit = row.getByRole('button', { name: 'Edit' }).or(row.getByRole('link', { name: 'Edit' }));
    const remove = row.getByRole('button', { name: 'Delete' });
    for (const action of [edit, remove]) {
      await expect(action).toBeInViewport({ ratio: 1 });
    }
    // Each value sits under its column's name rather than in an off-screen column.
    await expect(row.locator('td[data-label="Email"]')).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page);

    await remove.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('button', { name: 'No, Cancel' }).click();
    await edit.click();
    await expect(page).toHaveURL(/\/admin-edit-user\//);
  });

  test('the Permission Inspector stays a sensible height', async ({ page }) => {
    await signIn(page);
    // Without a chosen user it shows the reader's own permissions: the administrator holds all.
    await page.goto('/admin-inspector');
    await expect(page.getByRole('table', { name: 'Permissions' }).locator('tbody tr').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(5000);
  });
});

test.describe('the drawer', () => {
  test.use({ viewport: PHONE });

  test('Escape closes it and gives focus back to its toggle', async ({ page }) => {
    await signIn(page);
    await openDrawer(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).focus();
    await page.keyboard.press('Escape');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle(page)).toBeFocused();
  });

  test('the changed screens have no axe violations at 390 px, drawer open and closed', async ({
    page,
    createUser,
  }) => {
    await createUser({ prefix: unique('axe') });
    await signIn(page);
    for (const path of ['/dashboard', '/admin', '/admin-audit-log', '/api-tokens']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);
      await expectNoAxeViolations(page, path, true);
    }
    await openDrawer(page);
    await expectNoAxeViolations(page, 'the open drawer', true);
  });
});
