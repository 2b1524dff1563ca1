import type { Page } from '@playwright/test';
import { DESKTOP, expectNoAxeViolations, PHONE } from '../axe';
import {
  createCase,
  createPermission,
  createProject,
  createRole,
  expect,
  signIn,
  signInAt,
  TREE_USER,
  test,
  unique,
} from '../fixtures';
import { bodyRows, clickArrow, errorBox, fail, node, tree } from '../page-helpers';

/**
 * docs/product/errors-and-keyboard.md: a failed load says so with Retry and never shows an empty
 * state; an unknown id shows the not-found page of its kind; a missing permission is named; a
 * screen's code gone after a deploy reloads the app once.
 */

/** Fails every GET to `url` until the returned function is called, then lets them through. */
async function failUntilRestored(page: Page, url: string | RegExp): Promise<() => Promise<void>> {
  await fail(page, url, 'GET', 500, { message: 'The database is not available' });
  return () => page.unroute(url);
}

async function expectAxeCleanAtBothWidths(page: Page, what: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `${what} at ${viewport.width} px`);
  }
  await page.setViewportSize(DESKTOP);
}

test.describe('A failed load is never empty data', () => {
  test('an admin list that cannot load keeps its words, shows no empty state, and Retry loads it', async ({
    page,
    adminApi,
  }) => {
    const permission = await createPermission(adminApi);
    await signIn(page);
    const restore = await failUntilRestored(page, '**/api/permissions/list');
    await page.goto('/admin-permissions');
    await expect(errorBox(page, '⚠️ Failed to fetch permissions')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('No permissions found')).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectAxeCleanAtBothWidths(page, 'a failed permission list');

    await restore();
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByPlaceholder('Search permissions...').fill(permission.name);
    await expect(bodyRows(page).filter({ hasText: permission.name })).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the user, sub-user and role lists say they failed instead of "No … found"', async ({ page }) => {
    await signIn(page);
    const lists = [
      { path: '/admin', url: '**/api/users/list', text: '⚠️ Failed to fetch users', empty: 'No users found' },
      {
        path: '/sub-user-list',
        url: '**/api/users/list-subusers',
        text: '⚠️ Failed to fetch users',
        empty: 'No sub-users found',
      },
      {
        path: '/admin-roles',
        url: '**/api/roles/list',
        text: '⚠️ Failed to fetch roles',
        empty: 'No roles found',
      },
    ];
    for (const list of lists) {
      const restore = await failUntilRestored(page, list.url);
      await page.goto(list.path);
      await expect(errorBox(page, list.text)).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(page.getByText(list.empty)).toHaveCount(0);
      await restore();
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(bodyRows(page).first()).toBeVisible();
      await expect(page.getByText(list.text)).toHaveCount(0);
    }
  });

  test('an expanded project whose cases fail says so in the tree, and Retry loads them', async ({
    page,
    createUser,
  }) => {
    // A user who sees only this project: the administrator's tree holds every test's projects.
    const user = await createUser({ permissions: TREE_USER, prefix: 'broken-tree' });
    const api = await user.api();
    const project = await createProject(api, unique('Broken P'));
    const testCase = await createCase(api, { project: project.id }, unique('Late C'));
    await signIn(page, user);
    const restore = await failUntilRestored(page, `**/api/projects/${project.id}/cases*`);
    // A screen of this slice, so the check covers the tree rather than the dashboard's charts.
    await page.goto('/api-tokens');
    await clickArrow(page, project.name);
    await expect(tree(page).getByText('⚠️ Could not load')).toBeVisible({ timeout: 15_000 });
    await expect(tree(page).getByText('No items')).toHaveCount(0);
    await expectNoAxeViolations(page, 'a tree node whose children failed');

    await restore();
    // The tree holds only its items; the Retry for its failed lists sits just above it.
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('alert')).toHaveText(/A list could not be loaded/);
    await sidebar.getByRole('button', { name: 'Retry' }).click();
    await expect(node(page, testCase.name)).toBeVisible();
    await expect(tree(page).getByText('⚠️ Could not load')).toHaveCount(0);
  });

  test('a project list that fails says so in the sidebar instead of "No projects"', async ({ page }) => {
    await signIn(page);
    const restore = await failUntilRestored(page, '**/api/projects/list');
    await page.reload();
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByText('⚠️ Could not load')).toBeVisible({ timeout: 15_000 });
    await expect(sidebar.getByText('No projects')).toHaveCount(0);
    await restore();
    await sidebar.getByRole('button', { name: 'Retry' }).click();
    await expect(tree(page)).toBeVisible();
  });

  test('an edit screen whose record fails keeps its words and offers Retry', async ({ page, adminApi }) => {
    const role = await createRole(adminApi);
    await signIn(page);
    const restore = await failUntilRestored(page, `**/api/roles/get-role/${role.id}`);
    await page.goto(`/admin-edit-role/${role.id}`);
    await expect(errorBox(page, '⚠️ Could not load role details.')).toBeVisible({ timeout: 15_000 });
    await restore();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByLabel('Name')).toHaveValue(role.name);
  });

  test('API Tokens and the Audit Log say their lists failed instead of showing none', async ({ page }) => {
    await signIn(page);
    const restoreTokens = await failUntilRestored(page, '**/api/api-tokens');
    await page.goto('/api-tokens');
    // The list words its failure with the server's reason (docs/product/api-tokens.md).
    await expect(page.getByRole('alert')).toContainText('The database is not available', { timeout: 15_000 });
    await expect(page.getByText('No API tokens yet')).toHaveCount(0);
    await restoreTokens();
    await page.getByRole('button', { name: 'Retry' }).click();
    // Other tests running at the same time may have given the admin a token: the list loads,
    // with its rows or with its empty state.
    await expect(page.getByRole('table', { name: 'API tokens' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    const restoreLog = await failUntilRestored(page, /\/api\/audit-log\?/);
    await page.goto('/admin-audit-log');
    await expect(page.getByRole('alert')).toContainText('The database is not available', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByText('No audit entries yet')).toHaveCount(0);
    await restoreLog();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the admin dashboard says its counts failed instead of showing 0', async ({ page }) => {
    await signIn(page);
    const restore = await failUntilRestored(page, '**/api/users/status-count');
    await page.goto('/admin-dashboard');
    await expect(page.getByRole('alert')).toContainText('Could not load the user counts.', {
      timeout: 15_000,
    });
    await expect(page.getByRole('region', { name: 'Active Users', exact: true })).toHaveCount(0);
    await restore();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('region', { name: 'Active Users', exact: true })).toBeVisible();
  });
});

test.describe('Unknown ids', () => {
  test('each admin edit address with an unknown id shows the not-found page of its kind', async ({
    page,
  }) => {
    await signIn(page);
    const screens = [
      {
        path: '/admin-edit-user/2147483000',
        heading: 'User not found',
        back: 'Back to User Management',
        list: '/admin',
      },
      {
        path: '/admin-edit-subuser/2147483000',
        heading: 'Sub-user not found',
        back: 'Back to Sub-User Management',
        list: '/sub-user-list',
      },
      {
        path: '/admin-edit-permission/2147483000',
        heading: 'Permission not found',
        back: 'Back to Permission Management',
        list: '/admin-permissions',
      },
      {
        path: '/admin-edit-role/2147483000',
        heading: 'Role not found',
        back: 'Back to Role Management',
        list: '/admin-roles',
      },
      {
        path: '/admin-edit-role/not-a-number',
        heading: 'Role not found',
        back: 'Back to Role Management',
        list: '/admin-roles',
      },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByRole('alert')).toHaveCount(0);
    }
    await expectAxeCleanAtBothWidths(page, 'a not-found page');
    const last = screens[screens.length - 1] as (typeof screens)[number];
    await page.getByRole('link', { name: last.back }).click();
    await expect(page).toHaveURL(new RegExp(`${last.list}$`));
  });
});

test.describe('No access', () => {
  test('a Tester at the admin screens is told which permission is missing, never shown zeros', async ({
    page,
    createUser,
  }) => {
    const tester = await createUser({ permissions: ['home_project', 'home_test_suit', 'home_test_case'] });
    await signInAt(page, '/admin-dashboard', tester);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      /You need the manage_admin_panel permission to see this page\./,
    );
    await expect(page.getByRole('region', { name: 'Total Users', exact: true })).toHaveCount(0);
    await expectAxeCleanAtBothWidths(page, 'the admin dashboard without access');

    await page.goto('/admin-create-user');
    await expect(page.getByRole('alert')).toHaveText(
      /You need the add_admin_home permission to see this page\./,
    );
    await expect(page.getByLabel('Username')).toHaveCount(0);

    await page.goto('/admin-edit-role/1');
    await expect(page.getByRole('alert')).toHaveText(
      /You need the manage_roles_edit permission to see this page\./,
    );

    // A list keeps its failure words and names what the server asked for, without Retry.
    await page.goto('/admin');
    await expect(errorBox(page, '⚠️ Failed to fetch users')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('alert')).toContainText(
      'You need the view_admin_home permission to see this page.',
    );
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(page.getByText('No users found')).toHaveCount(0);
  });
});

test.describe('After a new release', () => {
  /** Answers 404 for the admin dashboard's code chunk, `times` times (every time when undefined). */
  async function loseDashboardChunk(page: Page, times?: number) {
    let lost = 0;
    await page.route(/\/assets\/admin-dashboard-page-[^/]*\.js$/, (route) => {
      if (times !== undefined && lost >= times) return route.fallback();
      lost += 1;
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    });
    return () => lost;
  }

  /** Counts the loads of the app's page itself (index.html), i.e. reloads after the first. */
  function countDocumentLoads(page: Page): () => number {
    let loads = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') loads += 1;
    });
    return () => loads;
  }

  test('a screen whose code is gone reloads the app once and then shows', async ({ page }) => {
    await signIn(page);
    const lost = await loseDashboardChunk(page, 1);
    const loads = countDocumentLoads(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Total Users', exact: true })).toBeVisible();
    expect(lost()).toBe(1);
    // The first load of /admin, then one reload.
    expect(loads()).toBe(2);
    await expect(page.getByText('Failed to fetch dynamically imported module', { exact: false })).toHaveCount(
      0,
    );
  });

  test('a chunk still missing after that reload shows the error screen instead of looping', async ({
    page,
  }) => {
    await signIn(page);
    await loseDashboardChunk(page);
    const loads = countDocumentLoads(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(loads()).toBe(2);
  });
});
