import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { CaseResultsPage, CycleItemDetail, CycleItemPage, PermissionName } from '@verdict/contract';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, NARROW_PHONE, PHONE } from '../axe';
import { createProject, expect, signInAt, TREE_USER, test, unique } from '../fixtures';
import { toast, waitForQuiet } from '../page-helpers';

/**
 * docs/product/parameters-screens.md: a lead writes a case whose steps use `{{card}}`, fills its
 * parameters by pasting three rows from a spreadsheet, makes a cycle of it (one item per row),
 * runs each item with its own values in the steps, and finds each result named by its row on the
 * case page; axe-core and no sideways scroll on the form with parameters and the execution view at
 * 1440 and 390 px. With SCREENSHOTS_DIR set, those screens are saved there (params-*.png).
 */

const LEAD: readonly PermissionName[] = [
  ...TREE_USER,
  'edit_test_case',
  // The case's results (GET /api/test-cases/{id}/results) are read with the runs' permission.
  'home_test_run',
  'home_test_cycle',
  'add_test_cycle',
  'edit_test_cycle',
  'execute_test_cycle',
];

const screenshotsDir = process.env.SCREENSHOTS_DIR;

/** axe-core and no sideways scroll at 1440 and 390 px (saved as `params-<name>-<width>.png`). */
async function checkScreen(page: Page, name: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await waitForQuiet(page);
    await expectNoAxeViolations(page, `${name} (${viewport.width})`, true);
    await expectNoSidewaysScroll(page, `${name} (${viewport.width})`, true);
    if (screenshotsDir) {
      mkdirSync(screenshotsDir, { recursive: true });
      await page.screenshot({
        path: path.join(screenshotsDir, `params-${name}-${viewport.width}.png`),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize(DESKTOP);
}

const step = (page: Page, n: number) => page.getByRole('group', { name: `Step ${n}`, exact: true });

// A long value with spaces keeps the case page's table from fitting a phone: its box scrolls.
const ROWS = [
  ['Visa', 'en', '4111 1111 1111 1111'],
  ['Amex', 'de', '3782 822463 10005'],
  ['Maestro', 'fr', '6759 6498 2643 8453'],
] as const;

/** How an item or a result names its row: 'Row 2 · card: Amex · locale: de · number: …'. */
const rowLabel = (index: number) => {
  const [card, locale, number] = ROWS[index]!;
  return `Row ${index + 1} · card: ${card} · locale: ${locale} · number: ${number}`;
};

test('a lead runs a case once per data row, each item with its own values', async ({ page, createUser }) => {
  test.setTimeout(120_000);
  const lead = await createUser({ permissions: LEAD, prefix: 'params' });
  const api = await lead.api();
  const project = await createProject(api, unique('Shop P'));
  const name = unique('Pay by card');

  // The case form: steps with placeholders, then the parameters pasted from a spreadsheet.
  await signInAt(page, `/projects/${project.id}/add-case`, lead);
  await page.getByLabel('Case Name').fill(name);
  await page.getByLabel('Preconditions').fill('A {{card}} card in the wallet');
  await page.getByRole('button', { name: 'Add step' }).click();
  await step(page, 1).getByLabel('Action').fill('Pay with {{card}} in {{locale}}');
  await step(page, 1).getByLabel('Expected result').fill('Paid by {{card}}');
  await page.getByRole('button', { name: 'Add step' }).click();
  await step(page, 2).getByLabel('Action').fill('Open the receipt');

  const parameters = page.getByRole('group', { name: 'Parameters' });
  await parameters.getByRole('button', { name: 'Paste from a spreadsheet' }).click();
  await parameters
    .getByLabel('Cells from a spreadsheet')
    .fill(['card\tlocale\tnumber', ...ROWS.map((row) => row.join('\t')), ''].join('\n'));
  await parameters.getByRole('button', { name: 'Fill the table' }).click();
  await expect(parameters.getByRole('textbox', { name: 'Row 3, card' })).toHaveValue('Maestro');
  await expect(parameters.getByRole('textbox', { name: 'Row 2, locale' })).toHaveValue('de');
  await checkScreen(page, 'case-form');
  // The table scrolls in its own box on the narrowest phone; the page does not.
  await page.setViewportSize(NARROW_PHONE);
  await expectNoSidewaysScroll(page, 'the case form at 320 px');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Add Test Case' }).click();
  await expect(toast(page, 'Test case created successfully')).toBeVisible();

  // The case page shows the table and what a cycle makes of it.
  await page.getByRole('link', { name }).first().click();
  await expect(page).toHaveURL(/\/cases\/\d+$/);
  const caseUrl = page.url();
  const caseId = Number(caseUrl.split('/').pop());
  const shown = page.getByRole('region', { name: 'Parameters', exact: true });
  await expect(shown.getByText('3 data rows: a cycle runs this case once per row.')).toBeVisible();
  await expect(shown.getByRole('row', { name: '2 Amex de 3782 822463 10005' })).toBeVisible();
  await checkScreen(page, 'case-page');

  // A cycle of the case: one item per row.
  await page.goto(`/projects/${project.id}/new-cycle`);
  await page.getByLabel('Cycle Name').fill('Cards');
  await page.getByRole('checkbox', { name }).check();
  await page.getByRole('button', { name: 'Create Test Cycle' }).click();
  await expect(toast(page, 'Test cycle created successfully')).toBeVisible();
  await expect(page.getByText('3 items')).toBeVisible();
  await expect(page).toHaveURL(/\/cycles\/\d+$/);
  const cycleId = Number(page.url().split('/').pop());
  const items = page.getByRole('list', { name: 'Items of Cards' });
  await expect(items.getByRole('link', { name })).toHaveCount(3);
  await expect(items.getByText(rowLabel(1))).toBeVisible();

  // Each item shows its own values in the steps; a step result and a result for each.
  await items.getByRole('link', { name }).first().click();
  for (const [index, [card, locale]] of ROWS.entries()) {
    await expect(page.getByText(rowLabel(index)).first()).toBeVisible();
    const steps = page.locator('.execution-steps');
    await expect(steps.getByText(`Pay with ${card} in ${locale}`)).toBeVisible();
    await expect(steps.getByText(`Paid by ${card}`)).toBeVisible();
    await expect(steps.getByText(`A ${card} card in the wallet`)).toBeVisible();
    await expect(page.getByRole('region', { name: `Values of row ${index + 1}` })).toBeVisible();
    if (index === 1) await checkScreen(page, 'execution');
    const state = index === 1 ? 'Failed' : 'Passed';
    await page.getByRole('group', { name: 'Step 1 result' }).getByRole('radio', { name: state }).check();
    await page.getByRole('button', { name: new RegExp(`^${state}`) }).click();
    await expect(toast(page, 'Result recorded').first()).toBeVisible();
    if (index < ROWS.length - 1) {
      await expect(page.getByText(rowLabel(index + 1)).first()).toBeVisible();
    }
  }
  await expect(page.getByText('No untested items left in this cycle.')).toBeVisible();

  // Results and step results are per item; the case's results name the rows.
  const answered = await api.call<CycleItemPage>('GET', `/api/cycles/${cycleId}/items?limit=10`);
  expect(answered.items.map((item) => [item.parameter_row?.index, item.state])).toEqual([
    [1, 'passed'],
    [2, 'failed'],
    [3, 'passed'],
  ]);
  const second = await api.call<CycleItemDetail>('GET', `/api/cycle-items/${answered.items[1]!.id}`);
  expect(second.results.map((result) => result.step_results?.[0]?.state)).toEqual(['failed']);
  const results = await api.call<CaseResultsPage>('GET', `/api/test-cases/${caseId}/results?limit=10`);
  expect(results.items.map((entry) => entry.parameter_row?.values.card).sort()).toEqual([
    'Amex',
    'Maestro',
    'Visa',
  ]);
  await page.goto(caseUrl);
  const history = page.getByRole('list', { name: 'Results, newest first' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  for (const index of ROWS.keys()) {
    await expect(history.getByText(rowLabel(index))).toBeVisible();
  }
});
