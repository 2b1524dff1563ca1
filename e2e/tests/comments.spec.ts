import type { CommentList, PermissionName } from '@verdict/contract';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from '../axe';
import {
  addMemberWith,
  createCase,
  createProject,
  expect,
  signInAt,
  TREE_USER,
  test,
  unique,
} from '../fixtures';
import { toast, waitForQuiet } from '../page-helpers';

/**
 * docs/product/comments-screens.md: a tester comments on a case, mentioning a colleague picked
 * from the list by keyboard; the comment shows with its author and Markdown, the mention is
 * stored; axe-core and no sideways scroll with the mention list open and with the comment shown,
 * at 1440 and 390 px.
 */

const TESTER: readonly PermissionName[] = [...TREE_USER, 'comment'];

async function checkScreen(page: import('@playwright/test').Page, name: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await waitForQuiet(page);
    await expectNoAxeViolations(page, `${name} (${viewport.width})`, true);
    await expectNoSidewaysScroll(page, `${name} (${viewport.width})`, true);
  }
  await page.setViewportSize(DESKTOP);
}

test('a tester comments on a case and mentions a colleague who can see the project', async ({
  page,
  adminApi,
  createUser,
}) => {
  const tester = await createUser({ permissions: TESTER, prefix: 'commenter' });
  const colleague = await createUser({ prefix: 'mentioned' });
  const api = await tester.api();
  const project = await createProject(api, unique('Comments'));
  await addMemberWith(adminApi, project.id, colleague.id, ['home_project', 'home_test_case']);
  const testCase = await createCase(api, { project: project.id }, unique('Pay by card'));

  await signInAt(page, `/cases/${testCase.id}`, tester);
  const card = page.getByRole('region', { name: /^Comments/ });
  await expect(card.getByText('No comments yet.')).toBeVisible();
  const box = card.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('Fails on **Safari**, ');
  await box.pressSequentially(`@${colleague.username.slice(0, 9)}`);
  const list = page.getByRole('listbox', { name: 'People to mention' });
  await expect(list.getByRole('option', { name: `@${colleague.username}` })).toBeVisible();
  await checkScreen(page, 'case page with the mention list');
  await box.focus();
  await box.press('ArrowDown');
  await box.press('ArrowUp');
  await box.press('Enter');
  await expect(box).toHaveValue(`Fails on **Safari**, @${colleague.username} `);
  await box.pressSequentially('please look');
  await card.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(toast(page, 'Comment added')).toBeVisible();

  const comment = card.getByRole('article', { name: new RegExp(`^Comment by ${tester.username}`) });
  await expect(comment.locator('strong', { hasText: 'Safari' })).toBeVisible();
  await expect(comment).toContainText(`@${colleague.username} please look`);
  await expect(box).toHaveValue('');
  await checkScreen(page, 'case page with a comment');

  const thread = await api.call<CommentList>('GET', `/api/test-cases/${testCase.id}/comments`);
  expect(thread.comments[0]!.mentions).toEqual([{ id: colleague.id, username: colleague.username }]);
});
