import type { Page } from '@playwright/test';
import type { CaseSearchPage, PermissionName, TestCase } from '@verdict/contract';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, NARROW_PHONE, PHONE } from '../axe';
import { createProject, expect, signIn, signInAt, TREE_USER, test, unique } from '../fixtures';
import { openProjectMenu } from '../page-helpers';

/**
 * docs/product/case-import-screens.md: a TestRail-shaped CSV is recognised and mapped, its preview
 * names a bad row by row and column and will not import; a good file imports with a progress bar
 * and its cases exist; a select re-runs the preview; axe-core and no sideways scroll at desktop
 * and phone widths.
 */

const IMPORTER: readonly PermissionName[] = [...TREE_USER];

const HEADER =
  'Title,Section Hierarchy,Steps (Step),Steps (Expected Result),Preconditions,Priority,Type,References';

/** TestRail's layout with one row per step: row 3 is the second step of 'Pay by card'. */
function testRailCsv(priorityOfRow5: string, generated = 0): string {
  const lines = [
    HEADER,
    'Pay by card,Checkout,Open the cart,The cart shows,Signed in,High,Functional,REQ-1',
    ',,Pay with Visa,Paid,,,,',
    'Refund order,Checkout,Ask for a refund,Refunded,,Medium,Regression,',
    `Declined card,Checkout,Use a declined card,"An error, in red",,${priorityOfRow5},Functional,REQ-2`,
  ];
  for (let n = 1; n <= generated; n++)
    lines.push(`Generated case ${n},Bulk,Step ${n},Result ${n},,Low,Smoke,`);
  return `${lines.join('\r\n')}\r\n`;
}

const fileInput = (page: Page) => page.getByLabel('CSV or XLSX file');

async function choose(page: Page, name: string, text: string) {
  await fileInput(page).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

test.describe('Import Test Cases', () => {
  test('imports a TestRail-shaped CSV with a preview that names a bad row', async ({ page, createUser }) => {
    test.setTimeout(120_000);
    const user = await createUser({ permissions: IMPORTER, prefix: 'importer' });
    const api = await user.api();
    const project = await createProject(api, unique('Import P'));
    await signIn(page, user);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/projects/${project.id}`);
    await openProjectMenu(page, 'Import / Export');
    await page.getByRole('link', { name: 'Import cases' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/import-cases$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Import Test Cases' })).toBeVisible();
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('link', { name: project.name })).toBeVisible();
    await expect(trail).toContainText('Import Test Cases');

    // A bad row: the preview names it by row and column, and nothing can be imported.
    await choose(page, 'testrail-bad.csv', testRailCsv('Urgent'));
    await expect(
      page.getByText('Recognised as a TestRail export: its columns are mapped for you.'),
    ).toBeVisible();
    await expect(page.getByText('testrail-bad.csv: 3 cases, 1 problem.')).toBeVisible();
    for (const [header, target] of [
      ['Title', 'name'],
      ['Section Hierarchy', 'suite'],
      ['Steps (Step)', 'steps'],
      ['Steps (Expected Result)', 'expected_results'],
      ['Preconditions', 'preconditions'],
      ['Priority', 'priority'],
      ['Type', 'tags'],
      ['References', 'tags'],
    ] as const) {
      await expect(page.getByRole('combobox', { name: header, exact: true })).toHaveValue(target);
    }
    const problems = page.getByRole('region', { name: '1 problem' });
    await expect(problems.getByRole('listitem')).toHaveText([
      'Row 5, Priority: "Urgent" is not a priority: use critical, high, medium or low',
    ]);
    const importButton = page.getByRole('button', { name: 'Import 3 cases' });
    await expect(importButton).toBeDisabled();
    const preview = page.getByRole('table', { name: 'All 3 cases' });
    await expect(preview.getByRole('row').nth(1)).toContainText('Pay by card');
    await expect(preview.getByRole('row').nth(1).getByRole('cell').last()).toHaveText('2');
    await expect(page.getByText('New suite: Checkout.')).toBeVisible();

    await expectNoAxeViolations(page, 'import preview with a problem (1440)');
    await expectNoSidewaysScroll(page, 'import preview with a problem (1440)');
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page, 'import preview with a problem (390)');
    await expectNoSidewaysScroll(page, 'import preview with a problem (390)');
    await page.setViewportSize(NARROW_PHONE);
    await expectNoSidewaysScroll(page, 'import preview with a problem (320)');
    await page.setViewportSize(DESKTOP);

    // Leaving Type out re-runs the preview with ?mapping=, and the tags no longer hold 'functional'.
    const previewCall = page.waitForRequest((request) =>
      request.url().includes('/case-imports/preview?mapping='),
    );
    await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption({ label: "Don't import" });
    expect((await previewCall).url()).toContain(
      `mapping=${encodeURIComponent('name,suite,steps,expected_results,preconditions,priority,,tags')}`,
    );
    await expect(preview.getByRole('row').nth(1)).toContainText('req-1');
    await expect(preview.getByRole('row').nth(1)).not.toContainText('functional');

    // A good file (another file starts from the server's mapping again): it imports, with progress.
    const generated = 1500;
    await choose(page, 'testrail.csv', testRailCsv('Critical', generated));
    const total = 3 + generated;
    const good = page.getByRole('button', { name: `Import ${total.toLocaleString('en-US')} cases` });
    await expect(good).toBeEnabled();
    await expect(page.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue('tags');
    await expect(page.getByRole('region', { name: /problem/ })).toHaveCount(0);
    await expect(
      page.getByRole('table', { name: `The first 20 of ${total.toLocaleString('en-US')} cases` }),
    ).toBeVisible();

    // Record every state of the progress bar, however quickly the import goes.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>('progress[aria-label="Import progress"]');
        const text = document.querySelector('.import-outcome [role="status"]')?.textContent ?? '';
        if (bar) seen.push(`${bar.value}/${bar.max} ${text}`);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await good.click();
    const message = page.locator('.import-message');
    await expect(message).toBeVisible({ timeout: 30_000 });
    await expect(message).toContainText(/\S/);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatch(new RegExp(`^0/${total} 0 of ${total.toLocaleString('en-US')} cases$`));
    await expect(page.getByRole('progressbar')).toHaveCount(0);

    // The cases exist, with their suite and steps.
    // Every imported case is top-level: the project's list holds them all (a search counts to 1,000).
    const all = await api.call<TestCase[]>('GET', `/api/test-cases/project/${project.id}`);
    expect(all).toHaveLength(total);
    const pay = await api.call<CaseSearchPage>(
      'GET',
      `/api/projects/${project.id}/cases/search?q=${encodeURIComponent('"Pay by card"')}&limit=5&offset=0`,
    );
    expect(pay.items.map((c) => [c.name, c.suite_name, c.priority])).toEqual([
      ['Pay by card', 'Checkout', 'high'],
    ]);

    await page.getByRole('link', { name: 'Back to Project' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the link and the screen need add_test_case_in_project', async ({ page, createUser }) => {
    const reader = await createUser({
      permissions: ['add_project', 'home_project', 'home_test_suit', 'home_test_case'],
      prefix: 'import-reader',
    });
    const project = await createProject(await reader.api(), unique('Import R'));
    await signInAt(page, `/projects/${project.id}`, reader);
    await expect(page.getByRole('heading', { level: 1, name: 'Project Details' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Import cases' })).toHaveCount(0);
    await page.goto(`/projects/${project.id}/import-cases`);
    await expect(
      page.getByText('You need the add_test_case_in_project permission to see this page.'),
    ).toBeVisible();
    await expect(page.getByLabel('CSV or XLSX file')).toHaveCount(0);
  });
});
