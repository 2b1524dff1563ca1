import type { Page } from '@playwright/test';
import type { ProjectMutation } from '@verdict/contract';
import { createRole, expect, signIn, signInAt, test, unique } from '../fixtures';

/**
 * The Audit Log admin screen (issue 10): changes made anywhere show up there, newest first; its
 * search, filters and 'Load more' work; without view_audit_log there is no link and no log.
 * Other test files write entries at the same time, so every check narrows to its own data.
 */

const auditTable = (page: Page) => page.getByRole('table', { name: 'Audit log' });
/** The entry rows (expanded change rows are the ones without a time). */
const entryRows = (page: Page) => auditTable(page).locator(':scope > tbody > tr:not(.audit-changes-row)');
const rowWithSummary = (page: Page, summary: string) =>
  entryRows(page).filter({ has: page.getByText(summary, { exact: true }) });

async function openAuditLog(page: Page) {
  await page.goto('/admin-dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin-audit-log$/);
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

test.describe('Audit Log', () => {
  test('a project created and renamed in the app shows up with its changes', async ({ page }) => {
    const name = unique('Audited project');
    await signInAt(page, '/projects-create');
    await page.getByLabel('Project Name').fill(name);
    await page.getByLabel('Description').fill('Made for the audit log');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await openAuditLog(page);
    await search(page, name);
    const created = rowWithSummary(page, `Created project "${name}"`);
    await expect(created).toBeVisible();
    await expect(created.getByRole('cell')).toHaveText([
      /\d/,
      /^admin/,
      'Created',
      /^Project #\d+$/,
      `Created project "${name}"Show changes (2)`,
    ]);
    await created.getByRole('button', { name: 'Show changes (2)' }).click();
    const changes = page.getByRole('table', { name: /^Changes of entry \d+$/ });
    await expect(changes.getByRole('row', { name: /^name/ }).getByRole('cell')).toHaveText(['—', name]);
    await expect(changes.getByRole('row', { name: /^description/ }).getByRole('cell')).toHaveText([
      '—',
      'Made for the audit log',
    ]);
    await created.getByRole('button', { name: 'Hide changes' }).click();
    await expect(changes).toHaveCount(0);

    // Rename it in the app; the edit is recorded with the name before and after.
    const projectId = (await created.getByRole('cell').nth(3).textContent())!.replace(/\D/g, '');
    await page.goto(`/edit-project/${projectId}`);
    await page.getByLabel('Project Name').fill(`${name} renamed`);
    await page.getByRole('button', { name: /Update Project|Save/ }).click();
    await expect(page).not.toHaveURL(/\/edit-project\//);
    await openAuditLog(page);
    await search(page, name);
    const renamed = rowWithSummary(page, `Updated project "${name} renamed": name`);
    await expect(renamed).toBeVisible();
    // Newest first: the edit above the creation.
    await expect(entryRows(page).first()).toContainText('Updated project');
    await renamed.getByRole('button', { name: 'Show changes (1)' }).click();
    await expect(
      page
        .getByRole('table', { name: /^Changes of entry/ })
        .getByRole('row', { name: /^name/ })
        .getByRole('cell'),
    ).toHaveText([name, `${name} renamed`]);
  });

  test('search, user, entity, action and date filters narrow the list, kept in the address', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const role = await createRole(adminApi, ['add_project', 'add_test_suit_in_project']);
    const maker = await createUser({ roleIds: [role.id] });
    const asMaker = await maker.api();
    const marker = unique('Filtered');
    const first = await asMaker.call<ProjectMutation>('POST', '/api/projects/create', {
      name: `${marker} alpha`,
    });
    await asMaker.call('POST', '/api/projects/create', { name: `${marker} beta` });
    await asMaker.call('POST', '/api/testsuites/create', {
      project_id: first.project.id,
      name: `${marker} suite`,
    });

    await signIn(page);
    await openAuditLog(page);
    await search(page, marker);
    await expect(entryRows(page)).toHaveCount(3);
    await expect(entryRows(page).nth(0)).toContainText(`Created suite "${marker} suite"`);
    await expect(entryRows(page).nth(2)).toContainText(`Created project "${marker} alpha"`);

    await page.getByRole('combobox', { name: 'Entity' }).selectOption({ label: 'Test suite' });
    await expect(entryRows(page)).toHaveCount(1);
    await expect(entryRows(page).first()).toContainText(maker.username);
    await expect(page).toHaveURL(/entity=suite/);
    await page.getByRole('combobox', { name: 'Entity' }).selectOption({ label: 'All entities' });
    await expect(entryRows(page)).toHaveCount(3);

    // The user filter: everything the maker did, their sign-in included.
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    const userPicker = page.getByRole('combobox', { name: 'User' });
    await userPicker.fill(maker.username);
    await page.getByRole('option', { name: new RegExp(maker.username) }).click();
    await expect(page).toHaveURL(new RegExp(`user=${maker.id}`));
    await expect(entryRows(page)).toHaveCount(4);
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Signed in' });
    await expect(entryRows(page)).toHaveCount(1);
    await expect(entryRows(page).first()).toContainText(`Signed in as ${maker.email}`);

    // The filters live in the address, so a reload keeps them.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Action' })).toHaveValue('sign_in');
    await expect(entryRows(page)).toHaveCount(1);

    // Dates: from tomorrow nothing; today everything again.
    const day = (offset: number) => {
      const d = new Date(Date.now() + offset * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    await page.getByLabel('From', { exact: true }).fill(day(1));
    await expect(page.getByText('No audit entries match these filters')).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill(day(0));
    await page.getByLabel('To', { exact: true }).fill(day(0));
    await expect(entryRows(page)).toHaveCount(1);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/admin-audit-log$/);
    await expect(page.getByRole('combobox', { name: 'Action' })).toHaveValue('');
  });

  test("'Load more' follows the cursor to older entries", async ({ page, adminApi, createUser }) => {
    const role = await createRole(adminApi, ['add_project']);
    const maker = await createUser({ roleIds: [role.id] });
    const asMaker = await maker.api();
    const marker = unique('Paged');
    for (let i = 1; i <= 55; i++) {
      await asMaker.call('POST', '/api/projects/create', { name: `${marker} ${String(i).padStart(2, '0')}` });
    }
    await signInAt(page, `/admin-audit-log?user=${maker.id}&entity=project`);
    await expect(entryRows(page)).toHaveCount(50);
    await expect(entryRows(page).first()).toContainText(`${marker} 55`);
    await expect(page.getByText('Showing 50 entries', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(entryRows(page)).toHaveCount(55);
    await expect(entryRows(page).last()).toContainText(`${marker} 01`);
    await expect(page.getByText('Showing 55 entries (the end of the log)', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('without view_audit_log: no link, the refusal instead of the log, and the API answers 403', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const role = await createRole(adminApi, ['manage_admin_panel', 'view_admin_home']);
    const holder = await createUser({ roleIds: [role.id] });
    await signInAt(page, '/admin-dashboard', holder);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Permission Inspector' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
    await page.goto('/admin-audit-log');
    await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
    await expect(
      page
        .getByRole('alert')
        .getByText('You do not have the permission "view_audit_log" to see the audit log.'),
    ).toBeVisible();
    await expect(auditTable(page)).toHaveCount(0);
    const asHolder = await holder.api();
    expect(await asHolder.status('GET', '/api/audit-log')).toBe(403);
  });

  test('view_audit_log alone opens the log; without the user list the user filter takes an id', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const role = await createRole(adminApi, ['manage_admin_panel', 'view_audit_log']);
    const auditor = await createUser({ roleIds: [role.id] });
    await signIn(page, auditor);
    await openAuditLog(page);
    await page.getByLabel('User id').fill(String(auditor.id));
    await expect(entryRows(page).first()).toContainText(`Signed in as ${auditor.email}`);
    await expect(entryRows(page)).toHaveCount(1);
  });
});
