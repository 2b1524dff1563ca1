import type { ConfigurationGroupList, PermissionName } from '@verdict/contract';
import { checkScreenAt, DESKTOP, expectNoSidewaysScroll, NARROW_PHONE, PHONE } from '../axe';
import { createProject, expect, signInAt, TREE_USER, test, unique } from '../fixtures';
import { openProjectMenu, toast } from '../page-helpers';

/**
 * docs/product/milestones.md, "The configurations screen": a lead makes a configuration group of
 * two browsers in the browser and renames one of them; axe-core at desktop and phone widths.
 */

const LEAD: readonly PermissionName[] = [...TREE_USER, 'edit_project'];

test.describe('Configurations', () => {
  test('a lead makes a group of two browsers and renames one', async ({ page, createUser }) => {
    test.setTimeout(120_000);
    const lead = await createUser({ permissions: LEAD, prefix: 'configurations' });
    const api = await lead.api();
    const project = await createProject(api, unique('Shop C'));
    const groupsOf = () =>
      api.call<ConfigurationGroupList>('GET', `/api/projects/${project.id}/configuration-groups`);

    await signInAt(page, `/projects/${project.id}`, lead);
    await openProjectMenu(page, 'Settings');
    await page.getByRole('link', { name: 'Configurations', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Configurations' })).toBeVisible();
    await expect(page.getByText('No configuration groups yet.')).toBeVisible();

    // A group of two browsers: Enter adds each one as a chip.
    await page.getByRole('button', { name: 'New Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Configuration Group' });
    await dialog.getByLabel('Name').fill('Browser');
    const box = dialog.getByLabel('Configurations', { exact: true });
    for (const name of ['Chrome', 'Firefox']) {
      await box.fill(name);
      await box.press('Enter');
    }
    await expect(dialog.getByRole('button', { name: 'Remove Firefox' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await expect(toast(page, 'Configuration group created')).toBeVisible();
    await expect(dialog).toBeHidden();
    const chips = page.getByRole('list', { name: 'Configurations of Browser' });
    await expect(chips.getByRole('listitem')).toHaveText(['Chrome', 'Firefox']);
    const [created] = (await groupsOf()).groups;
    const chrome = created!.configurations.find((c) => c.name === 'Chrome')!;

    // Firefox becomes Firefox ESR; Chrome, kept, keeps its id.
    await page.getByRole('button', { name: 'Edit Browser' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Configuration Group' });
    await edit.getByRole('button', { name: 'Remove Firefox' }).click();
    await edit.getByLabel('Configurations', { exact: true }).fill('Firefox ESR');
    await edit.getByLabel('Configurations', { exact: true }).press('Enter');
    await edit.getByRole('button', { name: 'Save Group' }).click();
    await expect(toast(page, 'Configuration group saved')).toBeVisible();
    await expect(chips.getByRole('listitem')).toHaveText(['Chrome', 'Firefox ESR']);
    const [saved] = (await groupsOf()).groups;
    expect(saved!.configurations.find((c) => c.name === 'Chrome')?.id).toBe(chrome.id);

    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(`/projects/${project.id}/configurations`);
      await expect(chips.getByRole('listitem')).toHaveCount(2);
      await checkScreenAt(page, 'configurations', size.width);
      await page.getByRole('button', { name: 'Edit Browser' }).click();
      await expect(edit).toBeVisible();
      await checkScreenAt(page, 'edit configuration group', size.width);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Delete Browser' }).click();
      await expect(page.getByRole('dialog')).toContainText('Its 2 configurations are deleted with it;');
      await checkScreenAt(page, 'delete configuration group', size.width);
      await page.getByRole('button', { name: 'No, Cancel' }).click();
    }
    // Usable on the narrowest phone: nothing scrolls sideways.
    await page.setViewportSize(NARROW_PHONE);
    await page.goto(`/projects/${project.id}/configurations`);
    await expect(chips.getByRole('listitem')).toHaveCount(2);
    await expectNoSidewaysScroll(page, 'configurations at 320');
  });
});
