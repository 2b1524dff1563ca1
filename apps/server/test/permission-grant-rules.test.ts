import { PERMISSION_CATALOGUE, PERMISSION_GRANT_RULES, type PermissionName } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, migrateDatabase, queryRows } from '../src/db/client.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, openTestDatabase } from './helpers/test-app.ts';

/**
 * New permissions and existing roles (docs/product/roles-and-permissions.md): a permission added
 * after the seed reaches the roles holding the older permission its rule names when a later
 * version adds the permission (the start's bootstrap).
 */

const PASSWORD = 'tester-password-1';
const SEED_PERMISSIONS = Object.keys(PERMISSION_CATALOGUE).filter(
  (name) => !(name in PERMISSION_GRANT_RULES) && name !== 'view_audit_log',
);
const QA_PERMISSIONS = ['home_project', 'home_test_suit', 'home_test_case', 'add_test_run_in_test_case'];

/** What an earlier version's start left: permissions, an Administrator, a QA and an empty role. */
async function seedOldDatabase(database: Database, permissionNames: string[]) {
  const q = (query: ReturnType<typeof sql>) => database.db.execute(query);
  await q(sql`insert into permissions (name, description, built_in)
    select name, '', true from unnest(${sql.param(permissionNames)}::text[]) name`);
  await q(sql`insert into roles (name, built_in) values ('Administrator', true)`);
  await q(sql`insert into roles (name) values ('QA'), ('Reader'), ('Nothing')`);
  await q(sql`insert into role_permissions (role_id, permission_id)
    select r.id, p.id from roles r, permissions p
    where r.built_in
       or (r.name = 'QA' and p.name = any (${sql.param(QA_PERMISSIONS)}::text[]))
       or (r.name = 'Reader' and p.name = any (${sql.param(['home_project', 'home_test_case'])}::text[]))`);
  const hash = await hashPassword(PASSWORD);
  await q(sql`insert into users (username, email, password_hash, status)
    values ('admin', ${ADMIN_EMAIL}, ${await hashPassword(ADMIN_PASSWORD)}, 'active'),
           ('tess', 'tess@example.com', ${hash}, 'active')`);
  await q(sql`insert into user_roles (user_id, role_id)
    select u.id, r.id from users u, roles r
    where (u.username = 'admin' and r.built_in) or (u.username = 'tess' and r.name = 'QA')`);
}

async function rolePermissions(database: Database): Promise<Record<string, string[]>> {
  const rows = await queryRows<{ name: string; permissions: string[] }>(
    database.db,
    sql`select r.name, coalesce(array_agg(p.name order by p.name) filter (where p.id is not null), '{}') as permissions
        from roles r left join role_permissions rp on rp.role_id = r.id
        left join permissions p on p.id = rp.permission_id
        where not r.built_in group by r.name`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.permissions]));
}

/** Starts the app on the upgraded database: a QA member opens a cycle and records a result. */
async function tessOpensACycle(database: Database) {
  await bootstrap(database.db, { adminEmail: ADMIN_EMAIL, adminName: 'admin', adminPassword: undefined });
  const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent-web-dist' }), database });
  try {
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'tess@example.com', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().token}` };
    await database.db.execute(sql`insert into projects (name, created_by) values ('Web', 1)`);
    await database.db.execute(sql`insert into test_cases (project_id, name) values (1, 'Pay by card')`);
    await database.db.execute(sql`insert into project_members (project_id, user_id, role_id)
      select 1, u.id, r.id from users u, roles r where u.username = 'tess' and r.name = 'QA'`);
    const cycle = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const admin = { authorization: `Bearer ${cycle.json().token}` };
    const created = await app.inject({
      method: 'POST',
      url: '/api/projects/1/cycles',
      headers: admin,
      payload: { name: 'Release 1', all_cases: true },
    });
    expect(created.statusCode).toBe(201);
    const list = await app.inject({ method: 'GET', url: '/api/projects/1/cycles', headers: auth });
    if (list.statusCode !== 200) return list.statusCode;
    const items = await app.inject({
      method: 'GET',
      url: `/api/cycles/${created.json().cycle.id}/items`,
      headers: auth,
    });
    const item = items.json().items[0];
    const result = await app.inject({
      method: 'POST',
      url: `/api/cycle-items/${item.id}/results`,
      headers: auth,
      payload: { state: 'passed' },
    });
    return result.statusCode;
  } finally {
    await app.close();
  }
}

describe('a permission added by a later version', () => {
  it('reaches the roles holding the older permission its rule names when the start adds it', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      // Roles made when only the seed's permissions existed. Migrations add no permission; the
      // start adds the newer ones and follows the rules.
      await migrateDatabase(database);
      await seedOldDatabase(database, SEED_PERMISSIONS);
      await migrateDatabase(database);
      expect((await rolePermissions(database)).QA).toEqual([...QA_PERMISSIONS].sort());
      expect(await tessOpensACycle(database)).toBe(201);
      const held = await rolePermissions(database);
      // home_milestone follows home_test_cycle, which arrived at the same start from home_test_case;
      // home_requirement and comment follow home_test_case.
      expect(held.QA).toEqual(
        [
          ...QA_PERMISSIONS,
          'comment',
          'execute_test_cycle',
          'home_milestone',
          'home_requirement',
          'home_test_cycle',
          'import_results',
        ].sort(),
      );
      expect(held.Nothing).toEqual([]);
      // A second start changes nothing, even after an administrator took a permission away.
      await database.db.execute(sql`delete from role_permissions
        where role_id = (select id from roles where name = 'QA')
          and permission_id = (select id from permissions where name = 'import_results')`);
      await bootstrap(database.db, { adminEmail: ADMIN_EMAIL, adminName: 'admin', adminPassword: undefined });
      expect((await rolePermissions(database)).QA).not.toContain('import_results');
    } finally {
      await database.close();
      await drop();
    }
  }, 60_000);

  it('every rule names catalogue permissions, each of the seed or leading back to it by its own rule', () => {
    const leadsToSeed = (name: PermissionName, depth: number): boolean =>
      SEED_PERMISSIONS.includes(name) ||
      (depth < 5 && (PERMISSION_GRANT_RULES[name] ?? []).some((older) => leadsToSeed(older, depth + 1)));
    for (const [name, older] of Object.entries(PERMISSION_GRANT_RULES)) {
      expect(PERMISSION_CATALOGUE).toHaveProperty(name);
      for (const permission of older as PermissionName[]) {
        expect(PERMISSION_CATALOGUE).toHaveProperty(permission);
        expect(leadsToSeed(permission, 0), `${name} follows ${permission}`).toBe(true);
      }
    }
  });
});

const MILESTONE_PERMISSIONS = ['home_milestone', 'add_milestone', 'edit_milestone', 'delete_milestone'];

describe('a database whose roles predate milestones', () => {
  it('gives the milestone permissions to the roles holding the matching cycle permissions', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      await migrateDatabase(database);
      const before = Object.keys(PERMISSION_CATALOGUE).filter(
        (name) => !MILESTONE_PERMISSIONS.includes(name),
      );
      await seedOldDatabase(database, before);
      // A planner who sees and creates cycles, though not cases; a reader of cases whose cycle
      // permission was taken away.
      const grant = (role: string, names: string[]) =>
        database.db.execute(sql`insert into role_permissions (role_id, permission_id)
          select r.id, p.id from roles r, permissions p
          where r.name = ${role} and p.name = any (${sql.param(names)}::text[]) on conflict do nothing`);
      await database.db.execute(sql`insert into roles (name) values ('Planner')`);
      await grant('Planner', ['home_project', 'home_test_cycle', 'add_test_cycle']);
      await migrateDatabase(database);
      await bootstrap(database.db, { adminEmail: ADMIN_EMAIL, adminName: 'admin', adminPassword: undefined });
      const held = await rolePermissions(database);
      expect(held.Planner).toEqual([
        'add_milestone',
        'add_test_cycle',
        'home_milestone',
        'home_project',
        'home_test_cycle',
      ]);
      expect(held.Reader).toEqual(['home_project', 'home_test_case']);
      expect(held.QA).toEqual([...QA_PERMISSIONS].sort());
      const administrator = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from role_permissions rp join roles r on r.id = rp.role_id
          join permissions p on p.id = rp.permission_id
          where r.built_in and p.name = any (${sql.param(MILESTONE_PERMISSIONS)}::text[])`,
      );
      expect(administrator[0]!.n).toBe(4);
    } finally {
      await database.close();
      await drop();
    }
  }, 60_000);
});
