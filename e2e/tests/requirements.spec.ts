import type { PermissionName } from '@verdict/contract';
import { checkScreenAt, DESKTOP, PHONE } from '../axe';
import {
  CYCLE_USER,
  createCase,
  createProject,
  createRun,
  createSuite,
  expect,
  signInAt,
  test,
  unique,
} from '../fixtures';
import { toast } from '../page-helpers';

/**
 * docs/product/requirements-screens.md: a lead makes a requirement in the browser, links a case to
 * it on the case page, sees the case with its latest result on the requirement page and the
 * requirement passing in the matrix; axe-core on the requirements page, the requirement page and
 * the matrix at desktop and phone widths. The matrix of 60 requirements draws only the rows in view
 * and loads its second page as it scrolls. A lead imports three requirements from a CSV file (one the
 * child of another by its parent key) through Import Requirements, with axe-core on its preview and
 * its finished import.
 */

const LEAD: readonly PermissionName[] = [
  ...CYCLE_USER,
  'edit_test_case',
  'home_requirement',
  'add_requirement',
  'edit_requirement',
];

test.describe('Requirements', () => {
  test('a lead makes a requirement, links a case on the case page and sees it covered', async ({
    page,
    createUser,
  }) => {
    test.setTimeout(90_000);
    const lead = await createUser({ permissions: LEAD, prefix: 'reqs' });
    const api = await lead.api();
    const project = await createProject(api, unique('Shop R'));
    const suite = await createSuite(api, project.id, 'Checkout');
    const testCase = await createCase(api, { suite: suite.id }, 'Card accepted');
    await createRun(api, testCase.id, 'passed');

    await signInAt(page, `/projects/${project.id}/requirements`, lead);
    await expect(page.getByRole('heading', { level: 1, name: 'Requirements' })).toBeVisible();
    await expect(page.getByText(/No requirements yet/)).toBeVisible();
    await page.getByRole('button', { name: 'New requirement' }).click();
    const dialog = page.getByRole('dialog', { name: 'New requirement' });
    await dialog.getByLabel('Title').fill('Pay by card');
    await dialog.getByLabel('Description').fill('The shopper pays **by card**.');
    await dialog.getByLabel('Status').selectOption('approved');
    await dialog.getByRole('button', { name: 'Create requirement' }).click();
    await expect(page).toHaveURL(/\/requirements\/\d+$/);
    const requirementUrl = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeVisible();
    await expect(page.getByText('Requirement REQ-1')).toBeVisible();
    await expect(page.getByText('Not covered').first()).toBeVisible();

    await page.goto(`/cases/${testCase.id}`);
    const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Requirements' }) });
    await expect(card.getByText('Not linked to any requirement.')).toBeVisible();
    await card.getByRole('button', { name: 'Add requirement' }).click();
    await card.getByRole('searchbox', { name: 'Find a requirement' }).fill('pay');
    await card.getByRole('radio', { name: 'REQ-1 Pay by card' }).check();
    await card.getByRole('button', { name: 'Link to REQ-1' }).click();
    await expect(toast(page, 'Linked this case to REQ-1')).toBeVisible();
    await card.getByRole('link', { name: 'REQ-1' }).click();

    await expect(page).toHaveURL(requirementUrl);
    const linked = page.getByRole('list', { name: 'Cases linked to REQ-1' });
    await expect(linked.getByRole('link', { name: 'Card accepted' })).toBeVisible();
    await expect(linked.getByText('Passed')).toBeVisible();
    await expect(page.getByText('Passing').first()).toBeVisible();
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await checkScreenAt(page, 'requirement page', size.width);
    }

    await page.getByRole('link', { name: 'Requirements', exact: true }).click();
    await expect(
      page.getByRole('list', { name: 'Requirements' }).getByRole('link', { name: 'REQ-1' }),
    ).toBeVisible();
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await checkScreenAt(page, 'requirements page', size.width);
    }

    await page.getByRole('link', { name: 'Traceability matrix' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Traceability matrix' })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'REQ-1' }) });
    await expect(row.getByText('Passing')).toBeVisible();
    await expect(row.getByRole('link', { name: 'Card accepted' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Requirements: 1 passing, 0 failing, 0 untested, 0 not covered' }),
    ).toBeVisible();
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await checkScreenAt(page, 'traceability matrix', size.width);
    }
  });

  test('the matrix draws the rows in view and loads the next page as it scrolls', async ({
    page,
    createUser,
  }) => {
    test.setTimeout(90_000);
    const lead = await createUser({ permissions: LEAD, prefix: 'matrix' });
    const api = await lead.api();
    const project = await createProject(api, unique('Matrix'));
    for (let i = 1; i <= 60; i++) {
      await api.call('POST', `/api/projects/${project.id}/requirements`, { title: `Step ${i}` });
    }
    await signInAt(page, `/projects/${project.id}/traceability`, lead);
    await expect(page.getByText('60 requirements')).toBeVisible();
    await expect(page.getByRole('link', { name: 'REQ-1', exact: true })).toBeVisible();
    // Only a window of the rows is drawn; REQ-60 is on the server's second page of 50.
    expect(await page.getByRole('row').count()).toBeLessThan(40);
    await expect(page.getByRole('link', { name: 'REQ-60', exact: true })).toHaveCount(0);
    await expect(async () => {
      await page.mouse.wheel(0, 2000);
      await expect(page.getByRole('link', { name: 'REQ-60', exact: true })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: 'REQ-1', exact: true })).toHaveCount(0);
    expect(await page.getByRole('row', { name: /REQ-60/ }).getAttribute('aria-rowindex')).toBe('61');
  });

  test('a lead imports requirements from a CSV file, one under another by its parent key', async ({
    page,
    createUser,
  }) => {
    test.setTimeout(90_000);
    const lead = await createUser({ permissions: LEAD, prefix: 'req-import' });
    const project = await createProject(await lead.api(), unique('Shop RI'));
    const csv = [
      'Key,Title,Status,Parent',
      'SHOP-1,Checkout,approved,',
      'SHOP-2,Pay by card,draft,SHOP-1',
      ',Refund,draft,',
    ].join('\r\n');

    await signInAt(page, `/projects/${project.id}/requirements`, lead);
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/import-requirements$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Import Requirements' })).toBeVisible();
    await page.getByLabel('CSV or XLSX file').setInputFiles({
      name: 'requirements.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${csv}\r\n`),
    });
    await expect(page.getByText(/^requirements\.csv: 3 requirements/)).toBeVisible();
    // Each column mapped by hand, whatever the server guessed from the headers.
    for (const [header, label] of [
      ['Key', 'Key'],
      ['Title', 'Title'],
      ['Status', 'Status'],
      ['Parent', 'Parent key'],
    ] as const) {
      await page.getByRole('combobox', { name: header, exact: true }).selectOption({ label });
    }
    await expect(page.getByText('requirements.csv: 3 requirements (3 new, 0 updated).')).toBeVisible();
    const preview = page.getByRole('table', { name: 'All 3 requirements' });
    await expect(preview.getByRole('row').nth(2)).toHaveText(/^3SHOP-2Pay by cardDraftSHOP-1Create$/);
    await expect(preview.getByRole('row').nth(3)).toHaveText(/^4New: next free keyRefundDraftNoneCreate$/);
    const importButton = page.getByRole('button', { name: 'Import 3 requirements' });
    await expect(importButton).toBeEnabled();
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await checkScreenAt(page, 'requirement import preview', size.width);
    }

    await importButton.click();
    await expect(page.locator('.import-message')).toContainText(/\S/, { timeout: 30_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await checkScreenAt(page, 'requirement import done', size.width);
    }

    await page.getByRole('link', { name: 'Back to Requirements' }).click();
    const list = page.getByRole('list', { name: 'Requirements' });
    await expect(list.getByRole('link', { name: 'SHOP-1' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'REQ-1' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'SHOP-2' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open SHOP-1' }).click();
    await expect(
      page.getByRole('list', { name: 'Requirements under SHOP-1' }).getByRole('link', { name: 'SHOP-2' }),
    ).toBeVisible();
  });
});
