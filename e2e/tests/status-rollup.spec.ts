import type { Page } from '@playwright/test';
import {
  createCase,
  createProject,
  createRun,
  createSuite,
  expect,
  signIn,
  type TestUser,
  TREE_USER,
  test,
  unique,
} from '../fixtures';
import { clickArrow, node } from '../page-helpers';

/**
 * README 'Status roll-up': the tree and the case page mark each case with its latest run and,
 * for a case with children, the roll-up of its subtree. The mark's words ('Latest: passed,
 * subtree: failed') are its tooltip and, in the tree, the row's accessible description.
 */

/**
 * P / suite S: case A (passed) > A1 (never ran) > A2 (never ran); case B (never ran);
 * case C (passed) > C1 (failed).
 */
async function makeProject(user: TestUser) {
  const api = await user.api();
  const project = await createProject(api, unique('Rollup P'));
  const suite = await createSuite(api, project.id, unique('Suite S'));
  const a = await createCase(api, { suite: suite.id }, unique('Case A'));
  const a1 = await createCase(api, { parent: a.id }, unique('Case A1'));
  const a2 = await createCase(api, { parent: a1.id }, unique('Case A2'));
  const b = await createCase(api, { suite: suite.id }, unique('Case B'));
  const c = await createCase(api, { suite: suite.id }, unique('Case C'));
  const c1 = await createCase(api, { parent: c.id }, unique('Case C1'));
  await createRun(api, a.id, 'passed');
  await createRun(api, c.id, 'passed');
  await createRun(api, c1.id, 'failed');
  return { project, suite, a, a1, a2, b, c, c1 };
}

/** The tree row's mark: its words are the row's description and the dot's tooltip. */
async function expectTreeMark(page: Page, name: string, words: string) {
  const row = node(page, name);
  await expect(row).toHaveAccessibleDescription(words);
  await expect(row.locator('.status-mark')).toHaveAttribute('title', words);
  // The row's name stays the case's name.
  await expect(row).toHaveAccessibleName(name);
}

/** The case page shows the words next to the dot. */
async function expectPageMark(page: Page, words: string) {
  const mark = page.locator('.status-mark-line');
  await expect(mark).toHaveText(words);
  await expect(mark).toHaveAttribute('title', words);
}

async function openInTree(page: Page, ...names: string[]) {
  for (const name of names) {
    if ((await node(page, name).getAttribute('aria-expanded')) !== 'true') await clickArrow(page, name);
  }
}

test.describe('status roll-up marks', () => {
  test('the tree and the case page show none, passed and failed, and a failure rolls up', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'rollup' });
    const { project, suite, a, a1, a2, b, c, c1 } = await makeProject(user);
    await signIn(page, user);
    await openInTree(page, project.name, suite.name, a.name, a1.name, c.name);

    await expectTreeMark(page, a.name, 'Latest: passed, subtree: passed');
    await expectTreeMark(page, a1.name, 'Latest: none, subtree: none');
    await expectTreeMark(page, a2.name, 'Latest: none');
    await expectTreeMark(page, b.name, 'Latest: none');
    await expectTreeMark(page, c.name, 'Latest: passed, subtree: failed');
    await expectTreeMark(page, c1.name, 'Latest: failed');
    // Projects and suites carry no mark.
    await expect(node(page, project.name).locator('.status-mark')).toHaveCount(0);
    await expect(node(page, suite.name).locator('.status-mark')).toHaveCount(0);

    for (const [testCase, words] of [
      [a, 'Latest: passed, subtree: passed'],
      [a2, 'Latest: none'],
      [b, 'Latest: none'],
      [c, 'Latest: passed, subtree: failed'],
      [c1, 'Latest: failed'],
    ] as const) {
      await page.goto(`/cases/${testCase.id}`);
      await expect(page.getByRole('cell', { name: testCase.name, exact: true })).toBeVisible();
      await expectPageMark(page, words);
    }
  });

  test('a run added in the UI updates the marks of the case and its ancestors', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: [...TREE_USER, 'home_test_run'], prefix: 'rollup' });
    const { project, suite, a, a1, a2, b } = await makeProject(user);
    await signIn(page, user);
    await openInTree(page, project.name, suite.name, a.name, a1.name);
    await expectTreeMark(page, a.name, 'Latest: passed, subtree: passed');

    // A failed run on the grandchild A2, added through its page.
    await node(page, a2.name).getByRole('link', { name: a2.name }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${a2.id}$`));
    await expectPageMark(page, 'Latest: none');
    await page.getByRole('link', { name: 'Add Test Run' }).click();
    await page.getByLabel('Status').selectOption('failed');
    await page.getByRole('button', { name: 'Create Test Run' }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${a2.id}$`));
    await expectPageMark(page, 'Latest: failed');

    // The tree follows without a reload: A2 failed, and both its ancestors' subtrees failed.
    await expectTreeMark(page, a2.name, 'Latest: failed');
    await expectTreeMark(page, a1.name, 'Latest: none, subtree: failed');
    await expectTreeMark(page, a.name, 'Latest: passed, subtree: failed');
    await expectTreeMark(page, b.name, 'Latest: none');

    await node(page, a.name).getByRole('link', { name: a.name }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${a.id}$`));
    await expectPageMark(page, 'Latest: passed, subtree: failed');

    // A passed run (the form's default) on B.
    await node(page, b.name).getByRole('link', { name: b.name }).click();
    await page.getByRole('link', { name: 'Add Test Run' }).click();
    await page.getByRole('button', { name: 'Create Test Run' }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${b.id}$`));
    await expectPageMark(page, 'Latest: passed');
    await expectTreeMark(page, b.name, 'Latest: passed');

    // Still true after a reload (the server's answer, not only the screen's).
    await page.reload();
    await expectPageMark(page, 'Latest: passed');
    await openInTree(page, project.name, suite.name, a.name, a1.name);
    await expectTreeMark(page, a.name, 'Latest: passed, subtree: failed');
    await expectTreeMark(page, a1.name, 'Latest: none, subtree: failed');
  });
});
