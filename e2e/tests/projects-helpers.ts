import type { Page } from '@playwright/test';
import type { PermissionName } from '@verdict/contract';
import { type Api, expect, unique } from '../fixtures';

/**
 * Data set-up for the project, suite, case and run tests, through the real API. Every test
 * makes its own users, roles and projects, so the files run in any order and in parallel.
 */

export const PASSWORD = 'e2e-user-password';

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
}

let permissionIds: Map<string, number> | undefined;

async function permissionIdsOf(api: Api, names: readonly PermissionName[]): Promise<number[]> {
  if (!permissionIds) {
    const list = await api.call<{ id: number; name: string }[]>('GET', '/api/permissions/list');
    permissionIds = new Map(list.map((p) => [p.name, p.id]));
  }
  return names.map((name) => {
    const id = permissionIds?.get(name);
    if (id === undefined) throw new Error(`No permission ${name}`);
    return id;
  });
}

/** A role holding exactly these permissions. */
export async function createRole(api: Api, permissions: readonly PermissionName[], prefix = 'role') {
  const body = {
    name: unique(prefix),
    description: 'e2e role',
    permissionIds: await permissionIdsOf(api, permissions),
  };
  const answer = await api.call<{ role: { id: number; name: string } }>('POST', '/api/roles/create', body);
  return answer.role;
}

/** A user whose global role holds these permissions (no role at all when the list is empty). */
export async function createUser(
  api: Api,
  permissions: readonly PermissionName[] = [],
  prefix = 'user',
): Promise<TestUser> {
  const roleIds = permissions.length > 0 ? [(await createRole(api, permissions, `${prefix}-global`)).id] : [];
  const username = unique(prefix);
  const email = `${username}@example.com`.toLowerCase();
  const answer = await api.call<{ user: { id: number } }>('POST', '/api/users/create', {
    username,
    email,
    password: PASSWORD,
    roleIds,
  });
  return { id: answer.user.id, username, email, password: PASSWORD };
}

export async function createProject(api: Api, name = unique('project'), description = 'An e2e project') {
  const answer = await api.call<{ project: { id: number; name: string } }>('POST', '/api/projects/create', {
    name,
    description,
  });
  return answer.project;
}

export async function addMember(api: Api, projectId: number, userId: number, roleId: number) {
  await api.call('POST', '/api/projects/add-user', { projectId, userId, roleId });
}

export async function createSuite(api: Api, projectId: number, name = unique('suite'), description = '') {
  const answer = await api.call<{ suite: { id: number; name: string; project_id: number } }>(
    'POST',
    '/api/testsuites/create',
    { project_id: projectId, name, description },
  );
  return answer.suite;
}

export interface CreatedCase {
  id: number;
  name: string;
  project_id: number;
  suite_id: number | null;
  parent_id: number | null;
}

export async function createCase(
  api: Api,
  parent: { kind: 'project' | 'suite' | 'parent'; id: number },
  name = unique('case'),
  description = '',
): Promise<CreatedCase> {
  const answer = await api.call<{ testCase: CreatedCase }>(
    'POST',
    `/api/test-cases/${parent.kind}/${parent.id}/create`,
    { name, description },
  );
  return answer.testCase;
}

export async function createRun(api: Api, caseId: number, status: 'passed' | 'failed' = 'passed') {
  const answer = await api.call<{ testRun: { id: number; status: string; executed_by: number } }>(
    'POST',
    `/api/testruns/create/${caseId}`,
    { status },
  );
  return answer.testRun;
}

/** A project with a suite and a case in it. */
export async function projectWithCase(api: Api) {
  const project = await createProject(api);
  const suite = await createSuite(api, project.id);
  const testCase = await createCase(api, { kind: 'suite', id: suite.id });
  return { project, suite, testCase };
}

/** Every permission a member needs to see and use the project, suite, case and run screens. */
export const ALL_PROJECT_PERMISSIONS: PermissionName[] = [
  'home_project',
  'home_test_suit',
  'home_test_case',
  'edit_project',
  'delete_project',
  'add_user_in_project',
  'add_test_suit_in_project',
  'add_test_case_in_project',
  'users_in_project',
  'change_user_role_in_project',
  'remove_user_from_project',
  'edit_test_suit',
  'delete_test_suit',
  'add_test_case_in_test_suit',
  'edit_test_case',
  'delete_test_case',
  'add_test_case_in_test_case',
  'add_test_run_in_test_case',
  'home_test_run',
  'edit_test_run',
  'delete_test_run',
];

/** The success toast (role=status inside the toast region). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.toast-region').getByRole('status').filter({ hasText: text });

/** Asserts a toast shows and is gone again after about 3 seconds (SPEC §9). */
export async function expectToastFor3Seconds(page: Page, text: string | RegExp) {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  const start = Date.now();
  // Polled every 100 ms so the measured time stays close to the real one.
  await expect.poll(() => shown.count(), { timeout: 6000, intervals: [100] }).toBe(0);
  const elapsed = Date.now() - start;
  expect(elapsed).toBeLessThan(3800);
  expect(elapsed).toBeGreaterThan(1500);
}

/** The error box (role=alert) holding the text, with its warning sign. */
export const errorBox = (page: Page, text: string) =>
  page.locator('.error-box').filter({ hasText: `⚠️ ${text}` });

/** Picks an option of a searchable select by typing part of its label. */
export async function pick(page: Page, label: string, optionText: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.fill(optionText);
  await page.getByRole('option', { name: optionText }).first().click();
}
