import type {
  ConfigurationGroupMutation,
  CycleItemPage,
  MilestoneMutation,
  PermissionName,
  Plan,
} from '@verdict/contract';
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
 * a milestone, in the browser, lands on the plan and opens one of its cycles; axe-core on New test
 * plan and the plan page at desktop and phone widths. Then the release is tested: a failing import
 * on the milestone's branch and untested items keep it not ready, with reasons; results and a
 * passing import make it ready (docs/product/milestones.md, "Readiness").
 */

const LEAD: readonly PermissionName[] = [
  ...CYCLE_USER,
  'edit_project',
  'execute_test_cycle',
  'import_results',
  'home_milestone',
  'add_milestone',
];

test.describe('Test plans', () => {
  test('a lead makes a plan of two entries, opens one of its cycles, and sees the release become ready', async ({
    page,
    createUser,
  }) => {
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
    const { milestone } = await api.call<MilestoneMutation>(
      'POST',
      `/api/projects/${project.id}/milestones`,
      {
        name: '2.0 GA',
        branch: 'main',
      },
    );

    await signInAt(page, `/projects/${project.id}/plans/new`, lead);
    await expect(page.getByRole('heading', { level: 1, name: 'New test plan' })).toBeVisible();
    await page.getByLabel('Plan name').fill('Release 2.0');
    await page.getByLabel('Milestone').selectOption({ label: '2.0 GA' });
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
    const planId = Number(page.url().split('/').pop());
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

    // A failing import on the branch and the untested items: not ready, with the reasons.
    const importOnMain = async (failing: boolean) => {
      const failure = failing ? '<failure message="declined"/>' : '';
      const res = await page.request.post(`/api/projects/${project.id}/import/junit?branch=main`, {
        headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/xml' },
        data: `<testsuite name="ci"><testcase name="Pay by card">${failure}</testcase></testsuite>`,
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    await importOnMain(true);
    await page.goto(`/milestones/${milestone.id}`);
    const reasons = page.getByRole('list', { name: 'Why it is not ready' });
    await expect(page.getByText(/^✗ Not ready$/)).toBeVisible();
    await expect(reasons.getByRole('link', { name: /New failure in import/ })).toBeVisible();
    await expect(reasons.getByRole('link', { name: /untested \(at most 0\)/ }).first()).toBeVisible();

    // The testers pass every item and the next import passes: ready.
    const plan = await api.call<Plan>('GET', `/api/plans/${planId}`);
    for (const cycle of plan.cycles) {
      const { items } = await api.call<CycleItemPage>('GET', `/api/cycles/${cycle.id}/items?limit=200`);
      for (const item of items) {
        await api.call('POST', `/api/cycle-items/${item.id}/results`, { state: 'passed' });
      }
    }
    await importOnMain(false);
    await page.reload();
    await expect(page.getByText(/^✓ Ready$/)).toBeVisible();
    await expect(reasons).toHaveCount(0);
  });
});
