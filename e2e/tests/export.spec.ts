import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import type { PermissionName } from '@verdict/contract';
import {
  type Api,
  addMember,
  type CreateUser,
  createCase,
  createProject,
  createRole,
  createRun,
  createSuite,
  expect,
  signInAt,
  test,
  unique,
} from '../fixtures';
import { openProjectMenu } from '../page-helpers';

/**
 * README 'CSV export': 'Export cases (CSV)' on the project page and 'Export runs (CSV)' on a
 * case page, for holders of export_project in that project. The files are checked byte for
 * byte against the data each test makes.
 */

const CRLF = '\r\n';
/** Every cell quoted, its quotes doubled, as the server writes it. */
const csv = (rows: string[][]) =>
  rows.map((row) => `${row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')}${CRLF}`).join('');

/** Clicks the export button and answers the saved file's name and text. */
async function download(page: Page, button: Locator): Promise<{ filename: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await file.path();
  return { filename: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/**
 * P: suite S with case A (passed; its child A1 failed) and case B (never ran), and a top-level
 * case T in no suite (passed). A's description holds a comma and a quote; B's description holds
 * a formula after a `;`, which a spreadsheet splitting on `;` would run, so the file defuses it.
 */
async function makeProject(api: Api) {
  const project = await createProject(api, unique('Export P'));
  const suite = await createSuite(api, project.id, unique('Suite S'));
  const a = await createCase(api, { suite: suite.id }, unique('Case A'), 'Signs in, then "out"');
  const a1 = await createCase(api, { parent: a.id }, unique('Case A1'));
  const b = await createCase(api, { suite: suite.id }, unique('Case B'), "safe;=cmd|' /C calc'!A0");
  const t = await createCase(api, { project: project.id }, unique('Case T'));
  const runs = [
    await createRun(api, a.id, 'passed'),
    await createRun(api, a1.id, 'passed'),
    await createRun(api, a1.id, 'failed'),
    await createRun(api, t.id, 'passed'),
  ];
  return { project, suite, a, a1, b, t, runs };
}

/** A member whose project role is exactly `projectPermissions` (and who sees projects and cases). */
async function member(
  createUser: CreateUser,
  api: Api,
  projectId: number,
  projectPermissions: readonly PermissionName[],
) {
  const user = await createUser({
    permissions: ['home_project', 'home_test_suit', 'home_test_case', 'home_test_run'],
  });
  const role = await createRole(api, projectPermissions);
  await addMember(api, projectId, user.id, role.id);
  return user;
}

test.describe('CSV export', () => {
  // The rich content follows the seed's columns (docs/product/export.md); these cases have none.
  const RICH_COLUMNS = [
    'preconditions',
    'priority',
    'tags',
    'steps',
    'expected_results',
    'shared_steps',
    'parameters',
  ];
  const PLAIN = ['', 'medium', '', '', '', '', ''];

  test('the project page downloads its cases with their hierarchy, latest status and roll-up', async ({
    page,
    adminApi,
  }) => {
    const { project, suite, a, a1, b, t } = await makeProject(adminApi);
    await signInAt(page, `/projects/${project.id}`);
    await openProjectMenu(page, 'Import / Export');
    const button = page.getByRole('button', { name: 'Export cases (CSV)' });
    await expect(button).toBeEnabled();

    const file = await download(page, button);
    expect(file.filename).toBe(`project-${project.id}-cases.csv`);
    expect(file.text).toBe(
      csv([
        [
          'id',
          'parent_id',
          'suite',
          'path',
          'name',
          'description',
          'latest_status',
          'rollup',
          ...RICH_COLUMNS,
        ],
        [`${a.id}`, '', suite.name, a.name, a.name, 'Signs in, then "out"', 'passed', 'failed', ...PLAIN],
        [
          `${a1.id}`,
          `${a.id}`,
          suite.name,
          `${a.name} / ${a1.name}`,
          a1.name,
          '',
          'failed',
          'failed',
          ...PLAIN,
        ],
        [`${b.id}`, '', suite.name, b.name, b.name, "safe;'=cmd|' /C calc'!A0", '', '', ...PLAIN],
        [`${t.id}`, '', '', t.name, t.name, '', 'passed', 'passed', ...PLAIN],
      ]),
    );
    // The button is back to its label once the file is saved.
    await expect(button).toBeEnabled();
  });

  test('the case page downloads the case’s runs, oldest first', async ({ page, adminApi }) => {
    const { a1, runs } = await makeProject(adminApi);
    const stored = await adminApi.call<{ id: number; created_at: string }[]>(
      'GET',
      `/api/testruns/testcase/${a1.id}`,
    );
    const createdAt = new Map(stored.map((run) => [run.id, new Date(run.created_at).toISOString()]));
    const [passed, failed] = [runs[1]!, runs[2]!];
    await signInAt(page, `/cases/${a1.id}`);

    const file = await download(page, page.getByRole('button', { name: 'Export runs (CSV)' }));
    expect(file.filename).toBe(`case-${a1.id}-runs.csv`);
    expect(file.text).toBe(
      csv([
        ['id', 'status', 'executed_by', 'executor', 'created_at'],
        [`${passed.id}`, 'passed', `${passed.executed_by}`, 'admin', createdAt.get(passed.id)!],
        [`${failed.id}`, 'failed', `${failed.executed_by}`, 'admin', createdAt.get(failed.id)!],
      ]),
    );
    expect(file.text.split(CRLF)[1]).toMatch(/,"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
  });

  test('export_project held through the project role is enough; without it there is no button', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const { project, a, a1, b, t } = await makeProject(adminApi);
    const exporter = await member(createUser, adminApi, project.id, ['export_project']);
    const viewer = await member(createUser, adminApi, project.id, [
      'edit_project',
      'add_test_run_in_test_case',
    ]);

    await signInAt(page, `/projects/${project.id}`, exporter);
    await openProjectMenu(page, 'Import / Export');
    const file = await download(page, page.getByRole('button', { name: 'Export cases (CSV)' }));
    expect(
      file.text
        .split(CRLF)
        .slice(1, -1)
        .map((line) => line.split(',')[0]),
    ).toEqual([a, a1, b, t].map((c) => `"${c.id}"`));
    await page.goto(`/cases/${a.id}`);
    await expect(page.getByRole('button', { name: 'Export runs (CSV)' })).toBeVisible();

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInAt(page, `/projects/${project.id}`, viewer);
    // The project page has loaded the viewer's role (its Edit button shows) without an export button.
    await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export cases (CSV)' })).toHaveCount(0);
    await page.goto(`/cases/${a.id}`);
    await expect(page.getByRole('link', { name: 'Add Test Run' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export runs (CSV)' })).toHaveCount(0);

    // And the server refuses the viewer's download.
    const viewerApi = await viewer.api();
    expect(await viewerApi.status('GET', `/api/projects/${project.id}/export/cases.csv`)).toBe(403);
    expect(await viewerApi.status('GET', `/api/test-cases/${a.id}/export/runs.csv`)).toBe(403);
  });
});
