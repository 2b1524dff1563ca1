import type { StatusCount } from '@verdict/contract';
import { expect, signIn, signInAt, test } from '../fixtures';
import { fail } from '../page-helpers';

function statValue(page: import('@playwright/test').Page, label: string) {
  return page.getByRole('region', { name: label, exact: true }).locator('.admin-stat-value');
}

test.describe('Admin Dashboard (/admin-dashboard)', () => {
  test('shows Active, Inactive and Total Users from the status count, and a green/red donut', async ({
    page,
  }) => {
    await signIn(page);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/users/status-count'));
    await page.goto('/admin-dashboard');
    const counts = (await (await answer).json()) as StatusCount;
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(statValue(page, 'Active Users')).toHaveText(String(counts.active));
    await expect(statValue(page, 'Inactive Users')).toHaveText(String(counts.inactive));
    await expect(statValue(page, 'Total Users')).toHaveText(String(counts.active + counts.inactive));

    await expect(page.getByRole('heading', { name: 'Active vs Inactive' })).toBeVisible();
    const sectors = page.locator('.recharts-pie-sector path');
    await expect(sectors.first()).toBeVisible();
    const fills = await sectors.evaluateAll((paths) => paths.map((p) => p.getAttribute('fill')));
    expect(fills).toContain('#16a34a');
    // No label on the slices.
    await expect(page.locator('.recharts-pie-labels, .recharts-pie-label-text')).toHaveCount(0);
  });

  test('adds active and inactive into Total Users and colours both slices', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/users/status-count', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ active: 7, inactive: 3 }) }),
    );
    await page.goto('/admin-dashboard');
    await expect(statValue(page, 'Active Users')).toHaveText('7');
    await expect(statValue(page, 'Inactive Users')).toHaveText('3');
    await expect(statValue(page, 'Total Users')).toHaveText('10');
    const sectors = page.locator('.recharts-pie-sector path');
    await expect(sectors).toHaveCount(2);
    const fills = await sectors.evaluateAll((paths) => paths.map((p) => p.getAttribute('fill')));
    expect(fills).toEqual(['#16a34a', '#dc2626']);
  });

  test('loads the chart code only when the dashboard is shown', async ({ page }) => {
    const chartChunks: string[] = [];
    page.on('request', (request) => {
      if (/user-status-donut/.test(request.url())) chartChunks.push(request.url());
    });
    await signInAt(page, '/admin');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    expect(chartChunks).toHaveLength(0);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.locator('.recharts-pie-sector path').first()).toBeVisible();
    expect(chartChunks.length).toBeGreaterThan(0);
  });

  test('a failing status count is logged and said, with Retry, instead of showing 0', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await signIn(page);
    await fail(page, '**/api/users/status-count', 'GET', 500, { message: 'boom' });
    await page.goto('/admin-dashboard');
    await expect
      .poll(() => logged.some((text) => text.includes('Error fetching user status count')))
      .toBe(true);
    await expect(page.getByRole('alert')).toContainText('Could not load the user counts.');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(statValue(page, 'Active Users')).toHaveCount(0);
  });
});
