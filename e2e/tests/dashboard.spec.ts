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

/**
 * docs/product/dashboard.md (the screen, its loading, the three calls, failures, constants). Counts cover the
 * projects the user sees, so each test uses a fresh user who sees only what it made.
 */

const COUNT_CALLS = ['/api/projects/count', '/api/testsuites/count', '/api/testruns/stats'];
const GREEN = 'rgb(22, 163, 74)';
const RED = 'rgb(220, 38, 38)';
const BLUE = '#2563eb';

const card = (page: Page, title: string) =>
  page.locator('.card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** The number in the donut's hole; the chart loads when its card comes into view. */
async function donutValue(page: Page) {
  const donut = card(page, 'Total Projects');
  await donut.scrollIntoViewIfNeeded();
  return donut.locator('.donut-value');
}

async function summary(page: Page) {
  const results = card(page, 'Test Results Overview');
  const value = (label: string) =>
    results.locator('.results-summary-item').filter({ hasText: label }).locator('dd').textContent();
  return { passed: await value('Passed'), failed: await value('Failed'), total: await value('Total Runs') };
}

/** 2 projects, 3 suites, and runs: `passed` passed and `failed` failed. */
async function fillAccount(user: TestUser, passed: number, failed: number) {
  const api = await user.api();
  const p1 = await createProject(api, unique('Dash P1'));
  const p2 = await createProject(api, unique('Dash P2'));
  const s1 = await createSuite(api, p1.id);
  await createSuite(api, p1.id);
  await createSuite(api, p2.id);
  const c1 = await createCase(api, { suite: s1.id });
  const c2 = await createCase(api, { project: p2.id });
  for (let i = 0; i < passed; i += 1) await createRun(api, i % 2 ? c1.id : c2.id, 'passed');
  for (let i = 0; i < failed; i += 1) await createRun(api, i % 2 ? c2.id : c1.id, 'failed');
}

test.describe('dashboard', () => {
  test('shows the counts of the projects the user sees, with percentages of all runs', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'dash' });
    await fillAccount(user, 2, 1);
    await signIn(page, user);

    await expect(page.getByRole('heading', { name: 'Welcome to Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Project and Test Execution Overview')).toBeVisible();

    // 'Total Projects': a donut without labels, the total in its middle.
    const donut = card(page, 'Total Projects');
    await expect(donut.getByRole('figure', { name: 'Total Projects: 2' })).toBeVisible();
    // A chart loads when it comes into view (docs/product/dashboard.md).
    await donut.scrollIntoViewIfNeeded();
    await expect(donut.locator('.recharts-pie')).toBeVisible();
    await expect(donut.locator('.donut-value')).toHaveText('2');
    await expect(
      donut.locator('.recharts-pie-labels, .recharts-pie-label-text, .recharts-label'),
    ).toHaveCount(0);
    await expect(donut.locator('.recharts-pie-sector path').first()).toHaveAttribute('fill', BLUE);

    // 'Projects vs Test Suites': two blue bars.
    const bars = card(page, 'Projects vs Test Suites');
    await expect(bars.getByRole('figure', { name: 'Projects: 2, Test Suites: 3' })).toBeVisible();
    await bars.scrollIntoViewIfNeeded();
    await expect(bars.locator('.recharts-bar-rectangle path')).toHaveCount(2);
    for (const bar of await bars.locator('.recharts-bar-rectangle path').all()) {
      await expect(bar).toHaveAttribute('fill', BLUE);
    }
    await expect(bars.getByText('Test Suites', { exact: true })).toBeVisible();

    // 'Test Results Overview': 2 of 3 passed, 1 of 3 failed, one decimal.
    const results = card(page, 'Test Results Overview');
    const passedBar = results.getByRole('progressbar', { name: 'Passed' });
    const failedBar = results.getByRole('progressbar', { name: 'Failed' });
    await expect(results.getByText('2 (66.7%)')).toBeVisible();
    await expect(results.getByText('1 (33.3%)')).toBeVisible();
    await expect(passedBar).toHaveAttribute('aria-valuenow', '66.7');
    await expect(failedBar).toHaveAttribute('aria-valuenow', '33.3');
    await expect(passedBar.locator('.result-bar-fill')).toHaveCSS('background-color', GREEN);
    await expect(failedBar.locator('.result-bar-fill')).toHaveCSS('background-color', RED);
    const passedWidth = await passedBar
      .locator('.result-bar-fill')
      .evaluate((el) => el.getBoundingClientRect().width);
    const trackWidth = await passedBar.evaluate((el) => el.getBoundingClientRect().width);
    expect(passedWidth / trackWidth).toBeCloseTo(0.667, 2);
    expect(await summary(page)).toEqual({ passed: '2', failed: '1', total: '3' });
  });

  test('with no runs every percentage is 0 and every count 0', async ({ page, createUser }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'dash0' });
    await signIn(page, user);
    const results = card(page, 'Test Results Overview');
    await expect(results.getByRole('progressbar', { name: 'Passed' })).toHaveAttribute('aria-valuenow', '0');
    await expect(results.getByText('0 (0%)')).toHaveCount(2);
    expect(await summary(page)).toEqual({ passed: '0', failed: '0', total: '0' });
    await expect(await donutValue(page)).toHaveText('0');
    await expect(card(page, 'Projects vs Test Suites').getByRole('figure')).toHaveAccessibleName(
      'Projects: 0, Test Suites: 0',
    );
  });

  test('a run edited from passed to failed moves the percentages', async ({ page, createUser }) => {
    const user = await createUser({
      permissions: [...TREE_USER, 'home_test_run', 'edit_test_run'],
      prefix: 'dash-edit',
    });
    const api = await user.api();
    const project = await createProject(api);
    const testCase = await createCase(api, { project: project.id });
    for (const status of ['passed', 'passed', 'passed', 'failed'] as const) {
      await createRun(api, testCase.id, status);
    }
    await signIn(page, user);
    const results = card(page, 'Test Results Overview');
    await expect(results.getByText('3 (75.0%)')).toBeVisible();
    await expect(results.getByText('1 (25.0%)')).toBeVisible();

    const runs = await api.call<{ id: number; status: string }[]>(
      'GET',
      `/api/testruns/testcase/${testCase.id}`,
    );
    const runId = runs.find((run) => run.status === 'passed')?.id;
    await api.call('PUT', `/api/testruns/update/${runId}`, { status: 'failed' });
    await page.reload();
    await expect(results.getByText('2 (50.0%)')).toHaveCount(2);
  });

  test("'Loading data...' until all three counts have answered, which are asked together", async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'dash-wait' });
    await fillAccount(user, 1, 1);
    const waiting: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/(projects\/count|testsuites\/count|testruns\/stats)$/, async (route) => {
      waiting.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    await signIn(page, user);
    await expect(page.getByText('Loading data...')).toBeVisible();
    // All three are out before any has answered.
    await expect.poll(() => [...waiting].sort()).toEqual([...COUNT_CALLS].sort());
    await expect(page.getByText('Loading data...')).toBeVisible();
    release();
    await expect(page.getByText('Loading data...')).toHaveCount(0);
    await expect(await donutValue(page)).toHaveText('2');
  });

  test("a failing count is logged ('Error fetching dashboard stats'), said with Retry, and the others show", async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'dash-err' });
    await fillAccount(user, 3, 1);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/api/projects/count', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await signIn(page, user);
    const results = card(page, 'Test Results Overview');
    await expect(results.getByText('3 (75.0%)')).toBeVisible();
    await expect(await donutValue(page)).toHaveText('0');
    await expect(card(page, 'Projects vs Test Suites').getByRole('figure')).toHaveAccessibleName(
      'Projects: 0, Test Suites: 3',
    );
    expect(errors.filter((text) => text.startsWith('Error fetching dashboard stats'))).toHaveLength(1);
    // A failed load says so, never passes its zeros off as data (docs/product/dashboard.md).
    await expect(page.getByRole('alert')).toContainText('Could not load some of the figures.');
    await page.unroute('**/api/projects/count');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(await donutValue(page)).toHaveText('2');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('when every count fails, loading still ends and all counts show 0', async ({ page, createUser }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'dash-down' });
    await fillAccount(user, 1, 0);
    await page.route(/\/api\/(projects\/count|testsuites\/count|testruns\/stats)$/, (route) =>
      route.abort('failed'),
    );
    await signIn(page, user);
    await expect(page.getByText('Test Results Overview')).toBeVisible();
    await expect(page.getByText('Loading data...')).toHaveCount(0);
    expect(await summary(page)).toEqual({ passed: '0', failed: '0', total: '0' });
  });

  test('without a token in local storage no count is asked for, only a warning is logged', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'dash-notoken' });
    await signIn(page, user);
    await expect(page.getByText('Test Results Overview')).toBeVisible();
    await page.getByRole('link', { name: 'Add Project' }).click();
    await expect(page).toHaveURL(/\/projects-create$/);
    // The address changes before the new screen is drawn: until then the dashboard stays mounted,
    // and going back to it would not open it afresh (no warning, no calls).
    await expect(page.getByRole('heading', { name: 'Create Project' })).toBeVisible();

    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const calls: string[] = [];
    page.on('request', (r) => {
      if (COUNT_CALLS.includes(new URL(r.url()).pathname)) calls.push(r.url());
    });
    // The token disappears (this tab's state does not notice); the dashboard then asks nothing.
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText('Test Results Overview')).toBeVisible();
    // The warning comes from the effect that would ask for the counts: once it is logged, that
    // effect has decided.
    await expect.poll(() => warnings.some((text) => text.includes('No token found'))).toBe(true);
    expect(calls).toEqual([]);
  });

  test('tracks the window width: a resize redraws the charts for a narrow window', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'dash-width' });
    await signIn(page, user);
    const grid = page.locator('.dashboard-grid');
    await expect(grid).toHaveAttribute('data-layout', 'wide');
    await expect(page.locator('.donut')).toHaveCSS('width', '220px');
    await page.setViewportSize({ width: 600, height: 800 });
    await expect(grid).toHaveAttribute('data-layout', 'compact');
    await expect(page.locator('.donut')).toHaveCSS('width', '180px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(grid).toHaveAttribute('data-layout', 'wide');
  });

  test('no chart library loads, on the sign-in page or the dashboard: the dashboard draws its charts itself', async ({
    page,
  }) => {
    const scripts = new Map<string, string>();
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.set(response.url(), await response.text().catch(() => ''));
      }
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The library's own code: its layers (the dashboard's SVG reuses only some class names).
    const chartLibrary = (text: string) => text.includes('recharts-layer');
    const signInScripts = [...scripts.values()];
    expect(signInScripts.length).toBeGreaterThan(0);
    expect(signInScripts.some(chartLibrary)).toBe(false);

    await page.getByPlaceholder('Enter your email').fill('admin@example.com');
    await page.getByPlaceholder('Enter your password').fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to Dashboard' })).toBeVisible();
    await card(page, 'Total Projects').scrollIntoViewIfNeeded();
    await expect(page.locator('.recharts-pie')).toBeVisible();
    await expect(card(page, 'Projects vs Test Suites').locator('.recharts-bar-rectangle path')).toHaveCount(
      2,
    );
    expect([...scripts.values()].some(chartLibrary)).toBe(false);
  });
});
