import type { PermissionName } from '@verdict/contract';
import { checkScreenAt, DESKTOP, PHONE } from '../axe';
import {
  type CreateUser,
  createProject,
  expect,
  signIn,
  signInAt,
  TREE_USER,
  test,
  unique,
} from '../fixtures';
import { openProjectMenu } from '../page-helpers';

/**
 * docs/product/defects.md: a GitHub tracker set on the project's Issue Tracker page, a defect
 * linked to a failed result that shows as a link on the item, the cycle and the case, found by
 * `defect:` search, and "File a bug" pointing at GitHub's new-issue page (checked, not opened:
 * the machine is offline). axe-core and no sideways scroll on the tracker page and the item.
 */

const DEFECTS_USER: readonly PermissionName[] = [
  ...TREE_USER,
  'edit_project',
  'edit_test_case',
  'home_test_cycle',
  'add_test_cycle',
  'execute_test_cycle',
];

async function seed(createUser: CreateUser) {
  const user = await createUser({ permissions: DEFECTS_USER, prefix: 'defects' });
  const api = await user.api();
  const project = await createProject(api, unique('Defects P'));
  const caseName = unique('Pay by card');
  const { testCase } = await api.call<{ testCase: { id: number } }>(
    'POST',
    `/api/test-cases/project/${project.id}/create`,
    {
      name: caseName,
      steps: [
        { action: 'Open the cart', expected: 'The cart lists the items' },
        { action: 'Pay with a card', expected: 'The order is confirmed' },
      ],
    },
  );
  const { cycle } = await api.call<{ cycle: { id: number } }>('POST', `/api/projects/${project.id}/cycles`, {
    name: 'Release 2.1',
    environment: 'staging',
    case_ids: [testCase.id],
  });
  const { items } = await api.call<{ items: { id: number }[] }>('GET', `/api/cycles/${cycle.id}/items`);
  const itemId = items[0]!.id;
  await api.call('POST', `/api/cycle-items/${itemId}/results`, {
    state: 'failed',
    comment: 'The card form spins forever',
  });
  return { user, api, project, caseId: testCase.id, caseName, cycleId: cycle.id, itemId };
}

test.describe('Defects', () => {
  test('a GitHub tracker, a defect on a failed result, its links, defect: search and File a bug', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const s = await seed(createUser);
    await signInAt(page, `/projects/${s.project.id}`, s.user);
    await openProjectMenu(page, 'Settings');
    await page.getByRole('link', { name: 'Issue Tracker' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Issue Tracker' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Tracker' }).selectOption('github');
    await page.getByRole('textbox', { name: 'Repository' }).fill('acme/shop');
    await expect(page.getByRole('link', { name: 'https://github.com/acme/shop/issues/12' })).toBeVisible();
    await page.getByRole('button', { name: 'Save Tracker' }).click();
    await expect(page.getByText('Issue tracker saved')).toBeVisible();

    // The execution view: File a bug on the failed result, then a defect linked to it.
    await page.goto(`/cycle-items/${s.itemId}`);
    const fileBug = page.getByRole('link', { name: /File a bug/ });
    await expect(fileBug).toBeVisible();
    await expect(fileBug).toHaveAttribute('target', '_blank');
    await expect(fileBug).toHaveAttribute('rel', 'noopener noreferrer');
    const href = new URL((await fileBug.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://github.com/acme/shop/issues/new');
    expect(href.searchParams.get('title')).toBe(`Failed: ${s.caseName}`);
    const body = href.searchParams.get('body')!;
    expect(body).toContain('Pay with a card');
    expect(body).toContain('The order is confirmed');
    expect(body).toContain('The card form spins forever');
    expect(body).toContain('staging');
    expect(body).toContain(`${baseURL}/cycle-items/${s.itemId}`);

    await expect(page.getByRole('combobox', { name: 'Link to' })).toHaveValue(/\d+/);
    await page.getByRole('textbox', { name: 'Defect id or URL' }).fill('12');
    await page.getByRole('button', { name: 'Link Defect' }).click();
    await expect(page.getByText('Defect #12 linked')).toBeVisible();
    const onItem = page.getByRole('link', { name: '#12', exact: true });
    await expect(onItem).toHaveAttribute('href', 'https://github.com/acme/shop/issues/12');
    await expect(onItem).toHaveAttribute('target', '_blank');
    await expect(onItem.locator('xpath=..')).toContainText('on the failed result');

    // The cycle lists it with its case; the case shows it with its cycle.
    await page.goto(`/cycles/${s.cycleId}`);
    const onCycle = page.getByRole('link', { name: '#12', exact: true });
    await expect(onCycle).toHaveAttribute('href', 'https://github.com/acme/shop/issues/12');
    await expect(onCycle.locator('xpath=..').getByRole('link', { name: s.caseName })).toBeVisible();
    await page.goto(`/cases/${s.caseId}`);
    const onCase = page.getByRole('link', { name: '#12', exact: true });
    await expect(onCase).toHaveAttribute('href', 'https://github.com/acme/shop/issues/12');
    await expect(onCase.locator('xpath=..')).toContainText('in Release 2.1');

    await page.goto(`/projects/${s.project.id}/search?q=${encodeURIComponent('defect:#12')}`);
    await expect(
      page.getByRole('list', { name: 'Matching cases' }).getByRole('link', { name: s.caseName }),
    ).toBeVisible();
  });

  test('axe-core and no sideways scroll on the tracker page and the execution view', async ({
    page,
    createUser,
  }) => {
    const s = await seed(createUser);
    await s.api.call('PUT', `/api/projects/${s.project.id}/tracker`, {
      kind: 'github',
      project: 'acme/shop',
    });
    await s.api.call('POST', `/api/cycle-items/${s.itemId}/defects`, {
      defect: 'https://bugs.example.com/a/very/long/address/of/a/defect/that/must/wrap/on/a/phone/4711',
    });
    await signIn(page, s.user);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(`/projects/${s.project.id}/tracker`);
      await expect(page.getByRole('textbox', { name: 'Repository' })).toHaveValue('acme/shop');
      await checkScreenAt(page, 'issue-tracker', size.width);
      await page.goto(`/cycle-items/${s.itemId}`);
      await expect(page.getByRole('link', { name: /File a bug/ })).toBeVisible();
      await expect(page.getByRole('link', { name: /bugs\.example\.com/ })).toBeVisible();
      await checkScreenAt(page, 'cycle-item-defects', size.width);
    }
  });
});
