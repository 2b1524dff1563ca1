import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { loadAccessModel, predictAccess } from './access-model.ts';
import { as, type TestUser } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

/** The commands of the property test, and the answer the access model predicts for each. */

const KINDS = [
  ...['createProject', 'editProject', 'deleteProject'],
  ...['createSuite', 'createSuite', 'editSuite', 'deleteSuite'],
  ...['createProjectCase', 'createSuiteCase', 'createChildCase', 'createChildCase', 'editCase', 'deleteCase'],
  ...['createRun', 'createRun', 'createRun', 'updateRun', 'deleteRun'],
  ...['addMember', 'addMember', 'changeRole', 'changeRole', 'removeMember', 'burst'],
] as const;
type Kind = (typeof KINDS)[number];

export interface Command {
  kind: Kind;
  actor: number;
  target: number;
  user: number;
  role: number;
  failed: boolean;
}

export const commandArb: fc.Arbitrary<Command> = fc.record({
  kind: fc.constantFrom(...KINDS),
  actor: fc.nat({ max: 3 }),
  target: fc.nat({ max: 40 }),
  user: fc.nat({ max: 3 }),
  role: fc.nat({ max: 3 }),
  failed: fc.boolean(),
});

/** Who acts, who can be made a member, and with which roles (indexes of a command). */
export interface Cast {
  actors: TestUser[];
  users: TestUser[];
  roleIds: number[];
}

type Row = { id: number; project_id: number };
const MISSING: { id: number; project_id: number | undefined } = { id: 999_999, project_id: undefined };
const pick = (rows: Row[], n: number) => (rows.length ? rows[n % rows.length]! : MISSING);

export async function tableRows(t: TestApp) {
  const rows = (table: string, project: string) =>
    queryRows<Row>(
      t.db,
      sql`select id, ${sql.raw(project)} as project_id from ${sql.raw(table)} order by id`,
    );
  const [projects, suites, cases, runs] = await Promise.all([
    rows('projects', 'id'),
    rows('suites', 'project_id'),
    rows('test_cases', 'project_id'),
    rows('test_runs', 'project_id'),
  ]);
  return { projects, suites, cases, runs };
}

export interface Plan {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  expected: number;
}

/** The request a command makes and the status the model predicts for it. */
export async function plan(t: TestApp, cast: Cast, cmd: Command): Promise<Plan> {
  const actor = cast.actors[cmd.actor]!;
  const model = await loadAccessModel(t.db);
  const { projects, suites, cases, runs } = await tableRows(t);
  const [p, s, c, r] = [projects, suites, cases, runs].map((rows) => pick(rows, cmd.target)) as [
    Row,
    Row,
    Row,
    Row,
  ];
  const user = cast.users[cmd.user]!;
  const roleId = cast.roleIds[cmd.role]!;
  const body = { name: `n${cmd.target}`, description: 'd' };
  const status = cmd.failed ? 'failed' : 'passed';

  const on = (row: { project_id: number | undefined }, permission: string, ok: number) => {
    const predicted = predictAccess(model, actor.id, row.project_id, permission);
    return predicted === 'ok' ? ok : predicted;
  };
  // Past the project check: membership, then no-escalation, in the order the service checks them.
  const member = (ok: number, mustBeMember: boolean, grants: boolean) => {
    const isMember = model.isMember(user.id, p.id);
    if (mustBeMember && !isMember) return 404;
    const held = model.inProject(actor.id, p.id)?.permissions ?? new Set();
    if (grants && [...model.rolePermissions(roleId)].some((name) => !held.has(name))) return 403;
    return !mustBeMember && isMember ? 409 : ok;
  };

  const plans: Record<Exclude<Kind, 'burst'>, () => Plan> = {
    createProject: () => ({
      method: 'POST',
      url: '/api/projects/create',
      payload: body,
      expected: model.global(actor.id).has('add_project') ? 201 : 403,
    }),
    editProject: () => ({
      method: 'PUT',
      url: `/api/projects/update/${p.id}`,
      payload: body,
      expected: on(p, 'edit_project', 200),
    }),
    deleteProject: () => ({
      method: 'DELETE',
      url: `/api/projects/delete/${p.id}`,
      expected: on(p, 'delete_project', 200),
    }),
    createSuite: () => ({
      method: 'POST',
      url: '/api/testsuites/create',
      payload: { ...body, project_id: p.id },
      expected: on(p, 'add_test_suit_in_project', 201),
    }),
    editSuite: () => ({
      method: 'PUT',
      url: `/api/testsuites/update/${s.id}`,
      payload: body,
      expected: on(s, 'edit_test_suit', 200),
    }),
    deleteSuite: () => ({
      method: 'DELETE',
      url: `/api/testsuites/delete/${s.id}`,
      expected: on(s, 'delete_test_suit', 200),
    }),
    createProjectCase: () => ({
      method: 'POST',
      url: `/api/test-cases/project/${p.id}/create`,
      payload: body,
      expected: on(p, 'add_test_case_in_project', 201),
    }),
    createSuiteCase: () => ({
      method: 'POST',
      url: `/api/test-cases/suite/${s.id}/create`,
      payload: body,
      expected: on(s, 'add_test_case_in_test_suit', 201),
    }),
    createChildCase: () => ({
      method: 'POST',
      url: `/api/test-cases/parent/${c.id}/create`,
      payload: body,
      expected: on(c, 'add_test_case_in_test_case', 201),
    }),
    editCase: () => ({
      method: 'PUT',
      url: `/api/test-cases/update/${c.id}`,
      payload: body,
      expected: on(c, 'edit_test_case', 200),
    }),
    deleteCase: () => ({
      method: 'DELETE',
      url: `/api/test-cases/delete/${c.id}`,
      expected: on(c, 'delete_test_case', 200),
    }),
    createRun: () => ({
      method: 'POST',
      url: `/api/testruns/create/${c.id}`,
      payload: { status },
      expected: on(c, 'add_test_run_in_test_case', 201),
    }),
    updateRun: () => ({
      method: 'PUT',
      url: `/api/testruns/update/${r.id}`,
      payload: { status },
      expected: on(r, 'edit_test_run', 200),
    }),
    deleteRun: () => ({
      method: 'DELETE',
      url: `/api/testruns/delete/${r.id}`,
      expected: on(r, 'delete_test_run', 200),
    }),
    addMember: () => ({
      method: 'POST',
      url: '/api/projects/add-user',
      payload: { projectId: p.id, userId: user.id, roleId },
      expected: on(p, 'add_user_in_project', member(201, false, true)),
    }),
    changeRole: () => ({
      method: 'PUT',
      url: `/api/projects/${p.id}/user/${user.id}/change-role`,
      payload: { roleId },
      expected: on(p, 'change_user_role_in_project', member(200, true, true)),
    }),
    removeMember: () => ({
      method: 'DELETE',
      url: `/api/projects/${p.id}/user/${user.id}/remove`,
      expected: on(p, 'remove_user_from_project', member(200, true, false)),
    }),
  };
  if (cmd.kind === 'burst') throw new Error('a burst is not one request');
  return plans[cmd.kind]();
}

/** Concurrent run writes racing a case delete, by the admin: each lands or finds its target gone. */
export async function burst(t: TestApp, cast: Cast, cmd: Command): Promise<void> {
  const { cases, runs } = await tableRows(t);
  const api = as(t, cast.actors[0]!.token);
  const answers = await Promise.all([
    ...[0, 1, 2, 3].map((i) =>
      api.post(`/api/testruns/create/${pick(cases, cmd.target + i).id}`, {
        status: i % 2 ? 'passed' : 'failed',
      }),
    ),
    ...[0, 1].map((i) => api.del(`/api/testruns/delete/${pick(runs, cmd.target + i).id}`)),
    api.put(`/api/testruns/update/${pick(runs, cmd.target + 2).id}`, { status: 'failed' }),
    api.del(`/api/test-cases/delete/${pick(cases, cmd.target + 1).id}`),
  ]);
  for (const res of answers) expect([200, 201, 404]).toContain(res.statusCode);
}
