import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type {
  CaseFieldMutation,
  CaseMutation,
  CycleItemDetail,
  CycleItemPage,
  CycleMutation,
  TestCase,
  TestCaseDetail,
} from '@verdict/contract';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, NARROW_PHONE, PHONE } from '../axe';
import { createProject, createSuite, expect, signInAt, test, unique } from '../fixtures';
import { toast, waitForQuiet } from '../page-helpers';

/**
 * docs/product/rich-cases-screens.md: the case forms' preconditions, priority, tags, steps and
 * custom fields; the case page's content and History tab (compare, restore); per-step results in
 * the execution view of a cycle. With SCREENSHOTS_DIR set, each checked screen is saved there.
 */

const screenshotsDir = process.env.SCREENSHOTS_DIR;

/** axe-core and no sideways scroll at 1440 and 390 px, then back to the desktop width. */
async function checkScreen(page: Page, name: string): Promise<void> {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await waitForQuiet(page);
    await expectNoAxeViolations(page, `${name} (${label})`, true);
    await expectNoSidewaysScroll(page, `${name} (${label})`, true);
    if (screenshotsDir) {
      mkdirSync(screenshotsDir, { recursive: true });
      await page.screenshot({ path: path.join(screenshotsDir, `${name}-${label}.png`), fullPage: true });
    }
  }
  await page.setViewportSize(DESKTOP);
}

const step = (page: Page, n: number) => page.getByRole('group', { name: `Step ${n}`, exact: true });
const xssFlag = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);

test('a case with steps, tags, priority, a custom field and Markdown: written, edited, compared and restored', async ({
  page,
  adminApi,
}) => {
  test.setTimeout(120_000);
  const project = await createProject(adminApi);
  const { field } = await adminApi.call<CaseFieldMutation>(
    'POST',
    `/api/projects/${project.id}/case-fields`,
    {
      name: 'Browser',
      type: 'select',
      required: true,
      options: ['Firefox', 'Chrome'],
    },
  );
  await signInAt(page, `/projects/${project.id}/add-case`);

  const name = unique('Rich case');
  await page.getByLabel('Case Name').fill(name);
  await page.getByLabel('Description').fill('Signs in with a **password**');
  await page
    .getByLabel('Preconditions')
    .fill('A *signed-out* user\n\n<script>window.__xss = 1</script> <img src=x onerror="window.__xss = 2">');
  await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue('medium');
  await page.getByRole('combobox', { name: 'Priority' }).selectOption({ label: 'High' });

  const tags = page.getByRole('combobox', { name: 'Tags' });
  await tags.fill('Smoke');
  await tags.press('Enter');
  await tags.pressSequentially('Login,');
  await tags.pressSequentially('extra');
  await tags.press('Enter');
  await tags.press('Backspace');
  await expect(page.getByRole('button', { name: /^Remove tag / })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Remove tag smoke' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove tag login' })).toBeVisible();

  await page.getByRole('button', { name: 'Add step' }).click();
  await expect(step(page, 1).getByLabel('Action')).toBeFocused();
  await step(page, 1).getByLabel('Action').fill('Open `/login`');
  await step(page, 1).getByLabel('Expected result').fill('The form shows');
  await page.getByRole('button', { name: 'Add step' }).click();
  await step(page, 2).getByLabel('Action').fill('Sign in');
  await step(page, 2).getByLabel('Expected result').fill('The dashboard shows');
  // Alt+ArrowUp moves the step, and focus stays in the box that moved.
  await step(page, 2).getByLabel('Action').press('Alt+ArrowUp');
  await expect(step(page, 1).getByLabel('Action')).toHaveValue('Sign in');
  await expect(step(page, 1).getByLabel('Action')).toBeFocused();
  await page.getByRole('button', { name: 'Move step 1 down' }).click();
  await expect(step(page, 1).getByLabel('Action')).toHaveValue('Open `/login`');

  await page.getByRole('combobox', { name: 'Browser' }).selectOption('Chrome');
  await checkScreen(page, 'rich-case-add');
  await page.getByRole('button', { name: 'Add Test Case' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
  await expect(toast(page, 'Test case created successfully')).toBeVisible();

  // The project's list shows the priority and the tags, quietly; a 320 px phone only the priority.
  const row = page.getByRole('list', { name: /cases/i }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Priority: High');
  await expect(row.locator('.tag-badge')).toHaveText(['smoke', 'login']);
  await page.setViewportSize(NARROW_PHONE);
  await expect(row.locator('.tag-badge').first()).toBeHidden();
  await expectNoSidewaysScroll(page, 'the project page at 320 px');
  if (screenshotsDir)
    await page.screenshot({ path: path.join(screenshotsDir, 'rich-case-list-320.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);

  const listed = await adminApi.call<TestCase[]>('GET', `/api/test-cases/project/${project.id}`);
  const id = listed.find((c) => c.name === name)!.id;
  const created = await adminApi.call<TestCaseDetail>('GET', `/api/test-cases/single/${id}`);
  expect(created).toMatchObject({
    priority: 'high',
    tags: ['smoke', 'login'],
    steps: [
      { action: 'Open `/login`', expected: 'The form shows' },
      { action: 'Sign in', expected: 'The dashboard shows' },
    ],
    custom_fields: { [field.id]: 'Chrome' },
    version: 1,
  });

  // The case page: Markdown rendered, raw HTML shown as text and never run.
  await page.goto(`/cases/${id}`);
  await expect(page.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
  const content = page.getByRole('tabpanel', { name: 'Content' });
  await expect(content.getByText('High', { exact: true })).toBeVisible();
  await expect(content.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    'smoke',
    'login',
  ]);
  await expect(content.locator('em', { hasText: 'signed-out' })).toBeVisible();
  await expect(content.getByText('<script>window.__xss = 1</script>', { exact: false })).toBeVisible();
  expect(await page.locator('main script, img[src="x"]').count()).toBe(0);
  expect(await xssFlag(page)).toBeUndefined();
  await expect(content.locator('code', { hasText: '/login' })).toBeVisible();
  await expect(content.getByText('Chrome', { exact: true })).toBeVisible();
  await checkScreen(page, 'rich-case-detail');

  // Edit: every field shows the case's values; change some.
  await page.goto(`/edit-testcase/${id}`);
  await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue('high');
  await expect(step(page, 2).getByLabel('Expected result')).toHaveValue('The dashboard shows');
  await expect(page.getByRole('combobox', { name: 'Browser' })).toHaveValue('Chrome');
  await page.getByLabel('Description').fill('Signs in with a **passkey**');
  await page.getByRole('button', { name: 'Remove tag login' }).click();
  await step(page, 2).getByLabel('Expected result').fill('The dashboard shows the projects');
  await checkScreen(page, 'rich-case-edit');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/cases/${id}$`));
  await expect(toast(page, 'Test case updated successfully')).toBeVisible();

  // History: two versions, compared side by side.
  await page.getByRole('tab', { name: /^History/ }).click();
  const history = page.getByRole('tabpanel', { name: /^History/ });
  await expect(history.getByRole('table', { name: `Versions of ${name}` }).getByRole('row')).toHaveCount(3);
  const diff = history.getByRole('region', { name: 'Version 1 → version 2' });
  await expect(diff.getByRole('rowheader')).toHaveText(['Description', 'Tags', 'Steps']);
  await expect(diff.locator('del', { hasText: 'password' })).toBeVisible();
  await expect(diff.locator('ins', { hasText: 'passkey' })).toBeVisible();
  // The arrows move between the tabs.
  await page.getByRole('tab', { name: /^History/ }).press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Content' })).toBeFocused();
  await page.getByRole('tab', { name: 'Content' }).press('ArrowRight');
  await expect(history.getByRole('region', { name: 'Version 1 → version 2' })).toBeVisible();
  await checkScreen(page, 'rich-case-history');

  // Restore version 1, after confirming.
  await history.getByRole('button', { name: 'Restore this version (version 1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore version 1?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, Restore' }).click();
  await expect(history.getByRole('table', { name: `Versions of ${name}` }).getByRole('row')).toHaveCount(4);
  const restored = await adminApi.call<TestCaseDetail>('GET', `/api/test-cases/single/${id}`);
  expect(restored).toMatchObject({
    description: 'Signs in with a **password**',
    tags: ['smoke', 'login'],
    version: 3,
  });
  expect(await xssFlag(page)).toBeUndefined();
});

test('per-step results are recorded in a cycle and the result says when the case changed since', async ({
  page,
  adminApi,
}) => {
  test.setTimeout(90_000);
  const project = await createProject(adminApi);
  const suite = await createSuite(adminApi, project.id);
  const caseBody = {
    name: unique('Stepped case'),
    description: 'Checks the sign-in',
    preconditions: 'A user **exists**',
    steps: [
      { action: 'Open the page', expected: 'A form shows' },
      { action: 'Sign in', expected: 'The dashboard shows' },
    ],
  };
  const { testCase } = await adminApi.call<CaseMutation>(
    'POST',
    `/api/test-cases/suite/${suite.id}/create`,
    caseBody,
  );
  const { cycle } = await adminApi.call<CycleMutation>('POST', `/api/projects/${project.id}/cycles`, {
    name: unique('Cycle'),
    suite_ids: [suite.id],
  });
  const { items } = await adminApi.call<CycleItemPage>('GET', `/api/cycles/${cycle.id}/items`);
  const item = items[0]!;

  await signInAt(page, `/cycle-items/${item.id}`);
  await expect(page.locator('strong', { hasText: 'exists' })).toBeVisible();
  await expect(page.getByText('Open the page')).toBeVisible();
  await checkScreen(page, 'rich-case-execution');
  const step1 = page.getByRole('group', { name: 'Step 1 result' });
  const step2 = page.getByRole('group', { name: 'Step 2 result' });
  await step1.getByText('Passed', { exact: true }).click();
  await expect(step1.getByRole('radio', { name: 'Passed' })).toBeChecked();
  await step2.getByText('Failed', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Step 2 comment' }).fill('The dashboard stays empty');
  await page.getByRole('button', { name: 'Failed', exact: true }).click();
  await expect(page.getByText('No untested items left in this cycle.')).toBeVisible();

  const detail = await adminApi.call<CycleItemDetail>('GET', `/api/cycle-items/${item.id}`);
  expect(detail.results[0]).toMatchObject({
    state: 'failed',
    case_version: 1,
    step_results: [{ state: 'passed' }, { state: 'failed', comment: 'The dashboard stays empty' }],
  });

  // The case changes; the earlier result says so.
  await adminApi.call('PUT', `/api/test-cases/update/${testCase.id}`, {
    ...caseBody,
    steps: [...caseBody.steps, { action: 'Sign out', expected: 'The sign-in page shows' }],
  });
  await page.goto(`/cycle-items/${item.id}`);
  const results = page.getByRole('list', { name: 'Step results' });
  await expect(results.getByRole('listitem')).toHaveText([
    'Step 1: Passed',
    'Step 2: Failed (The dashboard stays empty)',
  ]);
  await expect(page.getByText('The case changed since this result (version 1 → 2)')).toBeVisible();
  await checkScreen(page, 'rich-case-execution-result');
});
