import { ALL_PROJECT_PERMISSIONS, expect, signIn, test, unique } from '../fixtures';

/**
 * The sidebar tree shows what the project, suite and case screens create, rename and delete at
 * once, without a reload. The user only sees their own projects, so the tree stays short.
 */
test('the project tree follows creations, renames and deletions without a reload', async ({
  page,
  createUser,
}) => {
  const user = await createUser({ permissions: ['add_project', ...ALL_PROJECT_PERMISSIONS], prefix: 'tree' });
  await signIn(page, user);
  const tree = page.getByRole('navigation', { name: 'Main' });
  const node = (name: string) => tree.getByRole('treeitem').filter({ hasText: name });
  await expect(tree.getByText('No projects')).toBeVisible();
  // Every step below must show without a page load.
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });

  // Create.
  const projectName = unique('tree-project');
  await page.getByRole('link', { name: 'Add Project' }).click();
  await page.getByLabel('Project Name').fill(projectName);
  await page.getByLabel('Description').fill('In the tree');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(node(projectName)).toBeVisible();

  // Rename.
  await node(projectName).getByRole('link').click();
  await page.getByRole('table', { name: 'Project', exact: true }).getByRole('link', { name: 'Edit' }).click();
  const renamed = unique('tree-renamed');
  await page.getByLabel('Project Name').fill(renamed);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(node(renamed)).toBeVisible();
  await expect(node(projectName)).toHaveCount(0);

  // A suite and a case appear under the expanded project.
  await node(renamed).getByTestId('tree-arrow').click();
  await expect(tree.getByText('No items')).toBeVisible();
  const suiteName = unique('tree-suite');
  await page.getByRole('link', { name: 'Add Test Suite' }).click();
  await page.getByLabel('Suite Name').fill(suiteName);
  await page.getByRole('button', { name: 'Add Test Suite' }).click();
  await expect(node(suiteName)).toBeVisible();
  const caseName = unique('tree-case');
  await page.getByRole('link', { name: 'Add Test Case' }).click();
  await page.getByLabel('Case Name').fill(caseName);
  await page.getByRole('button', { name: 'Add Test Case' }).click();
  await expect(node(caseName)).toBeVisible();

  // A renamed case, then a deleted suite, disappear from the tree.
  await node(caseName).getByRole('link').click();
  await page.getByRole('table', { name: 'Test Case' }).getByRole('link', { name: 'Edit' }).click();
  const caseRenamed = unique('tree-case-renamed');
  await page.getByLabel('Case Name').fill(caseRenamed);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(node(caseRenamed)).toBeVisible();

  await node(suiteName).getByRole('link').click();
  await page.getByRole('table', { name: 'Suite' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(node(suiteName)).toHaveCount(0);

  // The project goes too.
  await node(renamed).getByRole('link').click();
  await page
    .getByRole('table', { name: 'Project', exact: true })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(tree.getByText('No projects')).toBeVisible();
  expect(loads).toBe(0);
});
