import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { loadPrincipal, projectAccess } from '../src/modules/authz/authorization.ts';
import { loadAccessModel } from './helpers/access-model.ts';
import { burst, type Cast, commandArb, plan, tableRows } from './helpers/commands.ts';
import { as, createRole, createUser } from './helpers/fixtures.ts';
import { orphans, recountDashboard, staleLatestStatuses, statsMismatches } from './helpers/invariants.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Random sequences of writes by users with different roles. Every answer must be the one an
 * independent model of the permission rules predicts, and after every step the data must hold
 * its invariants: no orphans, counters equal to a recount, and nobody holding a permission
 * that none of their roles grants.
 */

const PROJECT_WORK = [
  'home_test_case',
  'add_test_suit_in_project',
  'add_test_case_in_project',
  'add_test_case_in_test_suit',
  'add_test_case_in_test_case',
  'edit_test_suit',
  'edit_test_case',
  'home_test_run',
  'add_test_run_in_test_case',
  'edit_test_run',
];

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  const admin = { id: 1, username: 'admin', email: 'admin@example.com', token: await t.login() };
  // Creates projects and manages members, but sees only their own projects.
  const lead = await createUser(t, {
    permissions: ['add_project', 'add_user_in_project', 'users_in_project', 'home_test_suit'],
  });
  const tester = await createUser(t);
  const outsider = await createUser(t);
  cast = {
    actors: [admin, lead, tester, outsider],
    users: [lead, tester, outsider, await createUser(t)],
    roleIds: [
      await createRole(t, []),
      await createRole(t, [
        'home_test_case',
        'home_test_run',
        'add_test_run_in_test_case',
        'delete_test_run',
      ]),
      await createRole(t, [...PROJECT_WORK, 'edit_project', 'delete_test_case', 'add_user_in_project']),
      await createRole(t, [
        ...PROJECT_WORK,
        ...['edit_project', 'delete_project', 'delete_test_case', 'delete_test_suit', 'delete_test_run'],
        ...['add_user_in_project', 'change_user_role_in_project', 'remove_user_from_project'],
      ]),
    ],
  };
});
afterAll(() => t.close());

/** Each sequence starts from the same small world, so shrinking replays cleanly. */
async function seed(): Promise<void> {
  const [admin, lead, tester] = cast.actors.map((a) => a.id);
  await t.db.execute(sql`delete from projects`);
  const [a, b] = await queryRows<{ id: number }>(
    t.db,
    sql`
    insert into projects (name, created_by) values ('A', ${admin}), ('B', ${lead}) returning id`,
  );
  await t.db.execute(sql`insert into suites (project_id, name) select id, 'S' from projects`);
  await t.db.execute(sql`
    insert into test_cases (project_id, suite_id, name) select project_id, id, 'C' from suites`);
  await t.db.execute(sql`insert into test_cases (project_id, name) select id, 'L' from projects`);
  await t.db.execute(sql`
    insert into test_runs (case_id, project_id, status, executed_by)
    select id, project_id, case when id % 2 = 0 then 'passed' else 'failed' end, ${admin} from test_cases`);
  await t.db.execute(sql`
    insert into project_members (project_id, user_id, role_id)
    values (${a!.id}, ${tester}, ${cast.roleIds[1]}), (${b!.id}, ${tester}, ${cast.roleIds[3]})`);
}

/** The audit entries after id `after`: who wrote them, and the newest id. */
async function auditEntries(after = 0): Promise<{ last: number; actors: number[] }> {
  const rows = await queryRows<{ id: number; actor_id: number }>(
    t.db,
    sql`select id::int as id, actor_id from audit_log where id > ${after} order by id`,
  );
  return { last: rows.at(-1)?.id ?? after, actors: rows.map((r) => r.actor_id) };
}

async function checkInvariants(): Promise<void> {
  expect(await orphans(t.db)).toEqual([]);
  expect(await statsMismatches(t.db)).toEqual([]);
  expect(await staleLatestStatuses(t.db)).toEqual([]);
  // The authorization module agrees with the model, which derives everything from roles.
  const model = await loadAccessModel(t.db);
  const { projects } = await tableRows(t);
  for (const actor of cast.actors) {
    const principal = (await loadPrincipal(t.db, actor.id))!;
    expect([...principal.permissions].sort()).toEqual([...model.global(actor.id)].sort());
    for (const project of projects) {
      const expected = model.inProject(actor.id, project.id)!;
      const access = await projectAccess(t.db, principal, project.id);
      expect(access !== null).toBe(expected.visible);
      if (access) expect([...access.permissions].sort()).toEqual([...expected.permissions].sort());
    }
  }
}

async function checkDashboards(): Promise<void> {
  for (const actor of cast.actors) {
    const api = as(t, actor.token);
    const expected = await recountDashboard(t.db, actor.id);
    expect((await api.get('/api/projects/count')).json().totalProjects).toBe(expected.totalProjects);
    expect((await api.get('/api/testsuites/count')).json().totalTestSuites).toBe(expected.totalTestSuites);
    expect((await api.get('/api/testruns/stats')).json()).toEqual({
      totalPassed: expected.totalPassed,
      totalFailed: expected.totalFailed,
      totalRuns: expected.totalPassed + expected.totalFailed,
    });
  }
}

describe('random command sequences', () => {
  it('keep every answer predictable and the data consistent', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 5, maxLength: 30 }), async (commands) => {
        await seed();
        for (const [step, cmd] of commands.entries()) {
          if (cmd.kind === 'burst') {
            await burst(t, cast, cmd);
          } else {
            const { method, url, payload, expected } = await plan(t, cast, cmd);
            const token = cast.actors[cmd.actor]!.token;
            const entriesBefore = await auditEntries();
            const res = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
            expect({ step, cmd, status: res.statusCode, body: res.json() }).toMatchObject({
              status: expected,
            });
            // The audit log: one entry by the actor per create or delete, at most one per edit
            // (none when nothing changed), none for a refused request.
            const written = await auditEntries(entriesBefore.last);
            const entries =
              res.statusCode >= 400 ? 0 : method === 'PUT' ? Math.min(written.actors.length, 1) : 1;
            expect({ step, cmd, written: written.actors }).toEqual({
              step,
              cmd,
              written: Array(entries).fill(cast.actors[cmd.actor]!.id),
            });
          }
          await checkInvariants();
        }
        await checkDashboards();
      }),
      { numRuns: 40 },
    );
  });
});
