import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { permissions } from '../../src/modules/permissions/permissions-schema.ts';
import { projectMembers, projects } from '../../src/modules/projects/projects-schema.ts';
import { rolePermissions, roles } from '../../src/modules/roles/roles-schema.ts';
import { userRoles, users } from '../../src/modules/users/users-schema.ts';
import type { TestApp } from './test-app.ts';

/**
 * Data for the API-token and import tests, inserted directly so these tests depend only on
 * the token and import endpoints. Session tokens are signed by the app's own token service.
 */

const fixtures = path.join(import.meta.dirname, '../fixtures/junit');
export const fixture = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');

let passwordHash: Promise<string> | undefined;
let sequence = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++sequence}`;

export async function roleWith(t: TestApp, names: readonly string[]): Promise<number> {
  const [role] = await t.db
    .insert(roles)
    .values({ name: unique('role') })
    .returning({ id: roles.id });
  if (names.length > 0) {
    const found = await t.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.name, [...names]));
    if (found.length !== names.length) throw new Error(`unknown permission in ${names.join(', ')}`);
    await t.db.insert(rolePermissions).values(found.map((p) => ({ roleId: role!.id, permissionId: p.id })));
  }
  return role!.id;
}

export interface Person {
  id: number;
  /** A session (JWT) token. */
  session: string;
}

/** An active user holding `global` permissions through one global role. */
export async function person(t: TestApp, global: readonly string[] = []): Promise<Person> {
  passwordHash ??= hashPassword('person-password-1');
  const username = unique('person');
  const [user] = await t.db
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: await passwordHash })
    .returning({ id: users.id });
  if (global.length > 0)
    await t.db.insert(userRoles).values({ userId: user!.id, roleId: await roleWith(t, global) });
  return { id: user!.id, session: t.app.tokens.sign(user!.id, 0) };
}

export async function project(
  t: TestApp,
  createdBy: number | null = null,
  name = unique('project'),
): Promise<number> {
  const [row] = await t.db.insert(projects).values({ name, createdBy }).returning({ id: projects.id });
  return row!.id;
}

export async function member(
  t: TestApp,
  projectId: number,
  userId: number,
  permissionNames: readonly string[],
) {
  await t.db.insert(projectMembers).values({ projectId, userId, roleId: await roleWith(t, permissionNames) });
}

/** Creates an API token through the API and answers its secret. */
export async function apiToken(t: TestApp, session: string, name = 'CI'): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/api-tokens', token: session, payload: { name } });
  if (res.statusCode !== 201) throw new Error(`token creation failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

/** Every permission an import can need. */
export const IMPORTER = [
  'import_results',
  'add_test_suit_in_project',
  'add_test_case_in_test_suit',
  'add_test_case_in_test_case',
  'add_test_run_in_test_case',
] as const;

/**
 * The project's cases as sorted lines "suite › case › child: passed,failed" (the runs in the
 * order they were recorded), to compare whole trees at once.
 */
export async function treeOf(t: TestApp, projectId: number): Promise<string[]> {
  const rows = await queryRows<{ path: string; runs: string | null }>(
    t.db,
    sql`
    with recursive tree as (
      select c.id, s.name || ' › ' || c.name as path
      from test_cases c join suites s on s.id = c.suite_id
      where c.project_id = ${projectId} and c.parent_id is null
      union all
      select c.id, tree.path || ' › ' || c.name
      from test_cases c join tree on c.parent_id = tree.id
    )
    select path, (select string_agg(status, ',' order by r.id) from test_runs r where r.case_id = tree.id) as runs
    from tree`,
  );
  return rows
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((r) => `${r.path}: ${r.runs ?? ''}`);
}

export async function countsOf(t: TestApp, projectId: number) {
  const [row] = await queryRows<{ suites: number; cases: number; runs: number; stats: string }>(
    t.db,
    sql`
    select
      (select count(*)::int from suites where project_id = ${projectId}) as suites,
      (select count(*)::int from test_cases where project_id = ${projectId}) as cases,
      (select count(*)::int from test_runs where project_id = ${projectId}) as runs,
      (select suites || '/' || passed || '/' || failed from project_stats where project_id = ${projectId}) as stats`,
  );
  return row!;
}
