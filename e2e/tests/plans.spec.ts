import type { ConfigurationGroupMutation, PermissionName } from '@verdict/contract';
import { checkScreenAt, DESKTOP, PHONE } from '../axe';
import {
  CYCLE_USER,
  createCase,
  createProject,
  createSuite,
  expect,
  signInAt,
  test,
  unique,
} from '../fixtures';
import { toast } from '../page-helpers';

/**
 * docs/product/plans-screens.md: a lead makes a test plan of two entries, one on two browsers, in
 * the browser, lands on the plan and opens one of its cycles; axe-core on New test plan and the
 * plan page at desktop and phone widths.
 */

const LEAD: readonly PermissionName[] = [...CYCLE_USER, 'edit_project'];

test.describe('Test plans', () => {
  test('a lead makes a plan of two entries and opens one of its cycles', async ({ page, createUser }) => {
    test.setTimeout(120_000);
    const lead = await createUser({ permissions: LEAD, prefix: 'plans' });
    const api = await lead.api();
    const project = await createProject(api, unique('Shop P'));
    const suite = await createSuite(api, project.id, 'Checkout');
    await createCase(api, { suite: suite.id }, 'Pay by card');
    for (const [name, configurations] of [
      ['Browser', ['Chrome', 'Firefox']],
      ['OS', ['Linux']],
    ] as const) {
      await api.call<ConfigurationGroupMutation>('POST', `/api/projects/${project.id}/configuration-groups`, {
        name,
        configurations,
      });
    }

    await signInAt(page, `/projects/${project.id}/plans/new`, lead);
    await expect(page.getByRole('heading', { level: 1, name: 'New test plan' })).toBeVisible();
    await page.getByLabel('Plan name').fill('Release 2.0');
    const first = page.getByRole('group', { name: 'Entry 1' });
    await first.getByLabel('All cases of the project').check();
    await first.getByRole('group', { name: 'Browser' }).getByLabel('Chrome').check();
    await first.getByRole('group', { name: 'Browser' }).getByLabel('Firefox').check();
    await first.getByRole('group', { name: 'OS' }).getByLabel('Linux').check();
    await expect(first.getByText('Entry 1 makes 2 test cycles.')).toBeVisible();
    await page.getByRole('button', { name: 'Add entry' }).click();
    const second = page.getByRole('group', { name: 'Entry 2' });
    await second.getByLabel('Entry name').fill('Smoke');
    await second.getByLabel(/^Checkout/).check();
    await expect(page.getByText('The plan makes 3 test cycles from 2 entries.')).toBeVisible();
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await checkScreenAt(page, 'new test plan', size.width);
    }

    await page.getByRole('button', { name: 'Create test plan' }).click();
    await expect(toast(page, 'Test plan created')).toBeVisible();
    await expect(page).toHaveURL(/\/plans\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Release 2.0' })).toBeVisible();
    const entryOne = page.getByRole('list', { name: 'Test cycles of entry 1' });
    await expect(entryOne.getByRole('link')).toHaveText([
      'Release 2.0 (Chrome, Linux)',
      'Release 2.0 (Firefox, Linux)',
    ]);
    await expect(page.getByRole('list', { name: 'Test cycles of entry 2' }).getByRole('link')).toHaveText([
      'Smoke',
    ]);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await checkScreenAt(page, 'test plan', size.width);
    }

    await entryOne.getByRole('link', { name: 'Release 2.0 (Firefox, Linux)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Release 2.0 (Firefox, Linux)' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Release 2.0', exact: true })).toHaveAttribute(
      'href',
      /\/plans\/\d+$/,
    );
    await expect(page.getByRole('list', { name: 'Configurations' }).getByRole('listitem')).toHaveText([
      'Browser: Firefox',
      'OS: Linux',
    ]);
  });
});
