import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { PermissionName } from '@verdict/contract';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from '../axe';
import { createCaseIn, createProject, expect, signInAt, TREE_USER, test, unique } from '../fixtures';
import { toast, waitForQuiet } from '../page-helpers';

/**
 * docs/product/shared-steps-screens.md: a lead makes "Sign in" a shared set from an existing
 * case's steps, inserts it into another case, edits the set once, and sees both cases show the new
 * step (each with a new version in its history); axe-core and no sideways scroll on the Shared
 * Steps page and the set page at 1440 and 390 px. With SCREENSHOTS_DIR set, the set page, a case
 * page with a set and the step editor with a reference are saved there (shared-*.png).
 */

const LEAD: readonly PermissionName[] = [...TREE_USER, 'edit_test_case', 'delete_test_case'];

const screenshotsDir = process.env.SCREENSHOTS_DIR;

/** axe-core and no sideways scroll at 1440 and 390 px (saved as `shared-<name>-<width>.png`). */
async function checkScreen(page: Page, name: string, check = true): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await waitForQuiet(page);
    if (check) {
      await expectNoAxeViolations(page, `${name} (${viewport.width})`, true);
      await expectNoSidewaysScroll(page, `${name} (${viewport.width})`, true);
    }
    if (screenshotsDir) {
      mkdirSync(screenshotsDir, { recursive: true });
      await page.screenshot({
        path: path.join(screenshotsDir, `shared-${name}-${viewport.width}.png`),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize(DESKTOP);
}

const step = (page: Page, n: number) => page.getByRole('group', { name: `Step ${n}`, exact: true });
const written = (action: string, expected = '') => ({ action, expected });

test('a lead writes "Sign in" once, uses it in two cases, and changes both with one edit', async ({
  page,
  createUser,
}) => {
  test.setTimeout(120_000);
  const lead = await createUser({ permissions: LEAD, prefix: 'shared' });
  const api = await lead.api();
  const project = await createProject(api, unique('Shop S'));
  const checkout = await createCaseIn(api, `project/${project.id}`, {
    name: 'Checkout',
    description: '',
    steps: [
      written('Open the shop'),
      written('Type the user'),
      written('Type the password', 'The account page shows'),
      written('Pay', 'Paid'),
    ],
  });
  const refund = await createCaseIn(api, `project/${project.id}`, {
    name: 'Refund',
    description: '',
    steps: [written('Open the shop'), written('Ask for a refund', 'Refunded')],
  });

  // Make shared: steps 2 and 3 of Checkout become the set "Sign in", in their place.
  await signInAt(page, `/edit-testcase/${checkout.id}`, lead);
  await expect(step(page, 4).getByLabel('Action')).toHaveValue('Pay');
  await page.getByRole('button', { name: 'Make shared' }).click();
  const make = page.getByRole('dialog', { name: 'Make shared steps' });
  await make.getByRole('checkbox', { name: 'Step 2: Type the user' }).check();
  await make.getByRole('checkbox', { name: 'Step 3: Type the password' }).check();
  await make.getByLabel('Name').fill('Sign in');
  await make.getByRole('button', { name: 'Make shared' }).click();
  await expect(make).toBeHidden();
  const block = page.getByRole('group', { name: 'Step 2: Shared steps Sign in' });
  await expect(block.getByText('Type the password')).toBeVisible();
  await expect(step(page, 3).getByLabel('Action')).toHaveValue('Pay');
  await checkScreen(page, 'editor', false);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/cases/${checkout.id}$`));
  await expect(toast(page, 'Test case updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Steps (4)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shared steps: Sign in' })).toHaveCount(1);

  // Insert it into Refund after its first step.
  await page.goto(`/edit-testcase/${refund.id}`);
  await step(page, 1).getByLabel('Action').click();
  await page.getByRole('button', { name: 'Insert shared steps' }).click();
  const insert = page.getByRole('dialog', { name: 'Insert shared steps' });
  await expect(insert.getByText('The set goes after step 1.')).toBeVisible();
  await insert.getByRole('searchbox', { name: 'Search shared steps' }).fill('sign');
  await insert.getByRole('button', { name: 'Insert Sign in' }).click();
  await expect(page.getByRole('group', { name: 'Step 2: Shared steps Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/cases/${refund.id}$`));
  await expect(page.getByRole('heading', { name: 'Steps (4)' })).toBeVisible();
  await checkScreen(page, 'case-page', false);

  // The set page: its steps and the two cases using it; edit it once.
  await page.getByRole('link', { name: 'Shared steps: Sign in' }).click();
  await expect(page).toHaveURL(/\/shared-steps\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shared Steps' })).toBeVisible();
  const using = page.getByRole('list', { name: 'Cases using Sign in' });
  await expect(using.getByRole('link')).toHaveText(['Checkout', 'Refund']);
  await checkScreen(page, 'set-page');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Add step' }).click();
  await step(page, 3).getByLabel('Action').fill('Accept the cookies');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, /^Shared steps updated; 2 cases changed/)).toBeVisible();
  await expect(page.getByText('Accept the cookies')).toBeVisible();

  // Both cases show the new step, each with a new version.
  for (const [testCase, versions] of [
    [checkout, 3],
    [refund, 3],
  ] as const) {
    await page.goto(`/cases/${testCase.id}`);
    await expect(page.getByRole('heading', { name: 'Steps (5)' })).toBeVisible();
    await expect(page.getByText('Accept the cookies')).toBeVisible();
    await page.getByRole('tab', { name: `History (${versions})` }).click();
    const history = page.getByRole('tabpanel', { name: /^History/ });
    await expect(
      history.getByRole('table', { name: `Versions of ${testCase.name}` }).getByRole('row'),
    ).toHaveCount(versions + 1);
    await expect(history.getByText(/^Shared steps "Sign in" changed/)).toBeVisible();
  }

  // The project's Shared Steps page lists it with its counts.
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('button', { name: 'Insights' }).click();
  await page.getByRole('link', { name: 'Shared Steps' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/shared-steps$`));
  const list = page.getByRole('list', { name: 'Shared steps' });
  await expect(list.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(list.getByText('3 steps, used by 2 cases')).toBeVisible();
  await checkScreen(page, 'list-page');
});
