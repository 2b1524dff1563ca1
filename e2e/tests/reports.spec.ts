import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { PermissionName } from '@verdict/contract';
import { checkScreenAt, DESKTOP, PHONE } from '../axe';
import {
  type CreateUser,
  createProject,
  expect,
  signIn,
  signInAt,
  TREE_USER,
  test,
  unique,
} from '../fixtures';
import { openProjectMenu } from '../page-helpers';

/**
 * docs/product/reports-screens.md: five JUnit imports on main, where one test keeps flipping
 * (flaky from the fourth import) and another fails in the last; the Reports screen charts and
 * tabulates them, its "Compare with previous" opens the comparison of the last two imports;
 * axe-core and no sideways scroll at desktop and phone widths on both screens.
 */

const REPORTS_USER: readonly PermissionName[] = [...TREE_USER, 'import_results', 'home_test_cycle'];

/** Per test: its outcome in each import ('p' passed, 'f' failed), and its time when passing and failing. */
const HISTORY = {
  'pays by card': { line: 'pfpfp', pass: 1.0, fail: 1.5 },
  'applies coupon': { line: 'ppppf', pass: 2.0, fail: 4.0 },
  'logs in': { line: 'ppppp', pass: 0.5, fail: 0.5 },
};

function report(run: number): string {
  const cases = Object.entries(HISTORY).map(([name, { line, pass, fail }]) =>
    line[run] === 'f'
      ? `<testcase classname="Checkout" name="${name}" time="${fail}"><failure message="Card form timed out">stack</failure></testcase>`
      : `<testcase classname="Checkout" name="${name}" time="${pass}"/>`,
  );
  return `<?xml version="1.0"?><testsuite name="Checkout" tests="${cases.length}">${cases.join('')}</testsuite>`;
}

async function seed(request: APIRequestContext, createUser: CreateUser) {
  const user = await createUser({ permissions: REPORTS_USER, prefix: 'reports' });
  const api = await user.api();
  const project = await createProject(api, unique('Reports P'));
  for (let run = 0; run < 5; run++) {
    const res = await request.post(
      `/api/projects/${project.id}/import/junit?branch=main&name=${encodeURIComponent(`Nightly ${run + 1}`)}`,
      {
        headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/xml' },
        data: report(run),
      },
    );
    expect(res.status(), await res.text()).toBe(201);
  }
  return { user, project };
}

/** A section of the report: the card under its h2, its table shown. */
async function section(page: Page, name: string): Promise<Locator> {
  const card = page.locator('.report-card', { has: page.getByRole('heading', { level: 2, name }) });
  await card.getByText('Table', { exact: true }).click();
  return card;
}

test.describe('Reports', () => {
  test('the reports chart and tabulate the branch; Compare with previous lists the new failure and the fix', async ({
    page,
    request,
    createUser,
  }) => {
    const s = await seed(request, createUser);
    await signInAt(page, `/projects/${s.project.id}`, s.user);
    await openProjectMenu(page, 'Insights');
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveValue('main');
    await expect(page.getByRole('combobox', { name: 'Branch' }).locator('option:checked')).toHaveText('main');

    const passRate = await section(page, 'Pass rate per cycle');
    const chart = passRate.getByRole('img', { name: 'Pass rate of the last 5 cycles, from 100% to 67%' });
    await expect(chart.locator('svg').first()).toBeVisible();
    const rows = passRate.getByRole('row');
    await expect(rows).toHaveCount(6);
    // No., cycle (the row's header), date, branch, passed, failed, total, pass rate.
    await expect(rows.nth(1)).toContainText('Nightly 1');
    await expect(rows.nth(1).getByRole('cell').nth(0)).toHaveText('1');
    await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('3');
    await expect(rows.nth(1).getByRole('cell').nth(6)).toHaveText('100%');
    await expect(rows.nth(5)).toContainText('Nightly 5');
    await expect(rows.nth(5).getByRole('cell').nth(3)).toHaveText('2');
    await expect(rows.nth(5).getByRole('cell').nth(4)).toHaveText('1');
    await expect(rows.nth(5).getByRole('cell').nth(5)).toHaveText('3');
    await expect(rows.nth(5).getByRole('cell').nth(6)).toHaveText('67%');

    const duration = await section(page, 'Duration per cycle');
    await expect(
      duration.getByRole('img', { name: 'Duration of the last 5 cycles, from 3.5 s to 5.5 s', exact: true }),
    ).toBeVisible();
    await expect(duration.getByRole('row', { name: /Nightly 2/ })).toContainText('4.0 s');
    await expect(duration.getByRole('row', { name: /Nightly 5/ })).toContainText('5.5 s');

    const flaky = await section(page, 'Flaky tests over time');
    await expect(
      flaky.getByRole('img', {
        name: 'Flaky tests after each of the last 5 imports, from 0 to 1',
        exact: true,
      }),
    ).toBeVisible();
    await expect(
      flaky
        .getByRole('row', { name: /Nightly 3/ })
        .getByRole('cell')
        .last(),
    ).toHaveText('0');
    await expect(
      flaky
        .getByRole('row', { name: /Nightly 4/ })
        .getByRole('cell')
        .last(),
    ).toHaveText('1');

    const slowest = await section(page, 'Slowest tests');
    const slowRows = slowest.getByRole('row');
    await expect(slowRows).toHaveCount(4);
    // Test, suite, results, average duration: slowest first.
    await expect(slowRows.nth(1)).toContainText('applies coupon');
    await expect(slowRows.nth(1).getByRole('cell').last()).toHaveText('2.4 s');
    await expect(slowRows.nth(2).getByRole('cell').last()).toHaveText('1.2 s');
    await expect(slowRows.nth(3).getByRole('cell').last()).toHaveText('0.50 s');
    // The ranked bars write each test's whole name beside its bar.
    await expect(slowest.getByRole('img').locator('.rank-bar-name').first()).toHaveText('applies coupon');

    const failing = await section(page, 'Most often failing tests');
    const failRows = failing.getByRole('row');
    await expect(failRows).toHaveCount(3);
    // Test, suite, results, failures, failure rate: most failures first.
    await expect(failRows.nth(1).getByRole('link')).toHaveText('pays by card');
    await expect(failRows.nth(1).getByRole('cell').nth(2)).toHaveText('2');
    await expect(failRows.nth(1).getByRole('cell').nth(3)).toHaveText('40%');
    await expect(failRows.nth(2).getByRole('cell').nth(2)).toHaveText('1');

    await rows.nth(5).getByRole('link', { name: 'Compare with previous' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Compare cycles' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'From' }).locator('option:checked')).toContainText(
      'Nightly 4',
    );
    await expect(page.getByRole('combobox', { name: 'To' }).locator('option:checked')).toContainText(
      'Nightly 5',
    );
    const newFailures = page.locator('.report-card', {
      has: page.getByRole('heading', { level: 2, name: 'New failures (1)' }),
    });
    await expect(newFailures.getByRole('row', { name: /applies coupon/ })).toContainText('Passed');
    const fixed = page.locator('.report-card', {
      has: page.getByRole('heading', { level: 2, name: 'Fixed (1)' }),
    });
    await expect(fixed.getByRole('link', { name: 'pays by card' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Still failing (0)' })).toBeVisible();
    await expect(page.getByText('Duration change: +1.5 s')).toBeVisible();
  });

  test('axe-core and no sideways scroll at desktop and phone widths', async ({
    page,
    request,
    createUser,
  }) => {
    const s = await seed(request, createUser);
    await signIn(page, s.user);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(`/projects/${s.project.id}/reports`);
      const passRate = await section(page, 'Pass rate per cycle');
      await expect(passRate.getByRole('img').locator('svg').first()).toBeVisible();
      await section(page, 'Most often failing tests');
      await checkScreenAt(page, 'reports', size.width);
      await passRate.getByRole('link', { name: 'Compare with previous' }).last().click();
      await expect(page.getByRole('heading', { level: 2, name: 'New failures (1)' })).toBeVisible();
      await checkScreenAt(page, 'cycle-compare', size.width);
    }
  });
});
