import type { CaseFieldList, PermissionName } from '@verdict/contract';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from '../axe';
import { Api, createProject, expect, signInAt, TREE_USER, test, unique } from '../fixtures';
import { openProjectMenu, toast } from '../page-helpers';

/**
 * docs/product/rich-cases-screens.md, "Custom Case Fields": a project's fields defined, changed,
 * reordered and deleted on the screen; refused to those without manage_case_fields.
 */

const MANAGER: readonly PermissionName[] = [...TREE_USER, 'manage_case_fields'];

test.describe('custom case fields', () => {
  test('a manager adds, edits, reorders and deletes fields', async ({ page, createUser }) => {
    const manager = await createUser({ permissions: MANAGER, prefix: 'fields' });
    const api = await manager.api();
    const project = await createProject(api, unique('Fields P'));
    await signInAt(page, `/projects/${project.id}`, manager);
    await openProjectMenu(page, 'Settings');
    await page.getByRole('link', { name: 'Case Fields' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/case-fields$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Custom Case Fields' })).toBeVisible();
    await expect(page.getByText('No custom fields yet.', { exact: false })).toBeVisible();

    // A name is required; a select needs options (the server's message shows at the field).
    await page.getByRole('button', { name: 'Add Field' }).click();
    await expect(page.getByText('Field name is required')).toBeVisible();
    await page.getByLabel('Field name').fill('Browser');
    await page.getByLabel('Type').selectOption('select');
    await page.getByRole('button', { name: 'Add Field' }).click();
    await expect(page.getByText('A select or multiselect field needs at least one option')).toBeVisible();
    await page.getByLabel('Options').fill('Chrome\nFirefox\nSafari');
    await page.getByLabel('Default value').selectOption('Firefox');
    await page.getByLabel('Required: every case must have a value').check();
    await page.getByRole('button', { name: 'Add Field' }).click();
    await expect(toast(page, 'Custom field "Browser" added')).toBeVisible();

    await page.getByLabel('Field name').fill('Estimate');
    await page.getByLabel('Type').selectOption('number');
    await page.getByLabel('Default value').fill('3');
    await page.getByRole('button', { name: 'Add Field' }).click();
    await expect(toast(page, 'Custom field "Estimate" added')).toBeVisible();

    const list = page.getByRole('list', { name: 'Custom fields, in form order' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText('Browser');
    await expect(list.getByRole('listitem').first()).toContainText('Required');
    await expect(list.getByRole('listitem').first()).toContainText('Default: Firefox');

    // Reorder with the buttons: Estimate goes first, as the server keeps it.
    await page.getByRole('button', { name: 'Move Estimate up' }).click();
    await expect(list.getByRole('listitem').first()).toContainText('Estimate');
    const stored = await api.call<CaseFieldList>('GET', `/api/projects/${project.id}/case-fields`);
    expect([...stored.fields].sort((a, b) => a.position - b.position).map((f) => f.name)).toEqual([
      'Estimate',
      'Browser',
    ]);

    // Edit: the type is kept; the name and required change.
    await page.getByRole('button', { name: 'Edit Browser' }).click();
    const editing = list.getByRole('listitem').nth(1);
    await expect(editing.getByLabel('Type')).toBeDisabled();
    await editing.getByLabel('Field name').fill('Browsers');
    await editing.getByLabel('Required: every case must have a value').uncheck();
    await editing.getByRole('button', { name: 'Save Field' }).click();
    await expect(toast(page, 'Custom field "Browsers" saved')).toBeVisible();
    await expect(list.getByRole('listitem').nth(1)).not.toContainText('Required');

    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `case fields at ${viewport.width}px`);
      await expectNoSidewaysScroll(page, `case fields at ${viewport.width}px`);
    }
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Delete Estimate' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Its values leave every case of the project');
    await dialog.getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(toast(page, 'Custom field "Estimate" deleted')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
  });

  test('without manage_case_fields the fields are shown, not changed', async ({ page, createUser }) => {
    const reader = await createUser({ permissions: TREE_USER, prefix: 'fields-reader' });
    const project = await createProject(await reader.api(), unique('Fields R'));
    const admin = await Api.login();
    await admin.call('POST', `/api/projects/${project.id}/case-fields`, { name: 'Component', type: 'text' });
    await signInAt(page, `/projects/${project.id}`, reader);
    await expect(page.getByRole('heading', { level: 1, name: 'Project Details' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Case Fields' })).toHaveCount(0);
    await page.goto(`/projects/${project.id}/case-fields`);
    await expect(page.getByText('Component')).toBeVisible();
    await expect(
      page.getByText("You need the manage_case_fields permission to change this project's fields."),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Field' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit Component' })).toHaveCount(0);
  });
});
