import type { APIRequestContext, Page } from '@playwright/test';
import type { Cycle, CycleItemPage, ImportResponse, PermissionName } from '@verdict/contract';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from '../axe';
import {
  type Api,
  createCase,
  createProject,
  createSuite,
  expect,
  LARGE_DATA,
  signIn,
  signInAt,
  type TestUser,
  TREE_USER,
  test,
  unique,
} from '../fixtures';
import { toast } from '../page-helpers';

/**
 * docs/product/cycles-screens.md: the project page's Test Cycles, New Test Cycle with its
 * checkbox tree, the cycle page (progress, filters in the address, virtualized items, bulk assign,
 * close and reopen, re-run failed), live progress, and a case's cycle results.
 */

const LEAD: readonly PermissionName[] = [
  ...TREE_USER,
  'users_in_project',
  'home_test_run',
  'import_results',
  'home_test_cycle',
  'add_test_cycle',
  'edit_test_cycle',
  'delete_test_cycle',
  'execute_test_cycle',
  'home_milestone',
  'add_milestone',
];

interface Seed {
  lead: TestUser;
  api: Api;
  project: { id: number; name: string };
  suite: { id: number; name: string };
  /** Three cases in the suite, the first with a child. */
  cases: { id: number; name: string }[];
  loose: { id: number; name: string };
}

async function seed(
  createUser: (o: { permissions: readonly PermissionName[]; prefix: string }) => Promise<TestUser>,
) {
  const lead = await createUser({ permissions: LEAD, prefix: 'lead' });
  const api = await lead.api();
  const project = await createProject(api, unique('Cycles P'));
  const suite = await createSuite(api, project.id, unique('Login'));
  const cases = [];
  for (const name of ['Valid password', 'Wrong password', 'Locked account']) {
    cases.push(await createCase(api, { suite: suite.id }, unique(name)));
  }
  await createCase(api, { parent: cases[0]!.id }, unique('Remember me'));
  const loose = await createCase(api, { project: project.id }, unique('Smoke'));
  return { lead, api, project, suite, cases, loose } satisfies Seed;
}

async function newCycle(api: Api, projectId: number, body: object): Promise<Cycle> {
  return (await api.call<{ cycle: Cycle }>('POST', `/api/projects/${projectId}/cycles`, body)).cycle;
}

async function itemsOf(api: Api, cycleId: number, query = ''): Promise<CycleItemPage> {
  return api.call<CycleItemPage>('GET', `/api/cycles/${cycleId}/items?limit=1000${query}`);
}

const progress = (page: Page) => page.locator('.cycle-summary .cycle-progress-summary');
const itemList = (page: Page) => page.getByRole('list', { name: /^Items of / });

test.describe('test cycles on the screens', () => {
  test('New Test Cycle: a suite and a loose case chosen in the checkbox tree', async ({
    page,
    createUser,
  }) => {
    const s = await seed(createUser);
    await s.api.call('POST', `/api/projects/${s.project.id}/milestones`, { name: 'Release 2.4' });
    await signInAt(page, `/projects/${s.project.id}`, s.lead);
    const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Test Cycles' }) });
    await expect(card.getByText('No test cycles yet.')).toBeVisible();
    await card.getByRole('link', { name: 'New Test Cycle' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${s.project.id}/new-cycle$`));

    // Nothing chosen: the form says so at the cases and sends nothing.
    await page.getByLabel('Cycle Name').fill('Release 2.4');
    await page.getByRole('button', { name: 'Create Test Cycle' }).click();
    await expect(page.getByText('Choose at least one suite or case, or all cases')).toBeVisible();

    // A suite's cases show when it is opened; ticking the suite locks them, ticked.
    await page.getByRole('button', { name: `Show the cases of ${s.suite.name}` }).click();
    const firstCase = page.getByRole('checkbox', { name: s.cases[0]!.name });
    await expect(firstCase).toBeEnabled();
    await page.getByRole('checkbox', { name: new RegExp(`^${s.suite.name}`) }).check();
    await expect(firstCase).toBeChecked();
    await expect(firstCase).toBeDisabled();
    await page.getByRole('checkbox', { name: s.loose.name }).check();
    await expect(page.getByText('1 suite and 1 case chosen', { exact: false })).toBeVisible();
    await page.getByLabel('Milestone').selectOption({ label: 'Release 2.4' });
    await page.getByRole('button', { name: 'Create Test Cycle' }).click();

    await expect(toast(page, 'Test cycle created successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Release 2.4' })).toBeVisible();
    // Three suite cases, the child, and the loose case.
    await expect(progress(page)).toHaveText('0 of 5 done (0%)');
    await expect(page.getByText('5 items')).toBeVisible();
    await expect(itemList(page).getByRole('link', { name: s.loose.name })).toBeVisible();

    await page.goto(`/projects/${s.project.id}`);
    await expect(card.getByRole('link', { name: 'Release 2.4' })).toBeVisible();
    await expect(card.getByText('0 of 5 done (0%)')).toBeVisible();
  });

  test('the cycle page: filters in the address, bulk assign, close and reopen', async ({
    page,
    createUser,
  }) => {
    const s = await seed(createUser);
    const cycle = await newCycle(s.api, s.project.id, { name: unique('Nightly'), all_cases: true });
    const items = (await itemsOf(s.api, cycle.id)).items;
    await s.api.call('POST', `/api/cycle-items/${items[0]!.id}/results`, { state: 'failed' });
    await signInAt(page, `/cycles/${cycle.id}`, s.lead);
    await expect(progress(page)).toHaveText('1 of 5 done (20%)');

    await page.getByRole('combobox', { name: 'State' }).selectOption('untested');
    await expect(page).toHaveURL(/[?&]state=untested/);
    await expect(page.getByText('4 items match')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('untested');
    await expect(page.getByText('4 items match')).toBeVisible();

    await page.getByLabel('Search cases').fill(s.cases[1]!.name.slice(0, 14));
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByText('1 item match')).toBeVisible();
    await page.getByLabel('Search cases').fill('');
    await page.getByRole('combobox', { name: 'State' }).selectOption('');
    await expect(page.getByText('5 items')).toBeVisible();

    // Two items ticked and assigned to the lead.
    await page.getByRole('checkbox', { name: `Select ${s.cases[1]!.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${s.cases[2]!.name}` }).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByLabel('Assign to').selectOption({ label: `${s.lead.username} (me)` });
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    // What it did is said beside the list, where focus moves (the button turns disabled).
    const assigned = page.getByRole('status').filter({ hasText: 'Assigned 2 items' });
    await expect(assigned).toBeFocused();
    expect((await itemsOf(s.api, cycle.id, `&assignee_id=${s.lead.id}`)).total).toBe(2);
    await page.getByLabel('Assignee', { exact: true }).selectOption({ label: `${s.lead.username} (me)` });
    await expect(page.getByText('2 items match')).toBeVisible();

    // Closed: read-only until reopened. Untested items remain, so it asks first.
    await page.getByRole('button', { name: 'Close cycle' }).click();
    const ask = page.getByRole('dialog', { name: 'Close this test cycle?' });
    await expect(ask).toContainText('4 of 5 items are still untested.');
    await ask.getByRole('button', { name: 'Yes, Close' }).click();
    await expect(toast(page, 'Test cycle closed')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'This test cycle is closed' })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Reopen cycle' }).click();
    await expect(toast(page, 'Test cycle reopened')).toBeVisible();
    await expect(page.getByRole('checkbox').first()).toBeVisible();
  });

  test('re-run failed takes exactly the failed and blocked items', async ({ page, createUser }) => {
    const s = await seed(createUser);
    const cycle = await newCycle(s.api, s.project.id, { name: unique('Release'), all_cases: true });
    const items = (await itemsOf(s.api, cycle.id)).items;
    const states = ['failed', 'blocked', 'passed', 'skipped'];
    for (const [i, state] of states.entries()) {
      await s.api.call('POST', `/api/cycle-items/${items[i]!.id}/results`, { state });
    }
    await signInAt(page, `/cycles/${cycle.id}`, s.lead);
    await page.getByRole('link', { name: 'Re-run failed' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Re-run Test Cycle' })).toBeVisible();
    await expect(page.getByLabel('Cycle Name')).toHaveValue(`Re-run: ${cycle.name}`);
    await expect(page.getByRole('checkbox', { name: 'Failed (1)' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Blocked (1)' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Passed (1)' })).not.toBeChecked();
    await expect(page.getByText('2 cases to run again.')).toBeVisible();
    await page.getByRole('button', { name: 'Create Test Cycle' }).click();
    await expect(toast(page, 'Test cycle created successfully')).toBeVisible();
    await expect(progress(page)).toHaveText('0 of 2 done (0%)');

    const rerun = Number(/\/cycles\/(\d+)$/.exec(page.url())?.[1]);
    const picked = (await itemsOf(s.api, rerun)).items.map((item) => item.test_case.id).sort();
    expect(picked).toEqual([items[0]!.test_case.id, items[1]!.test_case.id].sort());
  });

  test('progress fills in live when a tester in a second browser records results', async ({
    browser,
    page,
    createUser,
    adminApi,
  }) => {
    const s = await seed(createUser);
    const cycle = await newCycle(s.api, s.project.id, { name: unique('Live'), suite_ids: [s.suite.id] });
    const items = (await itemsOf(s.api, cycle.id)).items;
    await signInAt(page, `/cycles/${cycle.id}`, s.lead);
    await expect(progress(page)).toHaveText('0 of 4 done (0%)');

    // The administrator, in a browser of their own, passes the first item and fails the next by key.
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await signIn(second);
      await second.goto(`/cycle-items/${items[0]!.id}`);
      // The keys work once the result buttons show (they wait for the caller's permissions).
      await expect(second.getByRole('heading', { level: 1, name: items[0]!.test_case.name })).toBeVisible();
      await expect(second.getByRole('button', { name: /^Passed/ })).toBeEnabled();
      await second.keyboard.press('p');
      await expect(second.getByRole('heading', { level: 1, name: items[1]!.test_case.name })).toBeVisible();
      await expect(second.getByRole('button', { name: /^Failed/ })).toBeEnabled();
      await second.keyboard.press('f');
      await expect(second.getByRole('heading', { level: 1, name: items[2]!.test_case.name })).toBeVisible();
    } finally {
      await other.close();
    }

    // The first browser did nothing, yet its progress and list show both results.
    await expect(progress(page)).toHaveText('2 of 4 done (50%)', { timeout: 5000 });
    await expect(
      itemList(page).getByRole('listitem').filter({ hasText: items[1]!.test_case.name }),
    ).toContainText('Failed');
    const states = (await itemsOf(adminApi, cycle.id)).items.slice(0, 2).map((item) => item.state);
    expect(states).toEqual(['passed', 'failed']);
  });

  test('an imported cycle of 5,000 tests: few rows drawn, the last reachable; failures on the case page', {
    tag: LARGE_DATA,
  }, async ({ page, request, createUser }) => {
    const s = await seed(createUser);
    const report = junitReport(5000);
    const imported = await importReport(request, s.api.token, s.project.id, report);
    const cycleId = imported.cycle!.id;

    await signInAt(page, `/cycles/${cycleId}`, s.lead);
    await expect(page.getByText('5,000 items')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'test 0001' }).first()).toBeVisible();
    expect(await itemList(page).getByRole('listitem').count()).toBeLessThan(80);
    await expect(page.locator('.cycle-details')).toContainText('main');

    // Scrolling to the end loads the last page and draws only what is in view.
    // The list scrolls with the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(itemList(page).getByRole('link', { name: 'test 5000' })).toBeVisible();
    expect(await itemList(page).getByRole('listitem').count()).toBeLessThan(80);

    // The failing test's case shows its duration and failure message.
    await page.getByRole('combobox', { name: 'State' }).selectOption('failed');
    await expect(page.getByText('1 item match')).toBeVisible();
    await expect(itemList(page).getByRole('listitem')).toContainText('1.5 s · expected 200, got 500');
    const items = await itemsOf(s.api, cycleId, '&state=failed');
    await page.goto(`/cases/${items.items[0]!.test_case.id}`);
    const results = page.locator('.card', { has: page.getByRole('heading', { name: 'Result History' }) });
    await expect(results).toContainText('expected 200, got 500');
    await expect(results).toContainText('1.5 s');
    await results.getByText('Details (AssertionError)').click();
    await expect(results.locator('pre')).toContainText('at Object.<anonymous>');
  });

  test('axe-core and no sideways scroll on the cycle screens at desktop and phone widths', async ({
    page,
    createUser,
  }) => {
    // Five screens, each checked by axe at two widths: 50 s on CI's busy machine.
    test.setTimeout(120_000);
    const s = await seed(createUser);
    const cycle = await newCycle(s.api, s.project.id, {
      name: unique('A very long cycle name that has to wrap on a phone'),
      milestone: 'Release 2.4',
      environment: 'Chrome / staging',
      all_cases: true,
    });
    const items = (await itemsOf(s.api, cycle.id)).items;
    await s.api.call('POST', `/api/cycle-items/${items[0]!.id}/results`, {
      state: 'failed',
      comment: 'Broken',
    });
    await signIn(page, s.lead);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      for (const [url, heading] of [
        [`/cycles/${cycle.id}`, cycle.name],
        [`/projects/${s.project.id}/new-cycle`, 'New Test Cycle'],
        [`/edit-cycle/${cycle.id}`, 'Edit Test Cycle'],
        [`/projects/${s.project.id}`, 'Project Details'],
        [`/cases/${items[0]!.test_case.id}`, 'Test Case Details'],
      ] as const) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await page
          .locator('.loading')
          .first()
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        await expectNoAxeViolations(page, `${url} at ${size.width}`, true);
        await expectNoSidewaysScroll(page, `${url} at ${size.width}`, true);
      }
    }
  });
});

/** A JUnit report of `count` tests in one suite; test 0002 fails after 1.5 s. */
function junitReport(count: number): string {
  const cases = Array.from({ length: count }, (_, i) => {
    const name = `test ${String(i + 1).padStart(4, '0')}`;
    if (i === 1) {
      return `<testcase classname="api" name="${name}" time="1.5"><failure message="expected 200, got 500" type="AssertionError">AssertionError: expected 200, got 500
    at Object.&lt;anonymous&gt; (api.test.js:12:5)</failure></testcase>`;
    }
    return `<testcase classname="api" name="${name}" time="0.01"/>`;
  });
  return `<?xml version="1.0"?><testsuites><testsuite name="api" tests="${count}">${cases.join('')}</testsuite></testsuites>`;
}

async function importReport(
  request: APIRequestContext,
  token: string,
  projectId: number,
  report: string,
): Promise<ImportResponse> {
  const res = await request.post(`/api/projects/${projectId}/import/junit?branch=main&build_number=77`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
    data: report,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ImportResponse;
}
