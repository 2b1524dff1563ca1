import type { Page } from '@playwright/test';
import type { CycleItemPage } from '@verdict/contract';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from '../axe';
import {
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
  type TestUser,
  test,
  unique,
} from '../fixtures';

/**
 * docs/product/search-screens.md: Search Test Cases with each kind of term, its rows and counts,
 * a search as a link (reload, Back), a query's problems at their terms, and the project page's
 * box with its '/' key; axe-core and no sideways scroll at desktop and phone widths.
 */

const screenshotsDir = process.env.SCREENSHOTS_DIR;

/**
 * A project of five cases in id order: 'Pay by card' (Checkout; high, smoke + payments, Chrome,
 * passed) with its child 'Declined card' (critical, failed), 'Refund order' (Checkout; low,
 * flaky, never ran), 'Wrong password' (Login flow; smoke, Firefox, failed, in an open cycle
 * assigned to the user) and 'Loose smoke' (no suite).
 */
async function seed(createUser: CreateUser) {
  const user: TestUser = await createUser({ permissions: CYCLE_USER, prefix: 'searcher' });
  const api = await user.api();
  const project = await createProject(api, unique('Search P'));
  const checkout = await createSuite(api, project.id, unique('Checkout'));
  const login = await createSuite(api, project.id, unique('Login flow'));
  const field = await createSelectField(api, project.id, 'Browser', ['Firefox', 'Chrome']);
  const browser = (value: string) => ({ [field.id]: value });
  const payByCard = await createCaseIn(api, `suite/${checkout.id}`, {
    name: 'Pay by card',
    description: 'Visa and Mastercard',
    priority: 'high',
    tags: ['smoke', 'payments'],
    custom_fields: browser('Chrome'),
  });
  const declined = await createCaseIn(api, `parent/${payByCard.id}`, {
    name: 'Declined card',
    priority: 'critical',
    tags: ['payments'],
  });
  const refund = await createCaseIn(api, `suite/${checkout.id}`, {
    name: 'Refund order',
    description: 'The money back in full',
    priority: 'low',
    tags: ['flaky'],
  });
  const wrongPassword = await createCaseIn(api, `suite/${login.id}`, {
    name: 'Wrong password',
    description: 'Shows an error',
    tags: ['smoke'],
    custom_fields: browser('Firefox'),
  });
  const loose = await createCaseIn(api, `project/${project.id}`, { name: 'Loose smoke' });
  await createRun(api, payByCard.id, 'passed');
  await createRun(api, declined.id, 'failed');
  await createRun(api, wrongPassword.id, 'failed');
  const cycle = await createCycle(api, project.id, [wrongPassword.id], unique('Regression'));
  const { items } = await api.call<CycleItemPage>('GET', `/api/cycles/${cycle.id}/items`);
  await api.call('PUT', `/api/cycles/${cycle.id}/assign`, {
    item_ids: items.map((item) => item.id),
    assignee_id: user.id,
  });
  return { user, project, checkout, login, payByCard, declined, refund, wrongPassword, loose };
}

const box = (page: Page) => page.getByRole('searchbox', { name: 'Search cases', exact: true });
const results = (page: Page) => page.getByRole('list', { name: 'Matching cases' });
const count = (page: Page) => page.locator('.case-search-count');

async function search(page: Page, query: string) {
  await box(page).fill(query);
  await box(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(query).replace(/%20/g, '\\+')}$`));
}

/** The names of the rows shown, in order (the lists here are short enough to be drawn whole). */
async function expectRows(page: Page, names: readonly string[]) {
  const text =
    names.length === 0
      ? 'No cases match.'
      : names.length === 1
        ? '1 case matches'
        : `${names.length} cases match`;
  await expect(count(page)).toHaveText(text);
  if (names.length === 0) {
    await expect(results(page)).toHaveCount(0);
    return;
  }
  await expect(results(page).getByRole('link')).toHaveText([...names]);
}

test.describe('Search Test Cases', () => {
  test('each kind of term finds its cases; a search is a link; problems show at their terms', async ({
    page,
    createUser,
  }) => {
    test.setTimeout(120_000);
    const s = await seed(createUser);
    await signInAt(page, `/projects/${s.project.id}/search`, s.user);
    await expect(page.getByRole('heading', { level: 1, name: 'Search Test Cases' })).toBeVisible();
    await expect(page.locator('.page-subtitle')).toHaveText(s.project.name);
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('link', { name: s.project.name })).toBeVisible();
    await expect(trail).toContainText('Search Test Cases');
    // An empty query: every case, parents before their children.
    await expectRows(page, ['Pay by card', 'Declined card', 'Refund order', 'Wrong password', 'Loose smoke']);
    const declinedRow = results(page).getByRole('listitem').filter({ hasText: 'Declined card' });
    await expect(declinedRow).toContainText(`${s.checkout.name} › Pay by card › Declined card`);
    await expect(declinedRow).toContainText('Critical');
    await expect(declinedRow.getByRole('img', { name: 'Latest: failed' })).toBeVisible();
    const payRow = results(page).getByRole('listitem').filter({ hasText: 'Pay by card' }).first();
    await expect(payRow.getByRole('img', { name: 'Latest: passed, subtree: failed' })).toBeVisible();
    await expect(payRow).toContainText('smoke');

    const cases: [string, string[]][] = [
      ['card', ['Pay by card', 'Declined card']],
      ['"money back"', ['Refund order']],
      ['tag:smoke', ['Pay by card', 'Wrong password']],
      ['priority:critical', ['Declined card']],
      ['status:failed', ['Declined card', 'Wrong password']],
      ['status:none', ['Refund order', 'Loose smoke']],
      ['rollup:failed', ['Pay by card', 'Declined card', 'Wrong password']],
      [`suite:"${s.login.name}"`, ['Wrong password']],
      ['suite:none', ['Loose smoke']],
      ['assignee:me', ['Wrong password']],
      ['browser:Chrome', ['Pay by card']],
      ['-tag:payments', ['Refund order', 'Wrong password', 'Loose smoke']],
      ['tag:smoke -priority:high', ['Wrong password']],
      ['nothing-like-this', []],
    ];
    for (const [query, names] of cases) {
      await search(page, query);
      await expectRows(page, names);
    }

    // A search is a link: a reload keeps it, Back returns to the one before.
    await search(page, 'tag:payments');
    await expectRows(page, ['Pay by card', 'Declined card']);
    await page.reload();
    await expect(box(page)).toHaveValue('tag:payments');
    await expectRows(page, ['Pay by card', 'Declined card']);
    await page.goBack();
    await expect(box(page)).toHaveValue('nothing-like-this');
    await expectRows(page, []);
    await page.goForward();
    await expectRows(page, ['Pay by card', 'Declined card']);

    // Typing searches after a pause, without Enter.
    await box(page).fill('wrong');
    await expect(page).toHaveURL(/\?q=wrong$/);
    await expectRows(page, ['Wrong password']);

    // Open a row.
    await results(page).getByRole('link', { name: 'Wrong password' }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${s.wrongPassword.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expectRows(page, ['Wrong password']);

    // A query with problems: each at its term, nothing searched.
    await search(page, 'smoke priority:urgent colour:red');
    const problems = page.getByRole('alert').getByRole('listitem');
    await expect(problems).toHaveCount(2);
    await expect(problems.nth(0)).toHaveText(
      'priority:urgent: Unknown priority "urgent": use critical, high, medium or low',
    );
    await expect(problems.nth(0).locator('code')).toHaveText('priority:urgent');
    await expect(problems.nth(1).locator('code')).toHaveText('colour:red');
    await expect(problems.nth(1)).toContainText('Unknown field "colour"');
    await expect(problems.nth(1)).toContainText('Browser');
    await expect(box(page)).toHaveAttribute('aria-invalid', 'true');
    const chips = page.getByRole('list', { name: 'Terms of the query' }).getByRole('listitem');
    await expect(chips).toHaveText(['smoke', 'priority:urgent error', 'colour:red error']);
    await expect(results(page)).toHaveCount(0);
    await search(page, 'tag:smoke "not closed');
    await expect(page.getByRole('alert').getByRole('listitem')).toHaveText([
      '"not closed: A quote is not closed',
    ]);
  });

  test("the project page's box: '/' focuses it, Enter opens the search", async ({ page, createUser }) => {
    const s = await seed(createUser);
    await signInAt(page, `/projects/${s.project.id}`, s.user);
    await expect(page.getByRole('heading', { level: 1, name: 'Project Details' })).toBeVisible();
    await expect(box(page)).not.toBeFocused();
    await page.keyboard.press('/');
    await expect(box(page)).toBeFocused();
    await expect(box(page)).toHaveValue('');
    await page.keyboard.type('priority:high');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/projects/${s.project.id}/search\\?q=priority%3Ahigh$`));
    await expectRows(page, ['Pay by card']);
  });

  test('axe-core and no sideways scroll at desktop and phone widths', async ({ page, createUser }) => {
    const s = await seed(createUser);
    await signIn(page, s.user);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(`/projects/${s.project.id}/search`);
      await expectRows(page, [
        'Pay by card',
        'Declined card',
        'Refund order',
        'Wrong password',
        'Loose smoke',
      ]);
      await page.getByText('Search help').click();
      await expect(page.locator('.case-search-help').getByText('assignee:me')).toBeVisible();
      await expectNoAxeViolations(page, `search at ${size.width}`, true);
      await expectNoSidewaysScroll(page, `search at ${size.width}`, true);
      if (screenshotsDir) {
        await page.screenshot({ path: `${screenshotsDir}/search-${size.width}.png`, fullPage: true });
      }
      await page.goto(
        `/projects/${s.project.id}/search?q=${encodeURIComponent('smoke priority:urgent colour:red')}`,
      );
      await expect(page.getByRole('alert').getByRole('listitem')).toHaveCount(2);
      await expectNoAxeViolations(page, `search problems at ${size.width}`, true);
      await expectNoSidewaysScroll(page, `search problems at ${size.width}`, true);
      if (screenshotsDir) {
        await page.screenshot({
          path: `${screenshotsDir}/search-problems-${size.width}.png`,
          fullPage: true,
        });
      }
      await page.goto(`/projects/${s.project.id}`);
      await expect(box(page)).toBeVisible();
      await expectNoAxeViolations(page, `project page at ${size.width}`, true);
      await expectNoSidewaysScroll(page, `project page at ${size.width}`, true);
      if (screenshotsDir) {
        await page.screenshot({ path: `${screenshotsDir}/project-search-${size.width}.png` });
      }
    }
  });
});
