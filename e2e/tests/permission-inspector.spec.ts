import type { Page } from '@playwright/test';
import {
  type Api,
  addMember,
  type CreateUser,
  createProject,
  createRole,
  expect,
  signIn,
  signInAt,
  test,
  unique,
} from '../fixtures';
import { errorBox, pick } from '../page-helpers';

/**
 * README 'Permission inspector': /admin-inspector?user=&project= lists every permission with
 * whether the user holds it, the roles it comes from and why, read from
 * GET /api/users/{id}/effective-permissions.
 */

const table = (page: Page) => page.getByRole('table', { name: 'Permissions' });

/** The cells (Permission, Granted, From, Why) of one permission, found with the table's filter. */
async function why(page: Page, permission: string) {
  await page.getByRole('searchbox', { name: 'Filter permissions...' }).fill(permission);
  const row = table(page)
    .getByRole('row')
    .filter({ has: page.locator('code', { hasText: new RegExp(`^${permission}$`) }) });
  await expect(row).toHaveCount(1);
  return row.getByRole('cell');
}

/** A user with global role G (home_project, add_project) and role R (edit_project, home_project) in P. */
async function makeWorld(adminApi: Api, createUser: CreateUser) {
  const global = await createRole(adminApi, ['home_project', 'add_project'], unique('Global'));
  const inProject = await createRole(adminApi, ['edit_project', 'home_project'], unique('InProject'));
  const bob = await createUser({ name: unique('bob'), roleIds: [global.id] });
  const project = await createProject(adminApi, unique('Inspected'));
  await addMember(adminApi, project.id, bob.id, inProject.id);
  return { global, inProject, bob, project };
}

test.describe('permission inspector', () => {
  test('shows a user’s permissions with their sources and says why, globally and in a project', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const { global, inProject, bob, project } = await makeWorld(adminApi, createUser);
    const name = bob.username;
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/effective-permissions')) requests.push(`${url.pathname}${url.search}`);
    });

    await signIn(page);
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('link', { name: 'Permission Inspector' }).click();
    await expect(page).toHaveURL(/\/admin-inspector$/);
    await expect(page.getByRole('heading', { name: 'Permission Inspector' })).toBeVisible();

    // Global permissions of bob.
    await pick(page, 'User', name);
    await expect(page).toHaveURL(new RegExp(`/admin-inspector\\?user=${bob.id}$`));
    const summary = page.locator('.inspector-summary');
    await expect(summary).toContainText(
      new RegExp(`^${name}: holds 2 of \\d+ permissions\\. Global roles: ${global.name}\\.`),
    );
    await expect(summary).toContainText(
      `Global permissions of ${name}: those of their global roles. Pick a project to add the role they hold there.`,
    );
    expect(requests).toContain(`/api/users/${bob.id}/effective-permissions`);

    await expect(await why(page, 'home_project')).toHaveText([
      /^home_project/,
      'Yes',
      `${global.name} (global)`,
      `Granted by the global role ${global.name}.`,
    ]);
    await expect(await why(page, 'edit_project')).toHaveText([
      /^edit_project/,
      'No',
      '-',
      `Not granted: none of ${name}'s global roles (${global.name}) carries it.`,
    ]);

    // 'Granted only' leaves exactly the two permissions of the global role.
    await page.getByRole('searchbox', { name: 'Filter permissions...' }).fill('');
    await page.getByRole('checkbox', { name: 'Granted only' }).check();
    await expect(table(page).locator('tbody code')).toHaveText(['add_project', 'home_project']);
    await page.getByRole('checkbox', { name: 'Granted only' }).uncheck();

    // Inside the project: the global role plus the role bob holds there.
    await pick(page, 'Project (optional)', project.name);
    await expect(page).toHaveURL(new RegExp(`/admin-inspector\\?user=${bob.id}&project=${project.id}$`));
    await expect(summary).toContainText(
      new RegExp(`^${name} in ${project.name}: holds 3 of \\d+ permissions`),
    );
    await expect(summary).toContainText(
      `${name} sees ${project.name} as a member (role ${inProject.name}). Inside it they hold their global permissions plus those of their role there.`,
    );
    expect(requests).toContain(`/api/users/${bob.id}/effective-permissions?projectId=${project.id}`);

    await expect(await why(page, 'edit_project')).toHaveText([
      /^edit_project/,
      'Yes',
      `${inProject.name} (project)`,
      `Granted by their role ${inProject.name} in ${project.name}.`,
    ]);
    await expect(await why(page, 'home_project')).toHaveText([
      /^home_project/,
      'Yes',
      `${global.name} (global), ${inProject.name} (project)`,
      `Granted by the global role ${global.name}, and by their role ${inProject.name} in ${project.name}.`,
    ]);
    await expect(await why(page, 'delete_project')).toHaveText([
      /^delete_project/,
      'No',
      '-',
      `Not granted: none of ${name}'s global roles (${global.name}) carries it, nor their role ${inProject.name} in ${project.name}.`,
    ]);

    // The choice lives in the address: a reload shows the same answer.
    await page.reload();
    await expect(summary).toContainText(new RegExp(`^${name} in ${project.name}: holds 3 of`));
  });

  test('a project the user cannot see grants nothing there, and says so', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const { global, bob } = await makeWorld(adminApi, createUser);
    const hidden = await createProject(adminApi, unique('Hidden'));
    const name = bob.username;
    await signInAt(page, `/admin-inspector?user=${bob.id}&project=${hidden.id}`);

    await expect(page.locator('.inspector-summary')).toContainText(
      `${name} cannot see ${hidden.name}: not a member, not its creator, and without view_all_projects.`,
    );
    await expect(page.locator('.inspector-summary')).toContainText(
      new RegExp(`^${name} in ${hidden.name}: holds 0 of`),
    );
    await expect(await why(page, 'home_project')).toHaveText([
      /^home_project/,
      'No',
      `${global.name} (global)`,
      `Not granted in ${hidden.name}: ${name} cannot see this project (the global role ${global.name} carries it).`,
    ]);
  });

  test('without view_admin_home the screen is not offered and other users cannot be inspected', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const { bob } = await makeWorld(adminApi, createUser);
    // The admin area, but not the user list.
    const panelOnly = await createRole(adminApi, ['manage_admin_panel', 'home_project']);
    const carol = await createUser({ name: unique('carol'), roleIds: [panelOnly.id] });
    await signIn(page, carol);

    await page.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Permission Inspector' })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: 'User Management' })).toHaveCount(0);

    // Typed into the address: someone else's permissions are refused by the server.
    await page.goto(`/admin-inspector?user=${bob.id}`);
    await expect(page.getByRole('heading', { name: 'Permission Inspector' })).toBeVisible();
    await expect(errorBox(page, '⚠️ You do not have the permission "view_admin_home"')).toBeVisible();
    await expect(page.getByText('You can inspect your own permissions only.')).toBeVisible();
    await expect(table(page)).toHaveCount(0);
    await expect(page.getByText(bob.username)).toHaveCount(0);

    // Oneself is always allowed, and the picker offers nobody else.
    await page.goto('/admin-inspector');
    await expect(page.locator('.inspector-summary')).toContainText(
      new RegExp(`^${carol.username}: holds 2 of \\d+ permissions\\. Global roles: ${panelOnly.name}\\.`),
    );
    await page.getByRole('combobox', { name: 'User' }).click();
    await expect(page.getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('option')).toContainText(carol.username);
  });
});
