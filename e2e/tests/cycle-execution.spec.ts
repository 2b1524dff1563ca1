import type { Locator, Page } from '@playwright/test';
import type {
  CycleItem,
  CycleItemDetail,
  CycleItemPage,
  CycleMutation,
  PermissionName,
  TestCase,
} from '@verdict/contract';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, NARROW_PHONE, PHONE } from '../axe';
import {
  type Api,
  addMember,
  type CreateUser,
  createCase,
  createProject,
  createRole,
  createSuite,
  expect,
  signIn,
  signInAt,
  test,
  unique,
} from '../fixtures';
import { errorBox, toast } from '../page-helpers';

/**
 * docs/product/cycle-execution.md: the execution view of a cycle item (its keys, the timer, the
 * next untested item, closed cycles), My Work and the dashboard's "Active cycles".
 */

/** What a tester needs to fill a project of their own, make a cycle, assign and run it. */
const TESTER: PermissionName[] = [
  'add_project',
  'home_project',
  'home_test_suit',
  'home_test_case',
  'add_test_suit_in_project',
  'add_test_case_in_test_suit',
  'home_test_cycle',
  'add_test_cycle',
  'edit_test_cycle',
  'execute_test_cycle',
  // A cycle named with a new milestone makes the milestone (docs/product/milestones.md).
  'home_milestone',
  'add_milestone',
];

interface CycleSetup {
  projectId: number;
  projectName: string;
  cycleId: number;
  cycleName: string;
  cases: TestCase[];
  items: CycleItem[];
}

/** A project of `api`'s user with one suite of `count` cases, and an open cycle of that suite. */
async function cycleWithCases(
  api: Api,
  count = 3,
  extra: { milestone?: string; environment?: string } = {},
): Promise<CycleSetup> {
  const project = await createProject(api, unique('Exec P'));
  const suite = await createSuite(api, project.id, unique('Exec S'));
  const cases: TestCase[] = [];
  for (let index = 1; index <= count; index += 1) {
    cases.push(
      await createCase(api, { suite: suite.id }, unique(`Case ${index}`), `Step ${index}: check it`),
    );
  }
  const cycleName = unique('Cycle');
  const { cycle } = await api.call<CycleMutation>('POST', `/api/projects/${project.id}/cycles`, {
    name: cycleName,
    suite_ids: [suite.id],
    ...extra,
  });
  const { items } = await api.call<CycleItemPage>('GET', `/api/cycles/${cycle.id}/items`);
  return { projectId: project.id, projectName: project.name, cycleId: cycle.id, cycleName, cases, items };
}

const assign = (api: Api, cycleId: number, itemIds: number[], assigneeId: number | null) =>
  api.call('PUT', `/api/cycles/${cycleId}/assign`, { item_ids: itemIds, assignee_id: assigneeId });

const itemDetail = (api: Api, itemId: number) =>
  api.call<CycleItemDetail>('GET', `/api/cycle-items/${itemId}`);

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const progress = (page: Page, summary: string) =>
  page.getByRole('img', { name: new RegExp(`^${summary.replace(/[()]/g, '\\$&')}`) });

/** Moves focus with Tab only until `target` has it (at most 20 steps). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let step = 0; step < 20; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function tester(createUser: CreateUser) {
  const user = await createUser({ permissions: TESTER, prefix: 'exec' });
  return { user, api: await user.api() };
}

test('a tester runs a whole cycle by keyboard only: P, F with a comment, S, then the end', async ({
  page,
  createUser,
}) => {
  const { user, api } = await tester(createUser);
  const setup = await cycleWithCases(api);
  const [first, second, third] = setup.items;
  await signInAt(page, `/cycle-items/${first!.id}`, user);

  await expect(heading(page, setup.cases[0]!.name)).toBeVisible();
  await expect(page).toHaveTitle(`${setup.cases[0]!.name} · Verdict`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link')).toHaveText([setup.projectName, setup.cycleName]);
  await expect(page.getByText('Step 1: check it')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Passed' })).toHaveAttribute('aria-keyshortcuts', 'P');
  await expect(page.getByRole('button', { name: 'Next untested' })).toHaveAttribute('aria-keyshortcuts', 'N');
  await expect(progress(page, '0 of 3 done (0%)')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^0:0\d$/);

  await page.keyboard.press('p');
  await expect(toast(page, 'Result recorded')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/cycle-items/${second!.id}$`));
  await expect(heading(page, setup.cases[1]!.name)).toBeFocused();
  await expect(progress(page, '1 of 3 done (33%)')).toBeVisible();
  const passed = await itemDetail(api, first!.id);
  expect(passed.item.state).toBe('passed');
  expect(passed.results[0]!.elapsed_ms).toEqual(expect.any(Number));

  // Typing in the comment box records nothing, whatever the letters; Escape leaves it.
  const comment = page.getByLabel('Comment');
  await tabTo(page, comment);
  await page.keyboard.type('Fails at step 2: spinner never stops');
  await expect(comment).toHaveValue('Fails at step 2: spinner never stops');
  await expect(page).toHaveURL(new RegExp(`/cycle-items/${second!.id}$`));
  await page.keyboard.press('Escape');
  await expect(heading(page, setup.cases[1]!.name)).toBeFocused();
  await page.keyboard.press('f');
  await expect(page).toHaveURL(new RegExp(`/cycle-items/${third!.id}$`));
  await expect(heading(page, setup.cases[2]!.name)).toBeFocused();
  await expect(progress(page, '2 of 3 done (67%)')).toBeVisible();
  // A new item starts with an empty comment.
  await expect(page.getByLabel('Comment')).toHaveValue('');
  const failed = await itemDetail(api, second!.id);
  expect(failed.item.state).toBe('failed');
  expect(failed.results.map((result) => result.comment)).toEqual(['Fails at step 2: spinner never stops']);

  await page.keyboard.press('s');
  await expect(page.getByText('No untested items left in this cycle.')).toBeVisible();
  await expect(page.getByRole('link', { name: `Back to ${setup.cycleName}` })).toHaveAttribute(
    'href',
    `/cycles/${setup.cycleId}`,
  );
  await expect(page).toHaveURL(new RegExp(`/cycle-items/${third!.id}$`));
  await expect(progress(page, '3 of 3 done (100%)')).toBeVisible();
  expect((await itemDetail(api, third!.id)).item.state).toBe('skipped');

  // The recorded results show on the item, with who recorded them.
  await page.goto(`/cycle-items/${second!.id}`);
  await expect(page.getByRole('heading', { name: 'Results (1)' })).toBeVisible();
  await expect(page.getByText('Fails at step 2: spinner never stops')).toBeVisible();
  await expect(page.getByText(`by ${user.username}`)).toBeVisible();
});

test('mine first: after a result the next item is the caller’s own, then any untested one', async ({
  page,
  createUser,
  adminApi,
}) => {
  const { user, api } = await tester(createUser);
  const other = await createUser({ permissions: ['home_project'], prefix: 'exec-other' });
  const setup = await cycleWithCases(api);
  const memberRole = await createRole(adminApi, ['home_test_cycle']);
  await addMember(adminApi, setup.projectId, other.id, memberRole.id);
  const [first, second, third] = setup.items;
  await assign(api, setup.cycleId, [second!.id], other.id);
  await assign(api, setup.cycleId, [third!.id], user.id);

  await signInAt(page, `/cycle-items/${first!.id}`, user);
  await expect(heading(page, setup.cases[0]!.name)).toBeVisible();
  await page.getByRole('button', { name: 'Passed' }).click();
  // The third item is the caller's; the second, earlier, is someone else's.
  await expect(page).toHaveURL(new RegExp(`/cycle-items/${third!.id}$`));
  // The third item's own view, drawn: a click while the first item's view is still replaced can
  // land on a button that goes with it.
  await expect(heading(page, setup.cases[2]!.name)).toBeVisible();
  await expect(page.getByText(user.username, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Blocked' }).click();
  await expect(page).toHaveURL(new RegExp(`/cycle-items/${second!.id}$`));
  await expect(page.getByText(other.username, { exact: true })).toBeVisible();

  // N leaves an untested item for the next without recording anything.
  await page.goto(`/cycle-items/${first!.id}`);
  await expect(heading(page, setup.cases[0]!.name)).toBeVisible();
  await page.keyboard.press('n');
  await expect(page).toHaveURL(new RegExp(`/cycle-items/${second!.id}$`));
  expect((await itemDetail(api, second!.id)).item.state).toBe('untested');
});

test('a closed cycle shows no result buttons and its keys record nothing', async ({ page, createUser }) => {
  const { user, api } = await tester(createUser);
  const setup = await cycleWithCases(api, 2);
  const [first] = setup.items;
  await api.call('PUT', `/api/cycles/${setup.cycleId}`, { state: 'closed' });

  await signInAt(page, `/cycle-items/${first!.id}`, user);
  await expect(heading(page, setup.cases[0]!.name)).toBeVisible();
  await expect(page.getByText('This test cycle is closed; reopen it first')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Passed' })).toHaveCount(0);
  await expect(page.getByLabel('Comment')).toHaveCount(0);
  await page.keyboard.press('p');
  await page.waitForTimeout(500);
  expect((await itemDetail(api, first!.id)).item.state).toBe('untested');
});

test('a user who sees the cycle but lacks execute_test_cycle gets no result buttons', async ({
  page,
  createUser,
  adminApi,
}) => {
  const { api } = await tester(createUser);
  const setup = await cycleWithCases(api, 1);
  const [first] = setup.items;
  const viewer = await createUser({ permissions: ['home_project'], prefix: 'exec-viewer' });
  const viewerRole = await createRole(adminApi, ['home_test_cycle']);
  await addMember(adminApi, setup.projectId, viewer.id, viewerRole.id);
  await signInAt(page, `/cycle-items/${first!.id}`, viewer);
  await expect(heading(page, setup.cases[0]!.name)).toBeVisible();
  await expect(page.getByText('You may see this cycle but not record its results.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Passed' })).toHaveCount(0);
});

test('a refused result keeps the comment and shows the server’s reason; a missing item has its page', async ({
  page,
  createUser,
}) => {
  const { user, api } = await tester(createUser);
  const setup = await cycleWithCases(api, 1);
  const [only] = setup.items;
  await signInAt(page, `/cycle-items/${only!.id}`, user);
  await page.getByLabel('Comment').fill('Looks wrong');
  await page.route('**/api/cycle-items/*/results', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'This test cycle is closed; reopen it first' }),
    }),
  );
  await page.getByRole('button', { name: 'Failed' }).click();
  await expect(errorBox(page, '⚠️ Failed to record the result')).toBeVisible();
  await expect(errorBox(page, 'This test cycle is closed; reopen it first')).toBeVisible();
  await expect(page.getByLabel('Comment')).toHaveValue('Looks wrong');
  await expect(page).toHaveURL(new RegExp(`/cycle-items/${only!.id}$`));

  await page.goto('/cycle-items/999999999');
  await expect(heading(page, 'Cycle item not found')).toBeVisible();
});

test('an imported failure shows its message, type and text in a details box that wraps', async ({
  page,
  adminApi,
  request,
}) => {
  const project = await createProject(adminApi, unique('Exec import'));
  const stack = `java.lang.AssertionError: expected 200 but was 500\n${'\tat com.acme.pay.CheckoutTest.paysWithCard(CheckoutTest.java:42)'.repeat(6)}`;
  const report = `<?xml version="1.0"?><testsuite name="com.acme.pay.CheckoutTest" tests="1" failures="1"><testcase classname="com.acme.pay.CheckoutTest" name="paysWithCard" time="1.25"><failure message="expected 200 but was 500" type="java.lang.AssertionError">${stack}</failure></testcase></testsuite>`;
  const res = await request.post(`/api/projects/${project.id}/import/junit`, {
    headers: { authorization: `Bearer ${adminApi.token}`, 'content-type': 'application/xml' },
    data: report,
  });
  expect(res.status(), await res.text()).toBe(201);
  const { cycle } = (await res.json()) as { cycle: { id: number } };
  const { items } = await adminApi.call<CycleItemPage>('GET', `/api/cycles/${cycle.id}/items`);

  await page.setViewportSize(PHONE);
  await signInAt(page, `/cycle-items/${items[0]!.id}`);
  await expect(heading(page, 'paysWithCard')).toBeVisible();
  await expect(page.getByText('took 1.3 s')).toBeVisible();
  // The message shows at once; the type and the whole text behind Details.
  await expect(page.getByText('expected 200 but was 500', { exact: true })).toBeVisible();
  await page.getByText('Details (java.lang.AssertionError)').click();
  await expect(page.locator('pre')).toContainText('CheckoutTest.java:42');
  await expectNoSidewaysScroll(page, 'an imported failure on a phone');
});

test('My Work lists the caller’s assigned items; the sidebar link opens it and Start the first', async ({
  page,
  createUser,
}) => {
  const { user, api } = await tester(createUser);
  await signIn(page, user);
  await page.getByRole('navigation').getByRole('link', { name: 'My Work' }).click();
  await expect(page).toHaveURL(/\/my-work$/);
  await expect(heading(page, 'My Work')).toBeVisible();
  await expect(page.getByText('Nothing is assigned to you.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start' })).toHaveCount(0);

  const setup = await cycleWithCases(api);
  const [first, second] = setup.items;
  await assign(api, setup.cycleId, [first!.id, second!.id], user.id);
  await page.reload();
  const table = page.getByRole('table', { name: 'My Work' });
  await expect(table.getByRole('columnheader')).toHaveText(['#', 'Case', 'Cycle', 'Project', 'State']);
  await expect(table.getByRole('row')).toHaveCount(3);
  const row = table.getByRole('row').nth(1);
  await expect(row.getByRole('cell')).toHaveText([
    '1',
    setup.cases[0]!.name,
    setup.cycleName,
    setup.projectName,
    'Untested',
  ]);
  await expect(row.getByRole('link', { name: setup.cases[0]!.name })).toHaveAttribute(
    'href',
    `/cycle-items/${first!.id}`,
  );
  await expect(row.getByRole('link', { name: setup.cycleName })).toHaveAttribute(
    'href',
    `/cycles/${setup.cycleId}`,
  );
  await expect(table.getByRole('link', { name: setup.cases[2]!.name })).toHaveCount(0);

  await page.getByRole('link', { name: 'Start' }).click();
  await expect(page).toHaveURL(new RegExp(`/cycle-items/${first!.id}$`));
  await expect(heading(page, setup.cases[0]!.name)).toBeVisible();
});

test('the dashboard’s Active cycles card shows an open cycle with its progress', async ({
  page,
  createUser,
}) => {
  const { user, api } = await tester(createUser);
  await signIn(page, user);
  const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Active cycles' }) });
  await expect(card.getByText('No active test cycles.')).toBeVisible();

  const setup = await cycleWithCases(api, 3, { milestone: 'Release 2.4', environment: 'Chrome / staging' });
  await api.call('POST', `/api/cycle-items/${setup.items[0]!.id}/results`, { state: 'passed' });
  await page.reload();
  await expect(card.getByRole('link', { name: setup.cycleName })).toHaveAttribute(
    'href',
    `/cycles/${setup.cycleId}`,
  );
  await expect(
    card.getByText(`${setup.projectName} · Milestone: Release 2.4 · Environment: Chrome / staging`),
  ).toBeVisible();
  await expect(card.getByRole('img', { name: /^1 of 3 done \(33%\): 1 passed, 2 untested$/ })).toBeVisible();
  // The figures above it are still there.
  await expect(page.getByRole('heading', { name: 'Total Projects' })).toBeVisible();
});

for (const size of [DESKTOP, PHONE]) {
  test(`axe-core finds nothing on the execution view and My Work at ${size.width}×${size.height}`, async ({
    page,
    createUser,
  }) => {
    const { user, api } = await tester(createUser);
    const setup = await cycleWithCases(api, 2);
    const [first, second] = setup.items;
    await api.call('POST', `/api/cycle-items/${first!.id}/results`, {
      state: 'failed',
      comment: 'A long comment that has to wrap on a phone: '.repeat(4),
      elapsed_ms: 4200,
    });
    await assign(api, setup.cycleId, [second!.id], user.id);
    await page.setViewportSize(size);
    await signInAt(page, `/cycle-items/${first!.id}`, user);
    await expect(page.getByRole('heading', { name: 'Results (1)' })).toBeVisible();
    await expect(page.getByText('took 4.2 s')).toBeVisible();
    await expectNoAxeViolations(page, 'the execution view');
    await expectNoSidewaysScroll(page, 'the execution view');

    await page.goto('/my-work');
    await expect(
      page.getByRole('table', { name: 'My Work' }).getByRole('link', { name: setup.cases[1]!.name }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'My Work');
    await expectNoSidewaysScroll(page, 'My Work');
  });
}

test('the execution view fits a 320 px wide phone; N with no other untested item says so', async ({
  page,
  createUser,
}) => {
  const { user, api } = await tester(createUser);
  const setup = await cycleWithCases(api, 1);
  await page.setViewportSize(NARROW_PHONE);
  await signInAt(page, `/cycle-items/${setup.items[0]!.id}`, user);
  await expect(page.getByRole('button', { name: 'Skipped' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the execution view at 320 px');
  // N on the only untested item finds no other one.
  await page.keyboard.press('n');
  await expect(page.getByText('No other untested items left in this cycle.')).toBeVisible();
});

for (const size of [DESKTOP, PHONE]) {
  test(`undo, previous and the list of items at ${size.width}×${size.height}, checked by axe-core`, async ({
    page,
    createUser,
  }) => {
    const { user, api } = await tester(createUser);
    const setup = await cycleWithCases(api, 3);
    const [first, second] = setup.items;
    await page.setViewportSize(size);
    await signInAt(page, `/cycle-items/${first!.id}`, user);
    await expect(heading(page, setup.cases[0]!.name)).toBeVisible();

    // Failed by mistake: the view moves on, and the last result offers Undo.
    await page.getByRole('button', { name: 'Failed' }).click();
    await expect(page).toHaveURL(new RegExp(`/cycle-items/${second!.id}$`));
    const last = page.getByRole('region', { name: 'Last result' });
    await expect(last.getByRole('link', { name: setup.cases[0]!.name })).toBeVisible();
    await expect(last.getByRole('button', { name: 'Undo' })).toHaveAttribute('aria-keyshortcuts', 'U');
    const toggle = page.getByRole('button', { name: 'Items of this cycle (2 of 3)' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = page.getByRole('navigation', { name: 'Items of this cycle' });
    await expect(list.getByRole('link', { name: setup.cases[1]!.name })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(list.getByRole('listitem').first()).toContainText('Failed');
    await expectNoAxeViolations(page, 'the execution view with its last result and items');
    await expectNoSidewaysScroll(page, 'the execution view with its last result and items');
    await page.screenshot({ path: `/tmp/execution-${size.width}.png`, fullPage: false });
    await page.screenshot({ path: `/tmp/execution-${size.width}-full.png`, fullPage: true });

    await last.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Result undone')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/cycle-items/${first!.id}$`));
    await expect(page.getByRole('region', { name: 'Last result' })).toHaveCount(0);
    await expect(progress(page, '0 of 3 done (0%)')).toBeVisible();
    const undone = await itemDetail(api, first!.id);
    expect(undone.item.state).toBe('untested');
    expect(undone.results).toEqual([]);

    // Retest by its key, then Previous goes back to the item before.
    await page.keyboard.press('r');
    await expect(page).toHaveURL(new RegExp(`/cycle-items/${second!.id}$`));
    expect((await itemDetail(api, first!.id)).item.state).toBe('retest');
    await expect(progress(page, '0 of 3 done (0%)')).toBeVisible();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL(new RegExp(`/cycle-items/${first!.id}$`));
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });
}

test('on a phone the result buttons stay at the bottom of the screen and hide no content', async ({
  page,
  createUser,
}) => {
  const { user, api } = await tester(createUser);
  const setup = await cycleWithCases(api, 2);
  await page.setViewportSize(PHONE);
  await signInAt(page, `/cycle-items/${setup.items[0]!.id}`, user);
  await expect(heading(page, setup.cases[0]!.name)).toBeVisible();
  const bar = page.locator('.execution-buttons');
  const passed = bar.getByRole('button', { name: 'Passed' });
  // In reach without scrolling, at the foot of the screen.
  await expect(passed).toBeInViewport();
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height + 1);
  expect(box.y).toBeGreaterThan(PHONE.height / 2);
  for (const name of ['Failed', 'Blocked', 'Skipped', 'Retest']) {
    await expect(bar.getByRole('button', { name })).toBeInViewport();
  }
  // Scrolled to the end, the last content ends above the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastCard = page.locator('main .card').last();
  await expect(lastCard).toBeVisible();
  const cardBox = (await lastCard.boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(barBox.y + 1);
  await page.screenshot({ path: '/tmp/execution-390-bottom.png' });
  await passed.click();
  await expect(page).toHaveURL(new RegExp(`/cycle-items/${setup.items[1]!.id}$`));
});
