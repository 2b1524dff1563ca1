import type { Page } from '@playwright/test';
import type { PermissionName } from '@verdict/contract';
import { createProject, createRole, expect, signIn, test, unique } from '../fixtures';

/**
 * docs/product/shell-and-navigation.md (header, sidebars, permissions) and
 * docs/product/sign-in-and-sessions.md (logout, lastRoute).
 */

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const adminPill = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Admin' });
const SHELL_PERMISSIONS: PermissionName[] = ['add_project', 'home_project', 'manage_admin_panel'];

test.describe('main sidebar and header', () => {
  test('with every shell permission: Dashboard, Add Project, the Projects tree and the Admin pill', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: SHELL_PERMISSIONS, prefix: 'zed' });
    await signIn(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);

    await expect(page.getByRole('banner').getByText('Verdict')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(mainNav(page).getByRole('link', { name: 'Add Project' })).toHaveAttribute(
      'href',
      '/projects-create',
    );
    await expect(mainNav(page).getByRole('heading', { name: 'Projects' })).toBeVisible();
    // The pill shows the first letter of the user's name ('zed-…' → 'Z').
    await expect(adminPill(page)).toBeVisible();
    await expect(adminPill(page)).toHaveText(/^Z\s*Admin$/);

    await mainNav(page).getByRole('link', { name: 'Add Project' }).click();
    await expect(page).toHaveURL(/\/projects-create$/);
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await adminPill(page).click();
    await expect(page).toHaveURL(/\/admin-dashboard$/);
  });

  for (const missing of SHELL_PERMISSIONS) {
    test(`without ${missing} its element is missing and the others show`, async ({ page, createUser }) => {
      const user = await createUser({ permissions: SHELL_PERMISSIONS.filter((name) => name !== missing) });
      const projectLists: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/projects/list')) projectLists.push(r.url());
      });
      await signIn(page, user);
      await expect(page.getByRole('heading', { name: 'Welcome to Dashboard' })).toBeVisible();
      await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();

      const addProject = mainNav(page).getByRole('link', { name: 'Add Project' });
      const projects = mainNav(page).getByRole('heading', { name: 'Projects' });
      await expect(addProject).toHaveCount(missing === 'add_project' ? 0 : 1);
      await expect(projects).toHaveCount(missing === 'home_project' ? 0 : 1);
      await expect(adminPill(page)).toHaveCount(missing === 'manage_admin_panel' ? 0 : 1);
      if (missing === 'home_project') {
        // No tree, so the project list is never asked for.
        await page.waitForTimeout(300);
        expect(projectLists).toEqual([]);
      }
    });
  }

  test('a user without any permission sees only the Dashboard and Help links and Logout', async ({
    page,
    createUser,
  }) => {
    const user = await createUser();
    await signIn(page, user);
    await expect(page.getByRole('heading', { name: 'Welcome to Dashboard' })).toBeVisible();
    // Help (the glossary) is for everyone; nothing else without a permission.
    await expect(mainNav(page).getByRole('link')).toHaveCount(2);
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Help' })).toBeVisible();
    await expect(adminPill(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test("permissions are the union of the user's roles", async ({ page, adminApi, createUser }) => {
    const roleA = await createRole(adminApi, ['add_project'], unique('union-a'));
    const roleB = await createRole(adminApi, ['home_project', 'manage_admin_panel'], unique('union-b'));
    const user = await createUser({ prefix: 'union', maxUserLimit: 1, roleIds: [roleA.id, roleB.id] });
    await signIn(page, user);
    await expect(mainNav(page).getByRole('link', { name: 'Add Project' })).toBeVisible();
    await expect(mainNav(page).getByRole('heading', { name: 'Projects' })).toBeVisible();
    await expect(adminPill(page)).toBeVisible();
  });

  test("'Loading projects…' while the list loads, then 'No projects' when it is empty", async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: ['home_project'] });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/projects/list', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, user);
    await expect(mainNav(page).getByText('Loading projects…')).toBeVisible();
    release();
    await expect(mainNav(page).getByText('No projects')).toBeVisible();
    await expect(mainNav(page).getByText('Loading projects…')).toHaveCount(0);
  });
});

test.describe('logout', () => {
  test('calls the server, clears the client and returns to sign-in', async ({ page, createUser }) => {
    const user = await createUser({ permissions: ['home_project'] });
    await signIn(page, user);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    const logoutCall = page.waitForRequest(
      (r) => r.url().endsWith('/api/auth/logout') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    const call = await logoutCall;
    expect(call.headers().authorization).toMatch(/^Bearer /);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    const stored = await page.evaluate(() =>
      ['token', 'userId', 'tokenTime'].map((k) => localStorage.getItem(k)),
    );
    expect(stored).toEqual([null, null, null]);
  });

  test('a failing logout call is only logged, and the client is cleared anyway', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: ['home_project'] });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await signIn(page, user);
    await page.route('**/api/auth/logout', (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(errors).toContain('Server logout failed, clearing client anyway');
    // Nothing of it reaches the screen.
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('admin area frame', () => {
  const ADMIN_LINKS: Array<[PermissionName, string, string]> = [
    ['view_admin_home', 'User Management', '/admin'],
    ['manage_sub_users_home', 'Sub-User Management', '/sub-user-list'],
    ['manage_permissions_home', 'Permission Management', '/admin-permissions'],
    ['manage_roles_home', 'Role Management', '/admin-roles'],
  ];

  test('the administrator sees all five links, each opening its screen', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin-dashboard');
    const nav = adminNav(page);
    // The five management links, plus the Permission Inspector (view_admin_home) and the Audit Log
    // (view_audit_log).
    await expect(nav.getByRole('link')).toHaveCount(7);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin-dashboard');
    for (const [, name, href] of ADMIN_LINKS) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await nav.getByRole('link', { name: 'Role Management' }).click();
    await expect(page).toHaveURL(/\/admin-roles$/);
    // The main sidebar (and its project tree) is not part of the admin frame.
    await expect(mainNav(page)).toHaveCount(0);
  });

  for (const [permission, name, href] of ADMIN_LINKS) {
    test(`the ${name} link needs ${permission}`, async ({ page, createUser }) => {
      const user = await createUser({ permissions: ['manage_admin_panel', permission] });
      await signIn(page, user);
      await adminPill(page).click();
      await expect(page).toHaveURL(/\/admin-dashboard$/);
      const nav = adminNav(page);
      await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      // view_admin_home also shows the Permission Inspector link.
      await expect(nav.getByRole('link')).toHaveCount(permission === 'view_admin_home' ? 3 : 2);
    });
  }

  test('/admin-dashboard is always in the admin sidebar; Back returns to /dashboard', async ({
    page,
    createUser,
  }) => {
    const user = await createUser();
    await signIn(page, user);
    await page.goto('/admin-dashboard');
    await expect(adminNav(page).getByRole('link')).toHaveCount(1);
    await expect(adminNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/admin-dashboard',
    );
    await page.getByRole('banner').getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Dashboard' })).toBeVisible();
  });

  test('below 992px the admin sidebar is toggled by the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 800 });
    await signIn(page);
    await page.goto('/admin-dashboard');
    const sidebar = page.locator('.shell-sidebar');
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(sidebar).toBeVisible();
    await expect(adminNav(page).getByRole('link', { name: 'User Management', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(sidebar).toBeHidden();
  });
});

test.describe('sidebar width rule', () => {
  test('above 992px the sidebar always shows and there is no menu toggle', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    await expect(page.locator('.shell-sidebar')).toBeVisible();
    await expect(page.locator('.shell-sidebar')).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeHidden();
    await page.setViewportSize({ width: 993, height: 800 });
    await expect(page.locator('.shell-sidebar')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeHidden();
  });

  test('at 992px and below the menu toggle opens and closes the sidebar', async ({ page }) => {
    await page.setViewportSize({ width: 992, height: 800 });
    await signIn(page);
    const sidebar = page.locator('.shell-sidebar');
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    await expect(toggle).toBeVisible();
    await expect(sidebar).toBeHidden();

    await page.setViewportSize({ width: 600, height: 800 });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(sidebar).toBeVisible();
    await expect(sidebar).toBeInViewport();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(sidebar).toBeHidden();

    // Following a link closes it; so does Escape.
    await toggle.click();
    await mainNav(page).getByRole('link', { name: 'Add Project' }).click();
    await expect(page).toHaveURL(/\/projects-create$/);
    await expect(sidebar).toBeHidden();
    await toggle.click();
    await expect(sidebar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();

    // Widening the window shows it for good.
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect(sidebar).toBeVisible();
    await expect(toggle).toBeHidden();
  });
});

test.describe('last route and unknown paths', () => {
  test('every visited path but / is saved as lastRoute and restored on opening /', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: ['home_project', 'add_project'] });
    const api = await user.api();
    const project = await createProject(api);
    await signIn(page, user);
    const lastRoute = () => page.evaluate(() => localStorage.getItem('lastRoute'));
    await page.goto(`/projects/${project.id}`);
    await expect.poll(lastRoute).toBe(`/projects/${project.id}`);
    await page.goto('/projects-create');
    await expect.poll(lastRoute).toBe('/projects-create');

    // With a valid session, '/' goes on to the last route and is itself never saved.
    await page.goto('/');
    await expect(page).toHaveURL(/\/projects-create$/);
    expect(await lastRoute()).toBe('/projects-create');
  });

  test('after the session expires, signing in again resumes at the last route', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: ['home_project'] });
    await signIn(page, user);
    await page.goto('/admin-dashboard');
    await page.evaluate(() => localStorage.setItem('tokenTime', String(Date.now() - 86_400_001)));
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await page.getByPlaceholder('Enter your email').fill(user.email);
    await page.getByPlaceholder('Enter your password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard$/);
  });

  test('an unknown path shows a not-found screen inside the shell with a way back', async ({ page }) => {
    await signIn(page);
    await page.goto('/no/such/screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Dashboard' })).toBeVisible();
  });
});
