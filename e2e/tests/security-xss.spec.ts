import type { Page } from '@playwright/test';
import type { PermissionName } from '@verdict/contract';
import { Api, expect, signIn, test, unique } from '../fixtures';

/**
 * docs/security.md, "Output": names that look like HTML are stored verbatim and shown as text
 * on every screen that shows them (project, suite and case detail, the sidebar tree). Were one
 * rendered as HTML, the <img> would exist in the page and its onerror would set a flag
 * (the CSP would block the handler, so the element itself is what the test looks for).
 */

const PERMISSIONS: PermissionName[] = ['home_project', 'home_test_suit', 'home_test_case', 'home_test_run'];
const PASSWORD = 'xss-e2e-password-1';

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
  request,
}) => {
  // A user who sees only this project, so the tree holds nothing else.
  const permissionList = await adminApi.call<{ id: number; name: string }[]>('GET', '/api/permissions/list');
  const permissionIds = permissionList
    .filter((p) => PERMISSIONS.includes(p.name as PermissionName))
    .map((p) => p.id);
  const role = await adminApi.call('POST', '/api/roles/create', {
    name: unique('xss role'),
    description: 'xss',
    permissionIds,
  });
  const username = unique('xss-user');
  const email = `${username}@example.com`.toLowerCase();
  const user = await adminApi.call('POST', '/api/users/create', {
    username,
    email,
    password: PASSWORD,
    roleIds: [role.role.id],
  });
  const api = await Api.login(request, email, PASSWORD);
  // The admin creates the project and makes the user a member (the user may only read).
  const names = { project: hostile('project'), suite: hostile('suite'), case: hostile('case') };
  const project = (
    await adminApi.call('POST', '/api/projects/create', { name: names.project, description: names.project })
  ).project;
  await adminApi.call('POST', '/api/projects/add-user', {
    projectId: project.id,
    userId: user.user.id,
    roleId: role.role.id,
  });
  const suite = (
    await adminApi.call('POST', '/api/testsuites/create', {
      project_id: project.id,
      name: names.suite,
      description: names.suite,
    })
  ).suite;
  const testCase = (
    await adminApi.call('POST', `/api/test-cases/suite/${suite.id}/create`, {
      name: names.case,
      description: names.case,
    })
  ).testCase;

  // The API answers the text verbatim.
  expect((await api.call('GET', `/api/projects/detail/${project.id}`)).name).toBe(names.project);
  expect((await api.call('GET', `/api/test-cases/single/${testCase.id}`)).description).toBe(names.case);

  const check = watch(page);
  await signIn(page, email, PASSWORD);

  for (const [path, name] of [
    [`/projects/${project.id}`, names.project],
    [`/suites/${suite.id}`, names.suite],
    [`/cases/${testCase.id}`, names.case],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('main').getByText(name, { exact: true }).first()).toBeVisible();
    await check();
  }

  // The sidebar tree: project, then its suite, then the suite's case, each label as text.
  const tree = page.getByRole('tree', { name: 'Projects' });
  const projectNode = tree.getByRole('treeitem', { name: names.project, exact: true });
  await expect(projectNode).toBeVisible();
  await projectNode.getByTestId('tree-arrow').click();
  const suiteNode = tree.getByRole('treeitem', { name: names.suite, exact: true });
  await expect(suiteNode).toBeVisible();
  await suiteNode.getByTestId('tree-arrow').click();
  await expect(tree.getByRole('treeitem', { name: names.case, exact: true })).toBeVisible();
  await check();
});
