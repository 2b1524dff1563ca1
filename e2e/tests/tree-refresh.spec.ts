import type { PermissionName } from '@verdict/contract';
import { expect, signIn, TREE_USER, test, unique } from '../fixtures';
import { clickArrow, node, tree } from '../page-helpers';

/**
 * The tree shows creations, renames and deletions made on other screens at once, without a
 * reload: those screens refresh the tree's lists after a successful change.
 */

const EDITOR: PermissionName[] = [...TREE_USER, 'edit_project', 'delete_project'];

test('a project created, given a suite, renamed and deleted in the app shows in the tree at once', async ({
  page,
  createUser,
}) => {
  const user = await createUser({ permissions: EDITOR, prefix: 'fresh' });
  await signIn(page, user);
  const main = page.getByRole('main');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('No projects')).toBeVisible();

  // Create: from the sidebar's 'Add Project' (no page load from here on).
  const name = unique('Fresh P');
  await page.getByRole('link', { name: 'Add Project' }).click();
  await main.getByLabel('Project Name').fill(name);
  await main.getByLabel('Description').fill('made in the app');
  await main.getByRole('button', { name: 'Create Project' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(node(page, name)).toBeVisible();

  // A suite added on the project's screen appears under the open project.
  await node(page, name).getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  await clickArrow(page, name);
  await expect(tree(page).getByText('No items')).toBeVisible();
  const suiteName = unique('Fresh S');
  await main.getByRole('link', { name: 'Add Test Suite' }).click();
  await main.getByLabel('Suite Name').fill(suiteName);
  await main.getByRole('button', { name: 'Add Test Suite' }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  await expect(node(page, suiteName)).toBeVisible();
  await expect(tree(page).getByText('No items')).toHaveCount(0);

  // Rename.
  const renamed = `${name} renamed`;
  await main.getByRole('link', { name: 'Edit' }).first().click();
  await main.getByLabel('Project Name').fill(renamed);
  await main.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  await expect(node(page, renamed)).toBeVisible();
  await expect(node(page, name)).toHaveCount(0);
  await expect(node(page, suiteName)).toBeVisible();

  // Delete.
  await main.getByRole('button', { name: 'Delete' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(node(page, renamed)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('No projects')).toBeVisible();
});
