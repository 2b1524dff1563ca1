import type { Page } from '@playwright/test';
import type { PermissionName } from '@verdict/contract';
import { Api, expect, signIn, unique } from '../fixtures';

/**
 * Set-up for the shell, tree and dashboard tests, through the real API: each test makes its
 * own role, user and projects, so the files run in any order and in parallel.
 */

export const USER_PASSWORD = 'shell-e2e-password';

/** Everything the shell and tree show, plus what it takes to fill a project through the API. */
export const TREE_USER: readonly PermissionName[] = [
  'add_project',
  'home_project',
  'home_test_suit',
  'home_test_case',
  'add_test_suit_in_project',
  'add_test_case_in_project',
  'add_test_case_in_test_suit',
  'add_test_case_in_test_case',
  'add_test_run_in_test_case',
];

export interface ShellUser {
  id: number;
  username: string;
  email: string;
  password: string;
  /** The user's own API client, for data only they (and admins) see. */
  api: Api;
}

let permissionIds: Promise<Map<string, number>> | undefined;

function idsOf(admin: Api, names: readonly PermissionName[]): Promise<number[]> {
  permissionIds ??= admin
    .call<{ id: number; name: string }[]>('GET', '/api/permissions/list')
    .then((list) => new Map(list.map((permission) => [permission.name, permission.id])));
  return permissionIds.then((map) =>
    names.map((name) => {
      const id = map.get(name);
      if (id === undefined) throw new Error(`No permission named ${name}`);
      return id;
    }),
  );
}

/** A fresh user holding exactly `permissions` (through one global role), signed in via the API. */
export async function createUser(
  admin: Api,
  request: Parameters<typeof Api.login>[0],
  permissions: readonly PermissionName[],
  prefix = 'shell',
): Promise<ShellUser> {
  const roleIds: number[] = [];
  if (permissions.length > 0) {
    const role = await admin.call<{ role: { id: number } }>('POST', '/api/roles/create', {
      name: unique(`${prefix}-role`),
      description: 'shell e2e role',
      permissionIds: await idsOf(admin, permissions),
    });
    roleIds.push(role.role.id);
  }
  const username = unique(prefix);
  const email = `${username}@example.com`.toLowerCase();
  const created = await admin.call<{ user: { id: number } }>('POST', '/api/users/create', {
    username,
    email,
    password: USER_PASSWORD,
    max_user_limit: 5,
    roleIds,
  });
  const api = await Api.login(request, email, USER_PASSWORD);
  return { id: created.user.id, username, email, password: USER_PASSWORD, api };
}

export async function signInAs(page: Page, user: Pick<ShellUser, 'email' | 'password'>): Promise<void> {
  await signIn(page, user.email, user.password);
}

export async function createProject(api: Api, name = unique('Project')) {
  const answer = await api.call<{ project: { id: number; name: string } }>('POST', '/api/projects/create', {
    name,
    description: 'made by a shell e2e test',
  });
  return answer.project;
}

export async function createSuite(api: Api, projectId: number, name = unique('Suite')) {
  const answer = await api.call<{ suite: { id: number; name: string } }>('POST', '/api/testsuites/create', {
    project_id: projectId,
    name,
    description: '',
  });
  return answer.suite;
}

type CaseParent = { project: number } | { suite: number } | { case: number };

export async function createCase(api: Api, parent: CaseParent, name = unique('Case')) {
  const path =
    'project' in parent
      ? `/api/test-cases/project/${parent.project}/create`
      : 'suite' in parent
        ? `/api/test-cases/suite/${parent.suite}/create`
        : `/api/test-cases/parent/${parent.case}/create`;
  const answer = await api.call<{ testCase: { id: number; name: string } }>('POST', path, {
    name,
    description: '',
  });
  return answer.testCase;
}

export async function createRun(api: Api, caseId: number, status: 'passed' | 'failed') {
  await api.call('POST', `/api/testruns/create/${caseId}`, { status });
}

/** Runs `count` tasks, `batch` at a time. */
export async function inBatches(count: number, batch: number, task: (index: number) => Promise<unknown>) {
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    await Promise.all(Array.from({ length: size }, (_, offset) => task(start + offset)));
  }
}

/** The sidebar's project tree. */
export const tree = (page: Page) => page.getByRole('tree', { name: 'Projects' });

/** A node of the tree by its exact name. */
export const node = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });

/** Opens or closes a node with its arrow, as a mouse user does. */
export async function clickArrow(page: Page, name: string) {
  await node(page, name).getByTestId('tree-arrow').click();
}

export async function expandedNodes(page: Page): Promise<Record<string, boolean>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('expandedNodes') ?? '{}'));
}

export { expect };
