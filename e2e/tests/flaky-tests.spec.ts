import type { APIRequestContext, Page } from '@playwright/test';
import type { PermissionName } from '@verdict/contract';
import { checkScreenAt, DESKTOP, PHONE } from '../axe';
import {
  type CreateUser,
  createProject,
  expect,
  signIn,
  signInAt,
  type TestUser,
  TREE_USER,
  test,
  unique,
} from '../fixtures';
import { openProjectMenu } from '../page-helpers';

/**
 * docs/product/flaky-tests.md: a scripted history of JUnit imports; the Flaky Tests screen ranks
 * the flaky case, the case page shows its results as a strip and quarantines it; axe-core and no
 * sideways scroll at desktop and phone widths.
 */

const FLAKY_USER: readonly PermissionName[] = [
  ...TREE_USER,
  'import_results',
  'home_test_cycle',
  'edit_project',
  'quarantine_test_case',
];

const screenshotsDir = process.env.SCREENSHOTS_DIR;

/** One JUnit report: each named test case passes ('p') or fails ('f'). */
function report(outcomes: Record<string, string>): string {
  const cases = Object.entries(outcomes).map(([name, outcome]) =>
    outcome === 'f'
      ? `<testcase classname="Checkout" name="${name}" time="1.2"><failure message="Timed out waiting for the card form">stack</failure></testcase>`
      : `<testcase classname="Checkout" name="${name}" time="0.8"/>`,
  );
  return `<?xml version="1.0"?><testsuite name="Checkout" tests="${cases.length}">${cases.join('')}</testsuite>`;
}

async function seed(request: APIRequestContext, createUser: CreateUser) {
  const user: TestUser = await createUser({ permissions: FLAKY_USER, prefix: 'flaky' });
  const api = await user.api();
  const project = await createProject(api, unique('Flaky P'));
  const steps = { 'pays by card': 'pfpfpf', 'applies coupon': 'pppppp' };
  let cycleId = 0;
  for (let i = 0; i < 6; i++) {
    const outcomes = Object.fromEntries(Object.entries(steps).map(([name, line]) => [name, line[i]!]));
    const res = await request.post(
      `/api/projects/${project.id}/import/junit?branch=main&name=${encodeURIComponent(`Nightly ${i + 1}`)}`,
      {
        headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/xml' },
        data: report(outcomes),
      },
    );
    expect(res.status(), await res.text()).toBe(201);
    cycleId = ((await res.json()) as { cycle: { id: number } }).cycle.id;
  }
  const { items } = await api.call<{ items: { id: number; test_case: { name: string } }[] }>(
    'GET',
    `/api/cycles/${cycleId}/items`,
  );
  const itemId = items.find((item) => item.test_case.name === 'pays by card')!.id;
  return { user, project, itemId };
}

async function checkScreen(page: Page, name: string, width: number) {
  await checkScreenAt(page, name, width);
  if (screenshotsDir)
    await page.screenshot({ path: `${screenshotsDir}/${name}-${width}.png`, fullPage: true });
}

test.describe('Flaky tests', () => {
  test('the flaky list ranks the flipping case; its page shows the strip and quarantines it', async ({
    page,
    request,
    createUser,
  }) => {
    const s = await seed(request, createUser);
    await signInAt(page, `/projects/${s.project.id}`, s.user);
    await openProjectMenu(page, 'Insights');
    await page.getByRole('link', { name: 'Flaky Tests' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Flaky Tests' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Flaky tests, highest flip rate first' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('link', { name: 'pays by card' })).toBeVisible();
    await expect(list).toContainText('100% (5 flips in 6 results)');
    await expect(page.getByText('over its last 20 automated results on one branch')).toBeVisible();

    await list.getByRole('link', { name: 'pays by card' }).click();
    const strip = page.getByRole('list', { name: 'Last 6 results, oldest first' });
    await expect(strip.getByRole('link')).toHaveCount(6);
    await expect(strip.getByRole('link').first()).toHaveAccessibleName(
      'passed, 0.80 s, cycle Nightly 1, branch main',
    );
    await expect(strip.getByRole('link').nth(1)).toHaveAttribute(
      'title',
      /Timed out waiting for the card form/,
    );
    await expect(page.getByText('Flaky on main: 5 flips in the last 6 results')).toBeVisible();

    await page.getByRole('button', { name: 'Quarantine', exact: true }).click();
    await page.getByRole('textbox', { name: 'Reason' }).fill('Card form races the payment iframe');
    await page.getByLabel('End date (optional)').fill('2999-01-31');
    await page.getByRole('button', { name: 'Quarantine Case' }).click();
    await expect(page.getByText(/^Quarantined until /)).toBeVisible();
    await expect(page.getByText('Card form races the payment iframe')).toBeVisible();
    await expect(page.getByRole('button', { name: 'End Quarantine' })).toBeVisible();
    await checkScreen(page, 'case-quarantined', 1280);

    await page.goto(`/projects/${s.project.id}/flaky`);
    await expect(list.getByText('Quarantined')).toBeVisible();

    await page.goto(`/projects/${s.project.id}/search?q=${encodeURIComponent('is:flaky')}`);
    const matches = page.getByRole('list', { name: 'Matching cases' });
    await expect(matches.getByRole('link', { name: 'pays by card' })).toBeVisible();
    await expect(matches.getByRole('link', { name: 'applies coupon' })).toHaveCount(0);
  });

  test('axe-core and no sideways scroll at desktop and phone widths', async ({
    page,
    request,
    createUser,
  }) => {
    const s = await seed(request, createUser);
    await signIn(page, s.user);
    const caseLink = page
      .getByRole('list', { name: 'Flaky tests, highest flip rate first' })
      .getByRole('link');
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(`/projects/${s.project.id}/flaky`);
      await expect(caseLink).toHaveCount(1);
      await checkScreen(page, 'flaky-tests', size.width);
      await caseLink.click();
      await expect(page.getByRole('list', { name: 'Last 6 results, oldest first' })).toBeVisible();
      await page.getByRole('button', { name: 'Quarantine', exact: true }).click();
      await expect(page.getByRole('textbox', { name: 'Reason' })).toBeVisible();
      await checkScreen(page, 'case-history', size.width);
      // The cycle item's execution view shows the same strip.
      await page.goto(`/cycle-items/${s.itemId}`);
      await expect(
        page.getByRole('region', { name: 'Recent results of this case' }).getByRole('link'),
      ).toHaveCount(6);
      await checkScreen(page, 'cycle-item-history', size.width);
    }
  });
});
