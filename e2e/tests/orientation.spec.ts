import type { Page } from '@playwright/test';
import { DESKTOP, expectNoAxeViolations, NARROW_PHONE, PHONE } from '../axe';
import {
  addMember,
  createCase,
  createProject,
  createRole,
  createRun,
  createSuite,
  expect,
  inBatches,
  signIn,
  signInAt,
  test,
  unique,
} from '../fixtures';
import { node } from '../page-helpers';

/**
 * Orientation on the project, suite, case and run screens (docs/product/projects.md, "Where you
 * are" and "What a project holds"): their contents, breadcrumbs, tab titles, the tree's current
 * item, the runs' times and the not-found pages.
 */

const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

/** The breadcrumb's steps, and which one is the current page. */
async function expectTrail(page: Page, steps: string[]) {
  const items = breadcrumb(page).getByRole('listitem');
  await expect(items).toHaveText(steps);
  const current = breadcrumb(page).locator('[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText(steps[steps.length - 1] as string);
  // Every step above the current page leads to its screen.
  await expect(breadcrumb(page).getByRole('link')).toHaveCount(steps.length - 1);
}

test.describe('what a project, suite and case hold', () => {
  test('the suite page lists its cases with status marks; an empty suite offers to add one', async ({
    page,
    adminApi,
  }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    const passing = await createCase(adminApi, { suite: suite.id });
    const failing = await createCase(adminApi, { suite: suite.id });
    await createRun(adminApi, passing.id, 'passed');
    await createRun(adminApi, failing.id, 'failed');
    const empty = await createSuite(adminApi, project.id);

    await signInAt(page, `/suites/${suite.id}`);
    const list = page.getByRole('list', { name: `Test cases of ${suite.name}` });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const first = list.getByRole('listitem').filter({ hasText: passing.name });
    await expect(first.getByRole('img', { name: 'Latest: passed' })).toBeVisible();
    await expect(
      list
        .getByRole('listitem')
        .filter({ hasText: failing.name })
        .getByRole('img', { name: 'Latest: failed' }),
    ).toBeVisible();
    await first.getByRole('link', { name: passing.name }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${passing.id}$`));

    await page.goto(`/suites/${empty.id}`);
    await expect(page.getByText('No test cases in this suite yet.')).toBeVisible();
    await page.getByRole('link', { name: 'New test case' }).click();
    await expect(page).toHaveURL(new RegExp(`/suites/${empty.id}/add-case$`));
  });

  test('an empty list offers no add action to a user who may not add', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    const reader = await createUser({ permissions: ['home_project'] });
    await addMember(adminApi, project.id, reader.id, (await createRole(adminApi, ['home_test_case'])).id);
    await signInAt(page, `/suites/${suite.id}`, reader);
    await expect(page.getByText('No test cases in this suite yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'New test case' })).toHaveCount(0);
  });

  test('the case page lists its child cases', async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    const parent = await createCase(adminApi, { project: project.id });
    const children = [
      await createCase(adminApi, { parent: parent.id }),
      await createCase(adminApi, { parent: parent.id }),
    ];
    const grandchild = await createCase(adminApi, { parent: children[0]!.id });
    await createRun(adminApi, grandchild.id, 'failed');

    await signInAt(page, `/cases/${parent.id}`);
    await expect(page.getByRole('heading', { name: 'Child Test Cases' })).toBeVisible();
    const list = page.getByRole('list', { name: `Child cases of ${parent.name}` });
    await expect(list.getByRole('link')).toHaveText(children.map((child) => child.name));
    // A child whose own child failed shows its roll-up.
    await expect(list.getByRole('img', { name: 'Latest: none, subtree: failed' })).toBeVisible();

    await page.goto(`/cases/${grandchild.id}`);
    await expect(page.getByText('No child cases yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'New child case' })).toHaveAttribute(
      'href',
      `/testcases/${grandchild.id}/add-child`,
    );
  });

  test('the project page lists its suites and its cases outside a suite', async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    const suites = [await createSuite(adminApi, project.id), await createSuite(adminApi, project.id)];
    const inSuite = await createCase(adminApi, { suite: suites[0]!.id });
    const topLevel = await createCase(adminApi, { project: project.id });
    await createRun(adminApi, topLevel.id, 'passed');

    await signInAt(page, `/projects/${project.id}`);
    const suiteList = page.getByRole('list', { name: `Test suites of ${project.name}` });
    await expect(suiteList.getByRole('link')).toHaveText(suites.map((suite) => suite.name));
    const caseList = page.getByRole('list', { name: `Test cases of ${project.name}` });
    await expect(caseList.getByRole('link')).toHaveText([topLevel.name]);
    await expect(caseList.getByRole('img', { name: 'Latest: passed' })).toBeVisible();
    await expect(caseList.getByRole('link', { name: inSuite.name })).toHaveCount(0);

    const empty = await createProject(adminApi);
    await page.goto(`/projects/${empty.id}`);
    await expect(page.getByText('No test suites yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'New test suite' })).toHaveAttribute(
      'href',
      `/projects/${empty.id}/add-suite`,
    );
    await expect(page.getByRole('link', { name: 'New test case' })).toHaveAttribute(
      'href',
      `/projects/${empty.id}/add-case`,
    );
  });

  test('a long list is paged, the page lives in the address and Back returns to it', async ({
    page,
    adminApi,
  }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    const names = Array.from(
      { length: 60 },
      (_, i) => `case ${String(i + 1).padStart(2, '0')} ${unique('p')}`,
    );
    const cases = new Array<{ id: number; name: string }>(names.length);
    await inBatches(names.length, 10, async (i) => {
      cases[i] = await createCase(adminApi, { suite: suite.id }, names[i]);
    });
    const byId = [...cases].sort((a, b) => a.id - b.id);

    await signInAt(page, `/suites/${suite.id}`);
    const list = page.getByRole('list', { name: `Test cases of ${suite.name}` });
    await expect(list.getByRole('listitem')).toHaveCount(25);
    await expect(page.getByText('Showing 1-25 of 60')).toBeVisible();

    await page
      .getByRole('navigation', { name: `Test cases of ${suite.name}, pages` })
      .getByRole('link', { name: 'Page 3' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/suites/${suite.id}\\?cases=3$`));
    await expect(page.getByText('Showing 51-60 of 60')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const target = byId[50]!;
    await list.getByRole('link', { name: target.name }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${target.id}$`));

    await page.goBack();
    await expect(page).toHaveURL(/\?cases=3$/);
    await expect(page.getByText('Showing 51-60 of 60')).toBeVisible();
    await expect(list.getByRole('link', { name: target.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('where you are', () => {
  test('breadcrumbs name the project, suite, case and child case, the last as the current page', async ({
    page,
    adminApi,
  }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    const parent = await createCase(adminApi, { suite: suite.id });
    const child = await createCase(adminApi, { parent: parent.id });
    const run = await createRun(adminApi, child.id);
    await signInAt(page, `/projects/${project.id}`);
    await expectTrail(page, [project.name]);
    await page.goto(`/suites/${suite.id}`);
    await expectTrail(page, [project.name, suite.name]);
    await page.goto(`/cases/${parent.id}`);
    await expectTrail(page, [project.name, suite.name, parent.name]);
    await page.goto(`/cases/${child.id}`);
    await expectTrail(page, [project.name, suite.name, parent.name, child.name]);
    await expect(page.getByRole('heading', { level: 1, name: 'Test Case Details' })).toBeVisible();

    // Forms name themselves after their object.
    await page.goto(`/edit-testrun/${run.id}`);
    await expectTrail(page, [project.name, suite.name, parent.name, child.name, 'Edit Test Run']);
    await page.goto(`/testcases/${child.id}/add-testrun`);
    await expectTrail(page, [project.name, suite.name, parent.name, child.name, 'Create Test Run']);
    await page.goto(`/edit-suite/${suite.id}`);
    await expectTrail(page, [project.name, suite.name, 'Edit Suite']);
    await page.goto(`/projects/${project.id}/add-suite`);
    await expectTrail(page, [project.name, 'Add Test Suite']);

    // A step leads to its screen.
    await page.goto(`/cases/${child.id}`);
    await breadcrumb(page).getByRole('link', { name: suite.name }).click();
    await expect(page).toHaveURL(new RegExp(`/suites/${suite.id}$`));
  });

  test('every page has its own title', async ({ page, adminApi }) => {
    const project = await createProject(adminApi, unique('Checkout Web'));
    const suite = await createSuite(adminApi, project.id);
    const testCase = await createCase(adminApi, { suite: suite.id });
    await page.goto('/');
    await expect(page).toHaveTitle('Sign in · Verdict');
    await signIn(page);
    await expect(page).toHaveTitle('Dashboard · Verdict');
    await page.goto(`/projects/${project.id}`);
    await expect(page).toHaveTitle(`${project.name} · Verdict`);
    await page.goto(`/suites/${suite.id}`);
    await expect(page).toHaveTitle(`${suite.name} · Verdict`);
    await page.goto(`/cases/${testCase.id}`);
    await expect(page).toHaveTitle(`${testCase.name} · Verdict`);
    await page.goto(`/edit-testcase/${testCase.id}`);
    await expect(page).toHaveTitle('Edit Test Case · Verdict');
    await page.goto('/admin');
    await expect(page).toHaveTitle('User Management · Verdict');
  });

  test('a deep link to a child case reveals and highlights it in the tree', async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    const parent = await createCase(adminApi, { suite: suite.id });
    const child = await createCase(adminApi, { parent: parent.id });
    await signIn(page);
    await page.evaluate(() => localStorage.removeItem('expandedNodes'));

    await page.goto(`/cases/${child.id}`);
    const item = node(page, child.name);
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('aria-selected', 'true');
    for (const ancestor of [project.name, suite.name, parent.name]) {
      await expect(node(page, ancestor)).toHaveAttribute('aria-expanded', 'true');
    }
    await expect(page.getByRole('treeitem', { selected: true })).toHaveCount(1);
  });

  test('Test Runs show when each run was executed, newest first', async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    const testCase = await createCase(adminApi, { project: project.id });
    const first = await createRun(adminApi, testCase.id, 'passed');
    const second = await createRun(adminApi, testCase.id, 'failed');
    const third = await createRun(adminApi, testCase.id, 'passed');

    await signInAt(page, `/cases/${testCase.id}`);
    const runs = page.getByRole('table', { name: 'Test Runs' });
    await expect(runs.getByRole('columnheader')).toHaveText([
      'Status',
      'Executed By',
      'Executed At',
      'Edit',
      'Delete',
    ]);
    await expect(runs.getByRole('button', { name: /^Delete run/ })).toHaveCount(3);
    const order = await runs
      .getByRole('button', { name: /^Delete run/ })
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(order).toEqual([third, second, first].map((run) => `Delete run ${run.id}`));

    const times = runs.locator('time');
    await expect(times).toHaveCount(3);
    const stamps = await times.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('datetime')),
    );
    expect(stamps).toEqual([third, second, first].map((run) => new Date(run.created_at).toISOString()));
    await expect(times.first()).not.toHaveText('');
  });
});

test.describe('links to missing objects', () => {
  test('a missing project, suite, case or run shows its not-found page with a way back', async ({
    page,
    adminApi,
  }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    const testCase = await createCase(adminApi, { suite: suite.id });
    const run = await createRun(adminApi, testCase.id);
    await adminApi.call('DELETE', `/api/projects/delete/${project.id}`);
    await signIn(page);

    for (const [url, title] of [
      [`/projects/${project.id}`, 'Project not found'],
      [`/suites/${suite.id}`, 'Test suite not found'],
      [`/cases/${testCase.id}`, 'Test case not found'],
      [`/edit-testrun/${run.id}`, 'Test run not found'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} · Verdict`);
      await expect(page.getByText(/^⚠️/)).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a load that failed says so, with Retry', async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    await signIn(page);
    let fail = true;
    await page.route(`**/api/suites/${suite.id}/cases*`, (route) =>
      fail
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"message":"The database is not available; try again shortly"}',
          })
        : route.continue(),
    );
    await page.goto(`/suites/${suite.id}`);
    await expect(page.getByText('Could not load the test cases.')).toBeVisible();
    await expect(page.getByText('No test cases in this suite yet.')).toHaveCount(0);
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('No test cases in this suite yet.')).toBeVisible();
  });
});

test.describe('accessibility of the project, suite and case pages', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`no axe violations at ${viewport.width} px`, async ({ page, adminApi }) => {
      const project = await createProject(adminApi);
      const suite = await createSuite(adminApi, project.id);
      const parent = await createCase(adminApi, { suite: suite.id });
      // The child's failed run marks the lists; the runs table's badges are checked with the palette.
      const child = await createCase(adminApi, { parent: parent.id });
      await createRun(adminApi, child.id, 'failed');
      await page.setViewportSize(viewport);
      await signIn(page);
      for (const url of [`/projects/${project.id}`, `/suites/${suite.id}`, `/cases/${parent.id}`]) {
        await page.goto(url);
        await expect(breadcrumb(page).locator('[aria-current="page"]')).not.toHaveText('…');
        await expect(
          page
            .getByRole('list')
            .filter({ has: page.getByRole('link') })
            .first(),
        ).toBeVisible();
        await expectNoAxeViolations(page, `${url} at ${viewport.width} px`);
      }
    });
  }

  test('the lists fit a 320 px phone', async ({ page, adminApi }) => {
    const project = await createProject(adminApi);
    const suite = await createSuite(adminApi, project.id);
    const long = `a case with a very long name that has to wrap ${'x'.repeat(60)}`;
    await createCase(adminApi, { suite: suite.id }, long);
    await page.setViewportSize(NARROW_PHONE);
    await signInAt(page, `/suites/${suite.id}`);
    const link = page
      .getByRole('list', { name: `Test cases of ${suite.name}` })
      .getByRole('link', { name: long });
    await expect(link).toBeVisible();
    const box = await link.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(NARROW_PHONE.width);
  });
});
