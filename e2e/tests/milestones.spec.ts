import type { Page } from '@playwright/test';
import type { CycleItemPage, PermissionName } from '@verdict/contract';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, NARROW_PHONE, PHONE } from '../axe';
import {
  createCase,
  createProject,
  createSuite,
  expect,
  signInAt,
  TREE_USER,
  test,
  unique,
} from '../fixtures';
import { openProjectMenu, toast } from '../page-helpers';

/**
 * docs/product/milestones.md, "The screens": a lead makes a milestone and a sub-milestone in the
 * browser, a cycle in the sub-milestone through the cycle form's Milestone select, and sees its
 * progress on the Milestones page, in the parent's figures too; axe-core at desktop and phone widths.
 */

const LEAD: readonly PermissionName[] = [
  ...TREE_USER,
  'home_test_cycle',
  'add_test_cycle',
  'execute_test_cycle',
  'home_milestone',
  'add_milestone',
  'edit_milestone',
  'delete_milestone',
];

async function checkScreen(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await expectNoSidewaysScroll(page, name);
}

test.describe('Milestones', () => {
  test('a lead builds a release with a sprint, a cycle in the sprint, and sees its progress', async ({
    page,
    createUser,
  }) => {
    test.setTimeout(120_000);
    const lead = await createUser({ permissions: LEAD, prefix: 'milestones' });
    const api = await lead.api();
    const project = await createProject(api, unique('Shop P'));
    const suite = await createSuite(api, project.id, unique('Checkout'));
    for (const name of ['Pay by card', 'Apply coupon'])
      await createCase(api, { suite: suite.id }, unique(name));
    const release = unique('Release');
    const sprint = unique('Sprint');

    await signInAt(page, `/projects/${project.id}`, lead);
    await openProjectMenu(page, 'Insights');
    await page.getByRole('link', { name: 'Milestones', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Milestones' })).toBeVisible();
    await expect(page.getByText('No milestones yet.')).toBeVisible();

    // The release: a blank name is said at the field first.
    await page.getByRole('button', { name: 'New Milestone' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Milestone' });
    await dialog.getByRole('button', { name: 'Create Milestone' }).click();
    await expect(dialog.getByText('Milestone name is required')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await dialog.getByLabel('Name').fill(release);
    await dialog.getByLabel('Description').fill('The **checkout** release');
    await dialog.getByLabel('Start date').fill('2026-01-05');
    await dialog.getByLabel('Due date').fill('2099-12-31');
    await checkScreen(page, 'new milestone at 1280');
    await dialog.getByRole('button', { name: 'Create Milestone' }).click();
    await expect(toast(page, 'Milestone created')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The sprint, under the release.
    await page.getByRole('button', { name: 'New Milestone' }).click();
    await dialog.getByLabel('Name').fill(sprint);
    await dialog.getByLabel('Parent milestone').selectOption({ label: release });
    await dialog.getByLabel('Due date').fill('2020-01-31');
    await dialog.getByRole('button', { name: 'Create Milestone' }).click();
    await expect(dialog).toBeHidden();
    const open = page.getByRole('list', { name: 'Open milestones' });
    const subs = open.getByRole('list', { name: `Sub-milestones of ${release}` });
    await expect(subs.getByRole('link', { name: sprint })).toBeVisible();
    await expect(subs.getByText('Overdue')).toBeVisible();

    // A cycle in the sprint, through the cycle form.
    await page.goto(`/projects/${project.id}/new-cycle`);
    await page.getByLabel('Cycle Name').fill('Sprint smoke');
    await page.getByLabel('Milestone').selectOption({ label: `${release} › ${sprint}` });
    await page.getByLabel('All cases of the project').check();
    await page.getByRole('button', { name: 'Create Test Cycle' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sprint smoke' })).toBeVisible();
    const cycleId = Number(new URL(page.url()).pathname.split('/').pop());
    const { items } = await api.call<CycleItemPage>('GET', `/api/cycles/${cycleId}/items`);
    await api.call('POST', `/api/cycle-items/${items[0]!.id}/results`, { state: 'passed' });

    // Its progress on the Milestones page: the sprint's, and the release's over its sprint.
    await page.goto(`/projects/${project.id}/milestones`);
    const releaseBar = open.getByRole('img', { name: /^1 of 2 done \(50%\)/ });
    await expect(releaseBar).toHaveCount(2);
    await expect(subs.getByText('1 test cycle · 1 passed, 1 untested')).toBeVisible();

    await open.getByRole('link', { name: sprint }).click();
    await expect(page.getByRole('heading', { level: 1, name: sprint })).toBeVisible();
    const cycles = page.getByRole('list', { name: 'Test cycles of this milestone' });
    await expect(cycles.getByRole('link', { name: 'Sprint smoke' })).toBeVisible();

    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(`/projects/${project.id}/milestones`);
      await expect(open.getByRole('link', { name: release })).toBeVisible();
      await checkScreen(page, `milestones at ${size.width}`);
      await open.getByRole('link', { name: release }).click();
      await expect(page.getByRole('heading', { level: 1, name: release })).toBeVisible();
      await expect(page.getByRole('list', { name: `Sub-milestones of ${release}` })).toBeVisible();
      await checkScreen(page, `milestone at ${size.width}`);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Milestone' })).toBeVisible();
      await checkScreen(page, `edit milestone at ${size.width}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.getByRole('dialog')).toContainText(
        'It has no test cycles of its own. Its 1 sub-milestone becomes a top-level milestone.',
      );
      await checkScreen(page, `delete milestone at ${size.width}`);
      await page.getByRole('button', { name: 'No, Cancel' }).click();
      await page.getByRole('link', { name: 'Sign-off report' }).click();
      await expect(page.getByRole('region', { name: 'Progress by test plan' })).toBeVisible();
      await expect(page.getByText('Not ready.')).toBeVisible();
      await checkScreen(page, `sign-off report at ${size.width}`);
    }
    // Usable on the narrowest phone: nothing scrolls sideways.
    await page.setViewportSize(NARROW_PHONE);
    await page.goto(`/projects/${project.id}/milestones`);
    await expect(open.getByRole('link', { name: sprint })).toBeVisible();
    await expectNoSidewaysScroll(page, 'milestones at 320');
  });
});
