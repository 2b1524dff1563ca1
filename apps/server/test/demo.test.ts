import { PERMISSION_GRANT_RULES } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { DEMO_PASSWORD, seedSmallDemo } from '../src/demo/small-demo.ts';
import { as, expectStatus } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** The demo's people can do what their roles' names say (README, "Demo data"). */

let t: TestApp;
let projectId: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedSmallDemo(t.db, () => {})).toBe(true);
  for (const name of ['demo.admin', 'alice', 'paul.pm', 'bob']) {
    tokens[name] = await t.login(`${name}@example.com`, DEMO_PASSWORD);
  }
  const [project] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from projects where name = 'Checkout Web'`,
  );
  projectId = project!.id;
});
afterAll(() => t.close());

describe('the demo roles', () => {
  it('a Project Manager plans a cycle and assigns it; a Tester executes what is assigned to them', async () => {
    const pm = as(t, tokens['paul.pm']);
    const cycle = expectStatus(
      await pm.post(`/api/projects/${projectId}/cycles`, { name: 'Release 2.4', all_cases: true }),
      201,
    ).cycle;
    const items = expectStatus(await pm.get(`/api/cycles/${cycle.id}/items`), 200).items;
    const [alice] = await queryRows<{ id: number }>(t.db, sql`select id from users where username = 'alice'`);
    expectStatus(
      await pm.put(`/api/cycles/${cycle.id}/assign`, { item_ids: [items[0].id], assignee_id: alice!.id }),
      200,
    );

    const tester = as(t, tokens.alice);
    const mine = expectStatus(await tester.get('/api/cycles/active'), 200).cycles;
    expect(mine.map((c: { cycle: { id: number } }) => c.cycle.id)).toContain(cycle.id);
    expectStatus(await tester.get(`/api/cycles/${cycle.id}/items`), 200);
    expectStatus(await tester.post(`/api/cycle-items/${items[0].id}/results`, { state: 'passed' }), 201);
    // A Tester does not plan: creating a cycle is the Project Manager's.
    expectStatus(
      await tester.post(`/api/projects/${projectId}/cycles`, { name: 'Mine', all_cases: true }),
      403,
    );
  });

  it('a Viewer reads cycles and records nothing', async () => {
    const [viewerRole] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from roles where name = 'Viewer'`,
    );
    const admin = as(t, tokens['demo.admin']);
    const user = {
      username: 'vera',
      email: 'vera@example.com',
      password: DEMO_PASSWORD,
      max_user_limit: null,
    };
    expectStatus(await admin.post('/api/users/create', { ...user, roleIds: [viewerRole!.id] }), 201);
    await t.db.execute(sql`insert into project_members (project_id, user_id, role_id)
      select ${projectId}, id, ${viewerRole!.id} from users where username = 'vera'`);
    const viewer = as(t, await t.login(user.email, DEMO_PASSWORD));
    expectStatus(await viewer.get(`/api/projects/${projectId}/cycles`), 200);
    const [item] = await queryRows<{ id: number }>(t.db, sql`select id from cycle_items order by id limit 1`);
    expectStatus(await viewer.post(`/api/cycle-items/${item!.id}/results`, { state: 'failed' }), 403);
  });
});

describe('the demo roles and milestones', () => {
  it('hold each milestone permission exactly when they hold the cycle permission its rule names', async () => {
    const held = await queryRows<{ name: string; permissions: string[] }>(
      t.db,
      sql`select r.name, array_agg(p.name) as permissions from roles r
        join role_permissions rp on rp.role_id = r.id join permissions p on p.id = rp.permission_id
        where not r.built_in group by r.name`,
    );
    expect(held.length).toBeGreaterThan(0);
    for (const role of held) {
      for (const [milestone, older] of Object.entries(PERMISSION_GRANT_RULES)) {
        if (!milestone.endsWith('_milestone')) continue;
        const expected = older.some((name) => role.permissions.includes(name));
        expect(role.permissions.includes(milestone), `${role.name}: ${milestone}`).toBe(expected);
      }
    }
    const pm = as(t, tokens['paul.pm']);
    expectStatus(await pm.post(`/api/projects/${projectId}/milestones`, { name: 'Demo 2.4' }), 201);
    expectStatus(await as(t, tokens.alice).get(`/api/projects/${projectId}/milestones`), 200);
  });
});

describe('the demo roles and requirements', () => {
  it('hold each requirement permission exactly when they hold the case permission its rule names', async () => {
    const held = await queryRows<{ name: string; permissions: string[] }>(
      t.db,
      sql`select r.name, array_agg(p.name) as permissions from roles r
        join role_permissions rp on rp.role_id = r.id join permissions p on p.id = rp.permission_id
        where not r.built_in group by r.name`,
    );
    for (const role of held) {
      for (const [permission, older] of Object.entries(PERMISSION_GRANT_RULES)) {
        if (!permission.endsWith('_requirement')) continue;
        const expected = older.some((name) => role.permissions.includes(name));
        expect(role.permissions.includes(permission), `${role.name}: ${permission}`).toBe(expected);
      }
    }
    const pm = as(t, tokens['paul.pm']);
    const requirement = expectStatus(
      await pm.post(`/api/projects/${projectId}/requirements`, { title: 'Pay by card' }),
      201,
    ).requirement;
    const [pay] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from test_cases where project_id = ${projectId} order by id limit 1`,
    );
    const tester = as(t, tokens.alice);
    expectStatus(
      await tester.post(`/api/requirements/${requirement.id}/cases`, { case_ids: [pay!.id] }),
      200,
    );
    expectStatus(await tester.get(`/api/projects/${projectId}/traceability`), 200);
  });
});

describe('the demo cases', () => {
  it('each has its version 1, credited to the demo administrator; a later edit to its editor', async () => {
    const [pay] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from test_cases where project_id = ${projectId} order by id limit 1`,
    );
    const url = `/api/test-cases/${pay!.id}/versions`;
    const admin = as(t, tokens['demo.admin']);
    const [first] = expectStatus(await admin.get(url), 200).items;
    expect(first).toMatchObject({ version: 1, author: { username: 'demo.admin' } });
    const [missing] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from test_cases c
        where not exists (select 1 from case_versions v where v.case_id = c.id and v.author_id is not null)`,
    );
    expect(missing!.n).toBe(0);

    const pm = as(t, tokens['paul.pm']);
    expectStatus(await pm.put(`/api/test-cases/update/${pay!.id}`, { name: 'Renamed by Paul' }), 200);
    const items = expectStatus(await admin.get(url), 200).items;
    expect(
      items.map((v: { version: number; author: { username: string } | null }) => [
        v.version,
        v.author?.username,
      ]),
    ).toEqual([
      [2, 'paul.pm'],
      [1, 'demo.admin'],
    ]);
  });
});
