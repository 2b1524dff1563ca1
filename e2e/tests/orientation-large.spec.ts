import type { Suite } from '@verdict/contract';
import { createProject, expect, LARGE_DATA, signInAt, test, unique } from '../fixtures';

/**
 * A suite of 10,000 cases on its own page (docs/product/projects.md, "What a project holds"):
 * one page of the list is in the DOM, the last page is a click away, and Back returns to it.
 * The cases come from one JUnit import, the quickest way to make that many.
 */

const COUNT = 10_000;

test('a suite of 10,000 cases lists a page at a time', { tag: LARGE_DATA }, async ({
  page,
  adminApi,
  request,
}) => {
  test.setTimeout(120_000);
  const project = await createProject(adminApi);
  const suiteName = unique('Big suite');
  const cases = Array.from(
    { length: COUNT },
    (_, i) => `<testcase name="big case ${String(i + 1).padStart(5, '0')}" classname="${suiteName}"/>`,
  );
  const report = `<testsuite name="${suiteName}" tests="${COUNT}">${cases.join('')}</testsuite>`;
  const imported = await request.post(`/api/projects/${project.id}/import/junit`, {
    headers: { authorization: `Bearer ${adminApi.token}`, 'content-type': 'application/xml' },
    data: report,
  });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  const [suite] = await adminApi.call<Suite[]>('GET', `/api/testsuites/project/${project.id}`);

  await signInAt(page, `/suites/${suite!.id}`);
  const list = page.getByRole('list', { name: `Test cases of ${suiteName}` });
  await expect(page.getByText(`Showing 1-25 of ${COUNT}`)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(25);
  await expect(list.getByRole('img', { name: 'Latest: passed' })).toHaveCount(25);

  const pages = page.getByRole('navigation', { name: `Test cases of ${suiteName}, pages` });
  const started = Date.now();
  await pages.getByRole('link', { name: 'Page 400' }).click();
  await expect(page.getByText(`Showing 9976-10000 of ${COUNT}`)).toBeVisible();
  expect(Date.now() - started).toBeLessThan(2_000);
  await expect(list.getByRole('link', { name: 'big case 10000' })).toBeVisible();
  await expect(page).toHaveURL(/\?cases=400$/);

  await list.getByRole('link', { name: 'big case 10000' }).click();
  await expect(page.getByRole('heading', { name: 'Test Case Details' })).toBeVisible();
  await page.goBack();
  await expect(page.getByText(`Showing 9976-10000 of ${COUNT}`)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(25);
});
