import type { Project } from '@verdict/contract';
import { inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { permissions } from '../../src/modules/permissions/permissions-schema.ts';
import { projectMembers } from '../../src/modules/projects/projects-schema.ts';
import { rolePermissions, roles } from '../../src/modules/roles/roles-schema.ts';
import { userRoles, users } from '../../src/modules/users/users-schema.ts';
import { as, expectStatus } from './requests.ts';
import type { TestApp } from './test-app.ts';

// Also answered from here, for the tests that take their request helpers with their data.
export { as, expectBadIds, expectGuards, expectStatus, type GuardedCall } from './requests.ts';

/**
 * Test data inserted directly, so these tests do not depend on the user and role endpoints.
 * Tokens are signed by the app's own token service (a real sign-in costs an argon2 verify).
 */

export const FIXTURE_PASSWORD = 'fixture-password-1';
let passwordHash: Promise<string> | undefined;
let sequence = 0;
const unique = (prefix: string) => `${prefix}-${++sequence}`;

export interface TestUser {
  id: number;
  username: string;
  email: string;
  token: string;
}

/** A role granting exactly these permission names. */
export async function createRole(
  t: TestApp,
  names: readonly string[],
  name = unique('role'),
): Promise<number> {
  const [role] = await t.db
    .insert(roles)
    .values({ name, description: 'fixture' })
    .returning({ id: roles.id });
  if (names.length > 0) {
    const found = await t.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.name, [...names]));
    expect(found).toHaveLength(names.length);
    await t.db.insert(rolePermissions).values(found.map((p) => ({ roleId: role!.id, permissionId: p.id })));
  }
  return role!.id;
}

/** An active user; `permissions` become one global role made for them. */
export async function createUser(
  t: TestApp,
  options: { permissions?: readonly string[]; roleIds?: number[]; name?: string } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(FIXTURE_PASSWORD);
  const username = options.name ?? unique('user');
  const email = `${username}@example.com`;
  const [user] = await t.db
    .insert(users)
    .values({ username, email, passwordHash: await passwordHash })
    .returning({ id: users.id });
  const roleIds = [...(options.roleIds ?? [])];
  if (options.permissions) roleIds.push(await createRole(t, options.permissions));
  if (roleIds.length > 0)
    await t.db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: user!.id, roleId })));
  return { id: user!.id, username, email, token: t.app.tokens.sign(user!.id, 0) };
}

export async function addMember(
  t: TestApp,
  projectId: number,
  userId: number,
  roleId: number,
): Promise<void> {
  await t.db.insert(projectMembers).values({ projectId, userId, roleId });
}

export async function createProject(t: TestApp, token: string, name = unique('project')): Promise<Project> {
  return expectStatus(await as(t, token).post('/api/projects/create', { name, description: 'd' }), 201)
    .project;
}

/**
 * The cast of the guard tests: an admin (every permission), a project the admin created, a
 * member of it whose role grants nothing (sees it, may do nothing: 403), and an outsider with
 * no roles who cannot see it (404).
 */
export interface World {
  admin: string;
  project: Project;
  member: TestUser;
  outsider: TestUser;
  emptyRoleId: number;
}

export async function createWorld(t: TestApp): Promise<World> {
  const admin = await t.login();
  const project = await createProject(t, admin);
  const emptyRoleId = await createRole(t, []);
  const member = await createUser(t);
  await addMember(t, project.id, member.id, emptyRoleId);
  const outsider = await createUser(t);
  return { admin, project, member, outsider, emptyRoleId };
}

export interface Tree {
  suiteId: number;
  /** A top-level case in the suite, its child, and the child's child. */
  caseId: number;
  childId: number;
  grandchildId: number;
  /** A top-level case directly in the project (no suite). */
  looseCaseId: number;
  runIds: number[];
}

/** A suite with a three-level case chain and a loose case, every case with one passed and one failed run. */
export async function createTree(t: TestApp, token: string, projectId: number): Promise<Tree> {
  const api = as(t, token);
  const suite = expectStatus(
    await api.post('/api/testsuites/create', { project_id: projectId, name: 'S' }),
    201,
  ).suite;
  const make = async (url: string, name: string) =>
    expectStatus(await api.post(url, { name }), 201).testCase.id;
  const caseId = await make(`/api/test-cases/suite/${suite.id}/create`, 'case');
  const childId = await make(`/api/test-cases/parent/${caseId}/create`, 'child');
  const grandchildId = await make(`/api/test-cases/parent/${childId}/create`, 'grandchild');
  const looseCaseId = await make(`/api/test-cases/project/${projectId}/create`, 'loose');
  const runIds: number[] = [];
  for (const id of [caseId, childId, grandchildId, looseCaseId]) {
    for (const status of ['passed', 'failed']) {
      runIds.push(expectStatus(await api.post(`/api/testruns/create/${id}`, { status }), 201).testRun.id);
    }
  }
  return { suiteId: suite.id, caseId, childId, grandchildId, looseCaseId, runIds };
}

/** Row counts under one project, straight from the tables. */
export async function countRowsOf(t: TestApp, projectId: number) {
  const [row] = await queryRows<Record<string, number>>(
    t.db,
    sql`
    select
      (select count(*)::int from projects where id = ${projectId}) as projects,
      (select count(*)::int from suites where project_id = ${projectId}) as suites,
      (select count(*)::int from test_cases where project_id = ${projectId}) as cases,
      (select count(*)::int from test_runs where project_id = ${projectId}) as runs,
      (select count(*)::int from project_members where project_id = ${projectId}) as members,
      (select count(*)::int from project_stats where project_id = ${projectId}) as stats`,
  );
  return row!;
}
