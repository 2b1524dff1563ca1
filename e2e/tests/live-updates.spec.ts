import { createCase, createProject, createSuite, expect, signIn, TREE_USER, test, unique } from '../fixtures';
import { clickArrow, node } from '../page-helpers';

/**
 * docs/product/cycles.md, "Live": what one person records reaches another person's open screens
 * within a second or so, without a reload (server-sent events, app/live-updates.ts).
 */

test('a run recorded in a second browser reaches the first one’s tree marks without a reload', async ({
  browser,
  page,
  createUser,
}) => {
  const user = await createUser({
    permissions: [...new Set([...TREE_USER, 'home_test_run', 'add_test_run_in_test_case'] as const)],
    prefix: 'live',
  });
  const api = await user.api();
  const project = await createProject(api, unique('Live P'));
  const suite = await createSuite(api, project.id, unique('Live S'));
  const testCase = await createCase(api, { suite: suite.id }, unique('Live case'));

  await signIn(page, user);
  await clickArrow(page, project.name);
  await clickArrow(page, suite.name);
  await expect(node(page, testCase.name)).toHaveAccessibleDescription('Latest: none');

  // Someone else, in a browser of their own, records a failed run through its form.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await signIn(second, user);
    await second.goto(`/testcases/${testCase.id}/add-testrun`);
    await second.getByLabel('Status').selectOption('failed');
    await second.getByRole('button', { name: 'Create Test Run' }).click();
    await expect(second).toHaveURL(new RegExp(`/cases/${testCase.id}$`));
  } finally {
    await other.close();
  }

  // The first browser did nothing, yet its tree shows the new result.
  await expect(node(page, testCase.name)).toHaveAccessibleDescription('Latest: failed', { timeout: 5000 });
});
