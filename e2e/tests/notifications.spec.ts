import type { Page } from '@playwright/test';
import type { CycleItemPage, CycleMutation, PermissionName } from '@verdict/contract';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, NARROW_PHONE, PHONE } from '../axe';
import {
  addMemberWith,
  createCase,
  createProject,
  createSuite,
  expect,
  signInAt,
  test,
  unique,
} from '../fixtures';
import { toast, waitForQuiet } from '../page-helpers';

/**
 * docs/product/notifications-screens.md: a lead comments on a failed cycle item mentioning a tester
 * who has Verdict open in another browser; the tester's bell counts it without a reload, the inbox
 * lists it and opening it goes to the item. axe-core on the inbox and the settings at 1440 and
 * 390 px, nothing scrolls sideways at 320 px.
 */

const LEAD: readonly PermissionName[] = [
  'add_project',
  'home_project',
  'home_test_suit',
  'home_test_case',
  'add_test_suit_in_project',
  'add_test_case_in_test_suit',
  'home_test_cycle',
  'add_test_cycle',
  'execute_test_cycle',
  'comment',
];

/** Screenshots to look at by hand; not compared. */
const SHOTS = '/tmp/shots-notify';

async function checkScreen(page: Page, name: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await waitForQuiet(page);
    await expectNoAxeViolations(page, `${name} (${viewport.width})`, true);
    await expectNoSidewaysScroll(page, `${name} (${viewport.width})`, true);
    await page.screenshot({ path: `${SHOTS}/${name.replace(/\W+/g, '-')}-${viewport.width}.png` });
  }
  await page.setViewportSize(NARROW_PHONE);
  await expectNoSidewaysScroll(page, `${name} (${NARROW_PHONE.width})`, true);
  await page.setViewportSize(DESKTOP);
}

test('a mention on a failed item reaches the tester live; the inbox opens the item', async ({
  browser,
  page,
  adminApi,
  createUser,
}) => {
  const lead = await createUser({ permissions: LEAD, prefix: 'lead' });
  const tester = await createUser({ prefix: 'told' });
  const api = await lead.api();
  const project = await createProject(api, unique('Notify'));
  await addMemberWith(adminApi, project.id, tester.id, ['home_project', 'home_test_case', 'home_test_cycle']);
  const suite = await createSuite(api, project.id);
  const testCase = await createCase(api, { suite: suite.id }, unique('Pay by card'));
  const cycleName = unique('Release');
  const { cycle } = await api.call<CycleMutation>('POST', `/api/projects/${project.id}/cycles`, {
    name: cycleName,
    case_ids: [testCase.id],
  });
  const { items } = await api.call<CycleItemPage>('GET', `/api/cycles/${cycle.id}/items`);
  const item = items[0]!;
  await api.call('POST', `/api/cycle-items/${item.id}/results`, { state: 'failed', comment: 'Declined' });

  // The tester's own browser, open on the dashboard before anything concerns them.
  const testerContext = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
  const testerPage = await testerContext.newPage();
  await signInAt(testerPage, '/dashboard', tester);
  const bell = testerPage.getByRole('link', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toHaveAccessibleName('Notifications, 0 unread');

  // The address a notice of a comment links to: it opens the item's discussion.
  await signInAt(page, `/cycle-items/${item.id}#comments`, lead);
  const card = page.getByRole('region', { name: /^Comments/ });
  const box = card.getByRole('textbox', { name: 'Add a comment' });
  await box.fill(`Still fails, @${tester.username} please look`);
  await card.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(toast(page, 'Comment added')).toBeVisible();

  // Live: no reload in the tester's browser.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell).toHaveText('1');
  await testerPage.screenshot({
    path: `${SHOTS}/bell-1440.png`,
    clip: { x: 900, y: 0, width: 540, height: 64 },
  });
  await testerPage.setViewportSize(PHONE);
  await testerPage.screenshot({
    path: `${SHOTS}/bell-390.png`,
    clip: { x: 0, y: 0, width: 390, height: 64 },
  });
  await testerPage.setViewportSize(DESKTOP);

  await bell.click();
  await expect(testerPage.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const inbox = testerPage.getByRole('list', { name: 'Notifications' });
  const notice = inbox.getByRole('link', {
    name: `Unread: ${lead.username} mentioned you on an item of cycle "${cycleName}"`,
  });
  await expect(notice).toBeVisible();
  await expect(inbox).toContainText(project.name);
  await checkScreen(testerPage, 'inbox');

  await testerPage.getByRole('link', { name: 'Notification settings' }).first().click();
  await expect(testerPage.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
  await checkScreen(testerPage, 'notification settings');

  // On a phone the link waits at the foot of the drawer, with the reader's other controls.
  await testerPage.setViewportSize(PHONE);
  await testerPage.getByRole('button', { name: 'Toggle menu' }).click();
  const drawerLink = testerPage
    .locator('.sidebar-account')
    .getByRole('link', { name: 'Notification settings' });
  await expect(drawerLink).toBeVisible();
  await testerPage.screenshot({ path: `${SHOTS}/drawer-390.png` });
  await testerPage.keyboard.press('Escape');
  await testerPage.setViewportSize(DESKTOP);

  await testerPage.goBack();
  await notice.click();
  await expect(testerPage).toHaveURL(new RegExp(`/cycle-items/${item.id}(#comments)?$`));
  await expect(
    testerPage.getByRole('region', { name: /^Comments/ }).getByText(`@${tester.username} please look`),
  ).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, 0 unread');
  await testerContext.close();
});
