import type { Locator, Page } from '@playwright/test';
import type {
  CycleItemPage,
  PermissionName,
  SavedSearchList,
  TestCase,
  TestCaseDetail,
} from '@verdict/contract';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, NARROW_PHONE, PHONE } from '../axe';
import {
  type Api,
  type CreateUser,
  CYCLE_USER,
  createCaseIn,
  createCycle,
  createProject,
  createRun,
  createSelectField,
  createSuite,
  expect,
  signIn,
  signInAt,
  test,
  unique,
} from '../fixtures';

/**
 * docs/product/bulk-actions-screens.md: ticking cases in a suite's list and in the search results
 * (a Shift range, Shift+Space, 'Select all', 'Select all N matching' less those unticked), each
 * bulk action checked through the API, the delete confirmation's counts, saved searches, and
 * axe-core with no sideways scroll at desktop and phone widths with the bar and a dialog open.
 */

const EDITOR: readonly PermissionName[] = [...CYCLE_USER, 'edit_test_case', 'delete_test_case'];

const screenshotsDir = process.env.SCREENSHOTS_DIR;

/**
 * A project with suites Alpha (cases 'Bulk 1' … 'Bulk 5', tagged old and bulkq, and 'Doomed A'
 * with its child 'Child of A') and Beta (empty), 'Doomed B' in no suite, a select field
 * Browser, and an open cycle holding only 'Doomed B'. Three runs: one on 'Doomed A', two on its
 * child.
 */
async function seed(createUser: CreateUser) {
  const user = await createUser({ permissions: EDITOR, prefix: 'bulker' });
  const api = await user.api();
  const project = await createProject(api, unique('Bulk P'));
  const alpha = await createSuite(api, project.id, unique('Alpha'));
  const beta = await createSuite(api, project.id, unique('Beta'));
  const field = await createSelectField(api, project.id, 'Browser', ['Firefox', 'Chrome']);
  const bulk: TestCase[] = [];
  for (let n = 1; n <= 5; n++) {
    bulk.push(
      await createCaseIn(api, `suite/${alpha.id}`, {
        name: `Bulk ${n}`,
        tags: ['old', 'bulkq'],
        priority: 'low',
      }),
    );
  }
  const doomedA = await createCaseIn(api, `suite/${alpha.id}`, { name: 'Doomed A' });
  const childOfA = await createCaseIn(api, `parent/${doomedA.id}`, { name: 'Child of A' });
  const doomedB = await createCaseIn(api, `project/${project.id}`, { name: 'Doomed B' });
  await createRun(api, doomedA.id, 'passed');
  await createRun(api, childOfA.id, 'failed');
  await createRun(api, childOfA.id, 'passed');
  const cycle = await createCycle(api, project.id, [doomedB.id], unique('Sprint'));
  return { user, api, project, alpha, beta, field, bulk, doomedA, childOfA, doomedB, cycle };
}

const bar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });
const dialog = (page: Page) => page.getByRole('dialog');
const status = (page: Page) => page.locator('.bulk-message');
const box = (page: Page, name: string) => page.getByRole('checkbox', { name: `Select ${name}`, exact: true });

async function openAction(page: Page, button: string): Promise<Locator> {
  await bar(page).getByRole('button', { name: button }).click();
  await expect(dialog(page)).toBeVisible();
  return dialog(page);
}

async function caseOf(api: Api, id: number): Promise<TestCaseDetail> {
  return api.call<TestCaseDetail>('GET', `/api/test-cases/single/${id}`);
}

async function shiftRange(page: Page, from: string, to: string) {
  await box(page, from).click();
  await box(page, to).click({ modifiers: ['Shift'] });
}

test.describe('Bulk actions', () => {
  test("a suite's list: a Shift range, then priority, tags, field and move", async ({ page, createUser }) => {
    test.setTimeout(120_000);
    const s = await seed(createUser);
    const [b1, b2, b3, b4, b5] = s.bulk as [TestCase, TestCase, TestCase, TestCase, TestCase];
    await signInAt(page, `/suites/${s.alpha.id}`, s.user);
    await expect(box(page, 'Bulk 1')).toBeVisible();
    await expect(bar(page)).toHaveCount(0);

    // A Shift range ticks both ends and the rows between, in list order.
    await shiftRange(page, 'Bulk 2', 'Bulk 4');
    await expect(bar(page).getByText('3 selected')).toBeVisible();
    for (const [name, on] of [
      ['Bulk 1', false],
      ['Bulk 2', true],
      ['Bulk 3', true],
      ['Bulk 4', true],
      ['Bulk 5', false],
    ] as const) {
      await expect(box(page, name)).toBeChecked({ checked: on });
    }

    // Set priority.
    let form = await openAction(page, 'Set priority…');
    await expect(form.getByRole('heading', { name: 'Set the priority of 3 cases' })).toBeVisible();
    await form.getByLabel('Priority').selectOption('high');
    await form.getByRole('button', { name: 'Set priority' }).click();
    await expect(status(page)).toHaveText('Set the priority of 3 cases to high');
    await expect(bar(page)).toHaveCount(0);
    await expect(box(page, 'Bulk 2')).not.toBeChecked();
    expect(
      await Promise.all([b1, b2, b3, b4, b5].map(async (c) => (await caseOf(s.api, c.id)).priority)),
    ).toEqual(['low', 'high', 'high', 'high', 'low']);
    // The list shows it too.
    await expect(page.getByRole('listitem').filter({ hasText: 'Bulk 3' })).toContainText('High');

    // Tags: add and remove at once, on a range ticked upwards.
    await shiftRange(page, 'Bulk 5', 'Bulk 4');
    form = await openAction(page, 'Tags…');
    await form.getByLabel('Add tags').fill('Nightly, smoke');
    await form.getByLabel('Remove tags').fill('old');
    await form.getByRole('button', { name: 'Change tags' }).click();
    await expect(status(page)).toHaveText(
      'Changed the tags of 2 cases: added nightly, smoke and removed old',
    );
    expect((await caseOf(s.api, b5.id)).tags).toEqual(['bulkq', 'nightly', 'smoke']);
    expect((await caseOf(s.api, b3.id)).tags).toEqual(['old', 'bulkq']);

    // Set field, on two rows ticked one by one.
    await box(page, 'Bulk 1').click();
    await box(page, 'Bulk 3').click();
    form = await openAction(page, 'Set field…');
    await form.getByLabel('Field').selectOption({ label: 'Browser' });
    await form.getByLabel('Value of Browser').selectOption('Chrome');
    await form.getByRole('button', { name: 'Set field' }).click();
    await expect(status(page)).toHaveText('Set Browser on 2 cases');
    expect((await caseOf(s.api, b1.id)).custom_fields).toEqual({ [s.field.id]: 'Chrome' });
    expect((await caseOf(s.api, b2.id)).custom_fields).toEqual({});

    // A refusal shows in the dialog, which stays open: a case cannot go under itself.
    await box(page, 'Doomed A').click();
    form = await openAction(page, 'Move…');
    await expect(form.getByText('Their 1 child case goes along.')).toBeVisible();
    await form.getByRole('radio', { name: 'Under a case' }).click();
    await form.getByRole('searchbox', { name: 'Find the parent case' }).fill('"Child of A"');
    await form.getByRole('radio', { name: /Child of A$/ }).click();
    await form.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await box(page, 'Doomed A').click();

    // Move: 'Select all' then untick two, into suite Beta.
    await page.getByRole('checkbox', { name: 'Select all 6 cases' }).click();
    await expect(bar(page).getByText('6 selected')).toBeVisible();
    await box(page, 'Doomed A').click();
    await box(page, 'Bulk 5').click();
    await expect(page.getByRole('checkbox', { name: 'Select all 6 cases' })).not.toBeChecked();
    form = await openAction(page, 'Move…');
    await form.getByRole('combobox', { name: 'Suite' }).selectOption({ label: s.beta.name });
    await form.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(status(page)).toHaveText(`Moved 4 cases to suite "${s.beta.name}"`);
    await expect(box(page, 'Bulk 1')).toHaveCount(0);
    await expect(box(page, 'Bulk 5')).toBeVisible();
    const beta = await s.api.call<TestCase[]>('GET', `/api/test-cases/suite/${s.beta.id}`);
    expect(beta.map((c) => c.name).sort()).toEqual(['Bulk 1', 'Bulk 2', 'Bulk 3', 'Bulk 4']);
  });

  test('the search: all matching less one, add to cycle, copy, Shift+Space and delete with its counts', async ({
    page,
    createUser,
  }) => {
    test.setTimeout(120_000);
    const s = await seed(createUser);
    await signInAt(page, `/projects/${s.project.id}/search?q=tag%3Abulkq`, s.user);
    await expect(page.locator('.case-search-count')).toHaveText('5 cases match');

    // All matching, less one unticked.
    await page.getByRole('button', { name: 'Select all 5 matching' }).click();
    await expect(bar(page).getByText('5 selected')).toBeVisible();
    await expect(box(page, 'Bulk 3')).toBeChecked();
    await box(page, 'Bulk 3').click();
    await expect(bar(page).getByText('4 selected')).toBeVisible();
    let form = await openAction(page, 'Add to cycle…');
    await form.getByLabel('Test cycle').selectOption({ label: s.cycle.name });
    await form.getByRole('button', { name: 'Add to cycle' }).click();
    await expect(status(page)).toHaveText(`Added 4 cases to the cycle "${s.cycle.name}"`);
    const items = await s.api.call<CycleItemPage>('GET', `/api/cycles/${s.cycle.id}/items`);
    expect(items.items.map((item) => item.test_case.name).sort()).toEqual([
      'Bulk 1',
      'Bulk 2',
      'Bulk 4',
      'Bulk 5',
      'Doomed B',
    ]);

    // Copy two ticked with the keyboard (Space, then Shift+Space for the range) to the project.
    await box(page, 'Bulk 1').focus();
    await page.keyboard.press('Space');
    await box(page, 'Bulk 2').focus();
    await page.keyboard.press('Shift+Space');
    await expect(bar(page).getByText('2 selected')).toBeVisible();
    await expect(box(page, 'Bulk 1')).toBeChecked();
    await expect(box(page, 'Bulk 2')).toBeChecked();
    form = await openAction(page, 'Copy…');
    await form.getByRole('combobox', { name: 'Suite' }).selectOption({ label: 'No suite (project)' });
    await form.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(status(page)).toHaveText('Copied 2 cases to the project (no suite)');
    // The copies match the query too: the list shows them.
    await expect(page.locator('.case-search-count')).toHaveText('7 cases match');
    const loose = await s.api.call<TestCase[]>('GET', `/api/test-cases/project/${s.project.id}`);
    expect(
      loose
        .filter((c) => c.suite_id === null)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Bulk 1', 'Bulk 2', 'Doomed B']);

    // Delete: the confirmation counts the cases, the child cases and the runs that go.
    await page.getByRole('searchbox', { name: 'Search cases' }).fill('doomed');
    await page.getByRole('searchbox', { name: 'Search cases' }).press('Enter');
    await expect(page.locator('.case-search-count')).toHaveText('2 cases match');
    await page.getByRole('button', { name: 'Select all 2 matching' }).click();
    form = await openAction(page, 'Delete…');
    await expect(form.getByRole('heading', { name: 'Delete 2 cases' })).toBeVisible();
    await expect(
      form.getByText('Delete 2 cases with 1 child case and 3 runs? This cannot be undone.'),
    ).toBeVisible();
    await form.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(status(page)).toHaveText('Deleted 2 cases with 1 descendant case and 3 runs');
    await expect(page.locator('.case-search-count')).toHaveText('No cases match.');
    expect(await s.api.status('GET', `/api/test-cases/single/${s.childOfA.id}`)).toBe(404);
  });

  test('saved searches: save under a name (a taken one refused), open as a link, delete', async ({
    page,
    createUser,
  }) => {
    const s = await seed(createUser);
    await signInAt(page, `/projects/${s.project.id}/search?q=tag%3Abulkq`, s.user);
    const saved = page.getByRole('region', { name: 'Saved searches' });
    await expect(saved.getByText('None yet: save a search to come back to it.')).toBeVisible();
    await saved.getByRole('button', { name: 'Save search' }).click();
    const name = saved.getByRole('textbox', { name: 'Name of the search' });
    await expect(name).toBeFocused();
    await expect(name).toHaveValue('tag:bulkq');
    await name.fill('Bulk ones');
    await name.press('Enter');
    await expect(saved.getByRole('status')).toHaveText('Search saved: Bulk ones');
    await expect(saved.getByRole('link', { name: 'Bulk ones' })).toHaveAttribute(
      'href',
      `/projects/${s.project.id}/search?q=tag%3Abulkq`,
    );

    // Another query under a name already taken (ignoring case).
    await page.goto(`/projects/${s.project.id}/search?q=doomed`);
    await saved.getByRole('button', { name: 'Save search' }).click();
    await name.fill('bulk ONES');
    await saved.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(saved.locator('.form-error')).toBeVisible();
    await saved.getByRole('button', { name: 'Cancel' }).click();

    // The link opens the search.
    await saved.getByRole('link', { name: 'Bulk ones' }).click();
    await expect(page).toHaveURL(/\?q=tag%3Abulkq$/);
    await expect(page.locator('.case-search-count')).toHaveText('5 cases match');

    await saved.getByRole('button', { name: 'Delete saved search Bulk ones' }).click();
    await expect(saved.getByRole('status')).toHaveText('Saved search deleted');
    await expect(saved.getByRole('link')).toHaveCount(0);
    const left = await s.api.call<SavedSearchList>('GET', `/api/projects/${s.project.id}/saved-searches`);
    expect(left.searches).toEqual([]);
  });

  test('axe-core and no sideways scroll with the bar and a dialog open, desktop and phones', async ({
    page,
    createUser,
  }) => {
    test.setTimeout(120_000);
    const s = await seed(createUser);
    await signIn(page, s.user);
    for (const size of [DESKTOP, PHONE, NARROW_PHONE]) {
      await page.setViewportSize(size);
      for (const [what, url, first] of [
        ['search', `/projects/${s.project.id}/search`, 'Bulk 1'],
        ['suite', `/suites/${s.alpha.id}`, 'Bulk 1'],
      ] as const) {
        await page.goto(url);
        await box(page, first).click();
        await expect(bar(page).getByText('1 selected')).toBeVisible();
        await expectNoAxeViolations(page, `${what} with the bar at ${size.width}`, true);
        await expectNoSidewaysScroll(page, `${what} with the bar at ${size.width}`, true);
        if (screenshotsDir) {
          await page.screenshot({ path: `${screenshotsDir}/bulk-${what}-${size.width}.png`, fullPage: true });
        }
        const form = await openAction(page, 'Move…');
        await form.getByRole('radio', { name: 'Under a case' }).click();
        await form.getByRole('searchbox', { name: 'Find the parent case' }).fill('doomed');
        await expect(form.getByRole('radio', { name: /Doomed B$/ })).toBeVisible();
        await expectNoAxeViolations(page, `${what} move dialog at ${size.width}`, true);
        await expectNoSidewaysScroll(page, `${what} move dialog at ${size.width}`, true);
        if (screenshotsDir) {
          await page.screenshot({ path: `${screenshotsDir}/bulk-${what}-move-${size.width}.png` });
        }
        await page.keyboard.press('Escape');
        await expect(dialog(page)).toHaveCount(0);
        await bar(page).getByRole('button', { name: 'Delete…' }).click();
        await expect(dialog(page).getByText(/This cannot be undone\.$/)).toBeVisible();
        await expectNoAxeViolations(page, `${what} delete dialog at ${size.width}`, true);
        if (screenshotsDir) {
          await page.screenshot({ path: `${screenshotsDir}/bulk-${what}-delete-${size.width}.png` });
        }
        await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      }
    }
  });
});
