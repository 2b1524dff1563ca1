import type { Page } from '@playwright/test';
import type { PermissionName, ProjectDetail, TestCase } from '@verdict/contract';
import {
  addMember,
  createCase,
  createProject,
  createRole,
  createSuite,
  expect,
  signIn,
  test,
  unique,
} from '../fixtures';

/**
 * docs/security.md, "Output": names that look like HTML are stored verbatim and shown as text
 * on every screen that shows them (project, suite and case detail, the sidebar tree). Were one
 * rendered as HTML, the <img> would exist in the page and its onerror would set a flag
 * (the CSP would block the handler, so the element itself is what the test looks for).
 */

const PERMISSIONS: PermissionName[] = ['home_project', 'home_test_suit', 'home_test_case', 'home_test_run'];

function hostile(label: string): string {
  return `<img src=x onerror="window.__xss='${label}'"> ${unique(label)}`;
}

/** Fails on any dialog; answers whether the page holds an injected element or ran its handler. */
function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return async () => {
    expect(dialogs).toEqual([]);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  };
}

test('HTML in project, suite and case names is shown as text on their screens and in the tree', async ({
  page,
  adminApi,
  createUser,
}) => {
  // A user who sees only this project, so the tree holds nothing else.
  const role = await createRole(adminApi, PERMISSIONS, unique('xss role'));
  const user = await createUser({ prefix: 'xss-user', roleIds: [role.id] });
  const api = await user.api();
  // The admin creates the project and makes the user a member (the user may only read).
  const names = { project: hostile('project'), suite: hostile('suite'), case: hostile('case') };
  const project = await createProject(adminApi, names.project, names.project);
  await addMember(adminApi, project.id, user.id, role.id);
  const suite = await createSuite(adminApi, project.id, names.suite, names.suite);
  const testCase = await createCase(adminApi, { suite: suite.id }, names.case, names.case);

  // The API answers the text verbatim.
  expect((await api.call<ProjectDetail>('GET', `/api/projects/detail/${project.id}`)).name).toBe(
    names.project,
  );
  expect((await api.call<TestCase>('GET', `/api/test-cases/single/${testCase.id}`)).description).toBe(
    names.case,
  );

  const check = watch(page);
  await signIn(page, user);

  for (const [path, name] of [
    [`/projects/${project.id}`, names.project],
    [`/suites/${suite.id}`, names.suite],
    [`/cases/${testCase.id}`, names.case],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('main').getByText(name, { exact: true }).first()).toBeVisible();
    await check();
  }

  // The sidebar tree: the case page last opened reveals the project, its suite and the case,
  // each label as text.
  const tree = page.getByRole('tree', { name: 'Projects' });
  for (const name of [names.project, names.suite, names.case]) {
    await expect(tree.getByRole('treeitem', { name, exact: true })).toBeVisible();
  }
  await check();
});
