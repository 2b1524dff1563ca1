import path from 'node:path';
import type { RunStats, Suite, TestCase } from '@verdict/contract';
import { createProject, expect, signIn, signInAt, test, unique } from '../fixtures';
import { openProjectMenu } from '../page-helpers';

const fixture = (name: string) =>
  path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/junit', name);

test.describe('results from CI', () => {
  test('a personal API token made on the API Tokens screen imports a JUnit report', async ({
    page,
    request,
    adminApi,
  }) => {
    const project = await createProject(adminApi, unique('ci-project'));
    await signIn(page);
    await page.getByRole('link', { name: 'API Tokens' }).click();
    await expect(page).toHaveURL(/\/api-tokens$/);
    const tokenName = unique('github-actions');
    await page.getByLabel('Token name').fill(tokenName);
    await page.getByRole('button', { name: 'Create Token' }).click();
    const secretBox = page.locator('.secret-once-value');
    await expect(secretBox).toHaveValue(/^vdt_/);
    const secret = await secretBox.inputValue();
    await expect(page.getByRole('table', { name: 'API tokens' })).toContainText(tokenName);

    // The CLI's request, made with the token: the results land in the project.
    const res = await request.post(`/api/projects/${project.id}/import/junit`, {
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/xml' },
      data: await import('node:fs').then((fs) => fs.readFileSync(fixture('surefire.xml'))),
    });
    expect(res.status(), await res.text()).toBe(201);

    // The report's suite and cases are in the project; a case page shows the recorded run.
    const suites = await adminApi.call<Suite[]>('GET', `/api/testsuites/project/${project.id}`);
    expect(suites.map((suite) => suite.name)).toContain('com.acme.billing.InvoiceServiceTest');
    const cases = await adminApi.call<TestCase[]>('GET', `/api/test-cases/suite/${suites[0]!.id}`);
    const failing = cases.find((c) => c.name === 'appliesVatToNetAmount')!;
    await page.goto(`/cases/${failing.id}`);
    await expect(page.getByRole('table', { name: 'Test Runs' })).toContainText('Failed');
  });

  test('the Import results button uploads a report and shows the summary', async ({ page, adminApi }) => {
    const project = await createProject(adminApi, unique('upload-project'));
    await signInAt(page, `/projects/${project.id}`);
    await openProjectMenu(page, 'Import / Export');
    await page.getByLabel('JUnit XML report').setInputFiles(fixture('jest-junit.xml'));
    await expect(page.getByText('Passed').first()).toBeVisible();
    await expect(page.getByText('Failed').first()).toBeVisible();
    const counts = await adminApi.call<RunStats>('GET', '/api/testruns/stats');
    expect(counts.totalRuns).toBeGreaterThan(0);
  });
});
