import {
  ADMIN_ROLE_NAME,
  AUDIT_REDACTED,
  type AuditEntity,
  type AuditLogEntry,
  type AuditLogPage,
} from '@verdict/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.ts';
import { permissions } from '../src/modules/permissions/permissions-schema.ts';
import { as, createRole, createUser, expectStatus, type TestUser } from './helpers/fixtures.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The audit log (issue 10): an entry per change, written in the change's own transaction, with
 * the changed fields before and after and never a password; and GET /api/audit-log's filters,
 * search and keyset paging.
 */

const PASSWORD = 'audited-password-1';
const NEW_PASSWORD = 'audited-password-2';

let t: TestApp;
let admin: string;
let adminApi: ReturnType<typeof as>;
let seq = 0;
const next = () => ++seq;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  adminApi = as(t, admin);
});
afterAll(() => t.close());

async function page(query: Record<string, string | number> = {}, token = admin): Promise<AuditLogPage> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return expectStatus(await as(t, token).get(`/api/audit-log?${search}`), 200);
}

/** The newest entries about one object, newest first. */
async function entriesOf(entity: AuditEntity, id: number): Promise<AuditLogEntry[]> {
  const { items } = await page({ entity, limit: 200 });
  return items.filter((entry) => entry.entity_id === id);
}

async function countRows(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log`);
  return row!.n;
}

async function permissionIds(names: string[]): Promise<number[]> {
  const all: { id: number; name: string }[] = expectStatus(await adminApi.get('/api/permissions/list'), 200);
  return names.map((name) => all.find((p) => p.name === name)!.id);
}

describe('what is recorded', () => {
  it('users: create, update (changed fields only, the password redacted) and delete', async () => {
    const n = next();
    const roleId = await createRole(t, ['home_project'], `Reader ${n}`);
    const created = expectStatus(
      await adminApi.post('/api/users/create', {
        username: `audited${n}`,
        email: `audited${n}@example.com`,
        password: PASSWORD,
        max_user_limit: 3,
        roleIds: [roleId],
      }),
      201,
    ).user;
    const [create] = await entriesOf('user', created.id);
    expect(create).toMatchObject({
      action: 'create',
      entity: 'user',
      actor_id: 1,
      actor_name: 'admin',
      actor_email: ADMIN_EMAIL,
      summary: `Created user "audited${n}" (audited${n}@example.com)`,
      changes: {
        username: { before: null, after: `audited${n}` },
        email: { before: null, after: `audited${n}@example.com` },
        status: { before: null, after: 'active' },
        max_user_limit: { before: null, after: 3 },
        roles: { before: null, after: [`Reader ${n}`] },
      },
    });
    expect(create!.changes).not.toHaveProperty('password');

    expectStatus(
      await adminApi.put(`/api/users/edit/${created.id}`, {
        username: `audited${n}`,
        email: `renamed${n}@example.com`,
        password: NEW_PASSWORD,
        roleIds: [],
      }),
      200,
    );
    const [update] = await entriesOf('user', created.id);
    expect(update).toMatchObject({
      action: 'update',
      summary: `Updated user "audited${n}": email, roles, password`,
    });
    expect(update!.changes).toEqual({
      email: { before: `audited${n}@example.com`, after: `renamed${n}@example.com` },
      roles: { before: [`Reader ${n}`], after: [] },
      password: { before: AUDIT_REDACTED, after: AUDIT_REDACTED },
    });

    expectStatus(await adminApi.del(`/api/users/delete/${created.id}`), 200);
    const [removed] = await entriesOf('user', created.id);
    expect(removed).toMatchObject({
      action: 'delete',
      summary: `Deleted user "audited${n}" (renamed${n}@example.com)`,
      changes: {
        username: { before: `audited${n}`, after: null },
        status: { before: 'active', after: null },
      },
    });
  });

  it('sub-users are recorded as sub_user, by whoever made the change', async () => {
    const n = next();
    const sub = expectStatus(
      await adminApi.post('/api/users/create-subuser', {
        username: `sub${n}`,
        email: `sub${n}@example.com`,
        password: PASSWORD,
      }),
      201,
    ).user;
    expectStatus(
      await adminApi.put(`/api/users/update-subuser/${sub.id}`, {
        username: `sub${n}`,
        email: `sub${n}@example.com`,
        status: 'inactive',
      }),
      200,
    );
    expectStatus(await adminApi.del(`/api/users/delete/${sub.id}`), 200);
    const entries = await entriesOf('sub_user', sub.id);
    expect(entries.map((e) => [e.action, e.summary])).toEqual([
      ['delete', `Deleted sub-user "sub${n}" (sub${n}@example.com)`],
      ['update', `Updated sub-user "sub${n}": status`],
      ['create', `Created sub-user "sub${n}" (sub${n}@example.com)`],
    ]);
    expect(entries[1]!.changes).toEqual({ status: { before: 'active', after: 'inactive' } });
  });

  it('roles and permissions', async () => {
    const n = next();
    const [home, suites] = await permissionIds(['home_project', 'home_test_suit']);
    const role = expectStatus(
      await adminApi.post('/api/roles/create', {
        name: `Auditor ${n}`,
        description: 'd',
        permissionIds: [home],
      }),
      201,
    ).role;
    expectStatus(
      await adminApi.put(`/api/roles/update/${role.id}`, {
        name: `Auditor ${n}`,
        description: 'd',
        permissionIds: [home, suites],
      }),
      200,
    );
    expectStatus(await adminApi.del(`/api/roles/delete/${role.id}`), 200);
    const roleEntries = await entriesOf('role', role.id);
    expect(roleEntries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(roleEntries[1]!.changes).toEqual({
      permissions: { before: ['home_project'], after: ['home_project', 'home_test_suit'] },
    });
    expect(roleEntries[0]!.summary).toBe(`Deleted role "Auditor ${n}"`);

    const permission = expectStatus(
      await adminApi.post('/api/permissions/create', { name: `audit_custom_${n}`, description: 'one' }),
      201,
    ).permission;
    expectStatus(
      await adminApi.put(`/api/permissions/update/${permission.id}`, {
        name: `audit_custom_${n}`,
        description: 'two',
      }),
      200,
    );
    expectStatus(await adminApi.del(`/api/permissions/delete/${permission.id}`), 200);
    const permissionEntries = await entriesOf('permission', permission.id);
    expect(permissionEntries.map((e) => [e.action, e.changes])).toEqual([
      [
        'delete',
        { name: { before: `audit_custom_${n}`, after: null }, description: { before: 'two', after: null } },
      ],
      ['update', { description: { before: 'one', after: 'two' } }],
      [
        'create',
        { name: { before: null, after: `audit_custom_${n}` }, description: { before: null, after: 'one' } },
      ],
    ]);
  });

  it('projects, members, suites, cases and runs, with the project of each', async () => {
    const project = expectStatus(
      await adminApi.post('/api/projects/create', { name: 'Audited', description: 'a' }),
      201,
    ).project;
    expectStatus(await adminApi.put(`/api/projects/update/${project.id}`, { name: 'Audited 2' }), 200);

    const member = await createUser(t);
    const [roleA, roleB] = [
      await createRole(t, [], `Member A ${next()}`),
      await createRole(t, [], `Member B ${next()}`),
    ];
    expectStatus(
      await adminApi.post('/api/projects/add-user', {
        projectId: project.id,
        userId: member.id,
        roleId: roleA,
      }),
      201,
    );
    expectStatus(
      await adminApi.put(`/api/projects/${project.id}/user/${member.id}/change-role`, { roleId: roleB }),
      200,
    );
    expectStatus(await adminApi.del(`/api/projects/${project.id}/user/${member.id}/remove`), 200);

    const suite = expectStatus(
      await adminApi.post('/api/testsuites/create', { project_id: project.id, name: 'Suite' }),
      201,
    ).suite;
    expectStatus(
      await adminApi.put(`/api/testsuites/update/${suite.id}`, { name: 'Suite', description: 'now' }),
      200,
    );
    const parent = expectStatus(
      await adminApi.post(`/api/test-cases/suite/${suite.id}/create`, { name: 'Parent' }),
      201,
    ).testCase;
    const child = expectStatus(
      await adminApi.post(`/api/test-cases/parent/${parent.id}/create`, { name: 'Child' }),
      201,
    ).testCase;
    expectStatus(await adminApi.put(`/api/test-cases/update/${child.id}`, { name: 'Child 2' }), 200);
    const run = expectStatus(
      await adminApi.post(`/api/testruns/create/${child.id}`, { status: 'failed' }),
      201,
    ).testRun;
    expectStatus(await adminApi.put(`/api/testruns/update/${run.id}`, { status: 'passed' }), 200);
    expectStatus(await adminApi.del(`/api/testruns/delete/${run.id}`), 200);
    expectStatus(await adminApi.post(`/api/testruns/create/${child.id}`, { status: 'passed' }), 201);
    expectStatus(await adminApi.del(`/api/test-cases/delete/${parent.id}`), 200);
    const looseSuite = expectStatus(
      await adminApi.post('/api/testsuites/create', { project_id: project.id, name: 'Doomed' }),
      201,
    ).suite;
    await adminApi.post(`/api/test-cases/suite/${looseSuite.id}/create`, { name: 'Goes with it' });
    expectStatus(await adminApi.del(`/api/testsuites/delete/${looseSuite.id}`), 200);

    const projectEntries = await entriesOf('project', project.id);
    expect(projectEntries.map((e) => [e.action, e.summary, e.changes])).toEqual([
      ['update', 'Updated project "Audited 2": name', { name: { before: 'Audited', after: 'Audited 2' } }],
      [
        'create',
        'Created project "Audited"',
        { name: { before: null, after: 'Audited' }, description: { before: null, after: 'a' } },
      ],
    ]);
    const memberEntries = await entriesOf('member', member.id);
    expect(memberEntries.map((e) => [e.action, e.project_id, e.changes])).toEqual([
      [
        'delete',
        project.id,
        { user: { before: member.username, after: null }, role: { before: expect.any(String), after: null } },
      ],
      [
        'update',
        project.id,
        { role: { before: expect.stringMatching(/^Member A/), after: expect.stringMatching(/^Member B/) } },
      ],
      [
        'create',
        project.id,
        {
          user: { before: null, after: member.username },
          role: { before: null, after: expect.stringMatching(/^Member A/) },
        },
      ],
    ]);
    const suiteEntries = await entriesOf('suite', suite.id);
    expect(suiteEntries.map((e) => [e.action, e.changes])).toEqual([
      ['update', { description: { before: '', after: 'now' } }],
      ['create', { name: { before: null, after: 'Suite' }, description: { before: null, after: '' } }],
    ]);
    const [childUpdate, childCreate] = await entriesOf('case', child.id);
    expect(childUpdate).toMatchObject({
      action: 'update',
      project_id: project.id,
      changes: { name: { before: 'Child', after: 'Child 2' } },
    });
    expect(childCreate!.changes).toMatchObject({ parent_id: { before: null, after: parent.id } });
    const [parentDelete] = await entriesOf('case', parent.id);
    expect(parentDelete!.summary).toBe('Deleted case "Parent" with 1 descendant case');
    expect((await entriesOf('suite', looseSuite.id))[0]!.summary).toBe('Deleted suite "Doomed" with 1 case');
    const runEntries = await entriesOf('run', run.id);
    expect(runEntries.map((e) => [e.action, e.summary, e.changes])).toEqual([
      [
        'delete',
        `Deleted run #${run.id} (passed) of case "Child 2"`,
        { status: { before: 'passed', after: null }, case_id: { before: child.id, after: null } },
      ],
      [
        'update',
        `Changed run #${run.id} of case "Child 2" from failed to passed`,
        { status: { before: 'failed', after: 'passed' } },
      ],
      [
        'create',
        `Recorded run #${run.id} (failed) of case "Child 2"`,
        { status: { before: null, after: 'failed' }, case_id: { before: null, after: child.id } },
      ],
    ]);

    expectStatus(await adminApi.del(`/api/projects/delete/${project.id}`), 200);
    const [deleted] = await entriesOf('project', project.id);
    expect(deleted).toMatchObject({
      action: 'delete',
      summary: 'Deleted project "Audited 2" with 1 suite, 0 cases and 0 runs',
    });
  });

  it('a JUnit import is one entry counting what it recorded and created', async () => {
    const project = expectStatus(
      await adminApi.post('/api/projects/create', { name: 'Imported' }),
      201,
    ).project;
    const before = await countRows();
    const xml =
      '<testsuite name="ci"><testcase name="a"/><testcase name="b"><failure/></testcase><testcase name="c"><skipped/></testcase></testsuite>';
    const res = await t.request({
      method: 'POST',
      url: `/api/projects/${project.id}/import/junit`,
      token: admin,
      payload: xml,
      headers: { 'content-type': 'application/xml' },
    });
    expectStatus(res, 201);
    expect(await countRows()).toBe(before + 1);
    const { items } = await page({ entity: 'run', limit: 1 });
    expect(items[0]).toMatchObject({
      action: 'create',
      entity: 'run',
      entity_id: null,
      project_id: project.id,
      summary:
        // The skipped test's case is made too, for the import's cycle.
        'Imported a JUnit report into "Imported": 2 runs recorded (1 passed, 1 failed), 1 suite and 3 cases created',
      changes: { runsRecorded: { before: null, after: 2 }, casesCreated: { before: null, after: 3 } },
    });
  });

  it('an edit that changes nothing writes no entry', async () => {
    const project = expectStatus(await adminApi.post('/api/projects/create', { name: 'Same' }), 201).project;
    const before = await countRows();
    expectStatus(await adminApi.put(`/api/projects/update/${project.id}`, { name: 'Same' }), 200);
    expect(await countRows()).toBe(before);
  });
});

describe('sessions', () => {
  it('records sign-in, failed sign-in (wrong password, unknown email, inactive) and logout', async () => {
    const user = await createUser(t);
    const login = (email: string, password: string) =>
      t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const ok = expectStatus(await login(user.email.toUpperCase(), 'fixture-password-1'), 200);
    expectStatus(await login(user.email, 'not-the-password-1'), 401);
    expectStatus(await login('nobody-here@example.com', 'not-the-password-2'), 401);
    expectStatus(await t.request({ method: 'POST', url: '/api/auth/logout', token: ok.token }), 200);

    const { items } = await page({ entity: 'session', limit: 4 });
    expect(items.map((e) => [e.action, e.actor_id, e.actor_email, e.entity_id])).toEqual([
      ['logout', user.id, user.email, user.id],
      ['sign_in_failed', null, 'nobody-here@example.com', null],
      ['sign_in_failed', user.id, user.email, user.id],
      ['sign_in', user.id, user.email, user.id],
    ]);
    expect(items[2]!.summary).toBe(`Failed sign-in as ${user.email} from 127.0.0.1: wrong password`);
    expect(items[1]!.summary).toBe('Failed sign-in as nobody-here@example.com from 127.0.0.1: no such user');

    const inactive = await createUser(t);
    expectStatus(
      await adminApi.put(`/api/users/edit/${inactive.id}`, {
        username: inactive.username,
        email: inactive.email,
        status: 'inactive',
      }),
      200,
    );
    expectStatus(await login(inactive.email, 'fixture-password-1'), 403);
    const [refused] = (await page({ action: 'sign_in_failed', user_id: inactive.id })).items;
    expect(refused!.summary).toBe(
      `Failed sign-in as ${inactive.email} from 127.0.0.1: the account is inactive`,
    );
  });

  it('a locked-out attempt still answers 429 and the failures before it are each recorded', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: `wrong-password-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'fixture-password-1' },
    });
    expect(locked.statusCode).toBe(429);
    const { items } = await page({ user_id: user.id, action: 'sign_in_failed' });
    expect(items).toHaveLength(10);
  });
});

describe('never a password', () => {
  it('no entry holds a password, a password hash or a session token', async () => {
    const n = next();
    const created = expectStatus(
      await adminApi.post('/api/users/create', {
        username: `secret${n}`,
        email: `secret${n}@example.com`,
        password: PASSWORD,
      }),
      201,
    ).user;
    expectStatus(
      await adminApi.put(`/api/users/edit/${created.id}`, {
        username: `secret${n}`,
        email: `secret${n}@example.com`,
        password: NEW_PASSWORD,
      }),
      200,
    );
    const sub = expectStatus(
      await adminApi.post('/api/users/create-subuser', {
        username: `secretsub${n}`,
        email: `secretsub${n}@example.com`,
        password: PASSWORD,
      }),
      201,
    ).user;
    expectStatus(
      await adminApi.put(`/api/users/update-subuser/${sub.id}`, {
        username: `secretsub${n}`,
        email: `secretsub${n}@example.com`,
        password: NEW_PASSWORD,
      }),
      200,
    );
    await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `secret${n}@example.com`, password: PASSWORD },
    });
    const token = await t.login(`secret${n}@example.com`, NEW_PASSWORD);
    expectStatus(await adminApi.del(`/api/users/delete/${sub.id}`), 200);

    const hashes = await queryRows<{ password_hash: string }>(t.db, sql`select password_hash from users`);
    const [dump] = await queryRows<{ text: string }>(
      t.db,
      sql`select string_agg(t::text, E'\n') as text from audit_log t`,
    );
    const secrets = [PASSWORD, NEW_PASSWORD, ADMIN_PASSWORD, 'fixture-password-1', token, '$argon2'];
    for (const secret of [...secrets, ...hashes.map((h) => h.password_hash)]) {
      expect(dump!.text).not.toContain(secret);
    }
    expect(dump!.text).toContain(AUDIT_REDACTED);
  });
});

describe('same transaction as the change', () => {
  it('a change refused after its entry was written (the last administrator) leaves no entry', async () => {
    // Holds every permission, but not through the Administrator role: acting on the only
    // administrator is within reach, the delete runs, its entry is written, then the
    // last-administrator check refuses and all rolls back.
    const all = (await t.db.select({ name: permissions.name }).from(permissions)).map((p) => p.name);
    const deleter = await createUser(t, { permissions: all });
    const before = await countRows();
    const beforeUsers = await queryRows(t.db, sql`select id from users where id = 1`);
    const res = await as(t, deleter.token).del('/api/users/delete/1');
    expect(expectStatus(res, 409).message).toMatch(/keep at least one administrator/);
    expect(await countRows()).toBe(before);
    expect(await queryRows(t.db, sql`select id from users where id = 1`)).toEqual(beforeUsers);

    // The same for an edit that would take the Administrator role from the only administrator.
    const roles: { id: number; name: string }[] = expectStatus(await adminApi.get('/api/roles/list'), 200);
    const adminRole = roles.find((r) => r.name === ADMIN_ROLE_NAME)!;
    const admin = expectStatus(await adminApi.get('/api/users/1'), 200);
    expect(admin.roleIds).toEqual([adminRole.id]);
    const refused = await as(t, deleter.token).put('/api/users/edit/1', {
      username: admin.username,
      email: admin.email,
      roleIds: [],
    });
    expect(expectStatus(refused, 409).message).toMatch(/keep at least one administrator/);
    expect(await countRows()).toBe(before);
  });

  it('refused and failing requests write nothing', async () => {
    const outsider = await createUser(t);
    const before = await countRows();
    expect((await as(t, outsider.token).post('/api/projects/create', { name: 'no' })).statusCode).toBe(403);
    expect((await adminApi.put('/api/projects/update/999999', { name: 'no' })).statusCode).toBe(404);
    expect(
      (await adminApi.post('/api/roles/create', { name: ADMIN_ROLE_NAME, description: '' })).statusCode,
    ).toBe(409);
    expect(await countRows()).toBe(before);
  });
});

describe('GET /api/audit-log', () => {
  let alice: TestUser;
  let bob: TestUser;
  let marker: string;

  beforeAll(async () => {
    const maker = ['add_project', 'edit_project', 'add_test_suit_in_project'];
    alice = await createUser(t, { permissions: maker });
    bob = await createUser(t, { permissions: maker });
    marker = `Zeta_${next()}%`;
    for (const [who, name] of [
      [alice, `${marker} one`],
      [bob, `${marker} two`],
      [alice, 'Plain three'],
      [bob, `${marker} four`],
      [alice, `${marker} five`],
    ] as const) {
      const project = expectStatus(
        await as(t, who.token).post('/api/projects/create', { name }),
        201,
      ).project;
      expectStatus(
        await as(t, who.token).post('/api/testsuites/create', {
          project_id: project.id,
          name: `${name} suite`,
        }),
        201,
      );
    }
  });

  it('answers newest first and pages with the cursor until next_cursor is null', async () => {
    const all = (await page({ limit: 200 })).items;
    const ids = all.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const answer: AuditLogPage = await page({
        user_id: alice.id,
        limit: 2,
        ...(cursor ? { before: cursor } : {}),
      });
      expect(answer.items.length).toBeLessThanOrEqual(2);
      seen.push(...answer.items.map((e) => e.id));
      cursor = answer.next_cursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(6);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(6);
    // An exact last page says there is no more.
    const exact = await page({ user_id: alice.id, limit: 6 });
    expect(exact.items).toHaveLength(6);
    expect(exact.next_cursor).toBeNull();
    expect((await page()).limit).toBe(50);
  });

  it('filters by user, entity, action and date, alone and together', async () => {
    const bobs = (await page({ user_id: bob.id })).items;
    expect(bobs).toHaveLength(4);
    expect(bobs.every((e) => e.actor_id === bob.id && e.actor_name === bob.username)).toBe(true);

    const bobSuites = (await page({ user_id: bob.id, entity: 'suite' })).items;
    expect(bobSuites.map((e) => e.summary)).toEqual([
      `Created suite "${marker} four suite"`,
      `Created suite "${marker} two suite"`,
    ]);
    expect((await page({ user_id: bob.id, action: 'delete' })).items).toEqual([]);
    expect((await page({ entity: 'project', action: 'create', user_id: alice.id })).items).toHaveLength(3);

    const today = new Date().toISOString().slice(0, 10);
    expect((await page({ user_id: bob.id, from: today, to: today })).items).toHaveLength(4);
    expect((await page({ user_id: bob.id, to: '2000-01-01' })).items).toEqual([]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await page({ user_id: bob.id, from: tomorrow })).items).toEqual([]);
    const newest = bobs[0]!;
    const instant = await page({ user_id: bob.id, from: newest.at, to: newest.at });
    expect(instant.items.map((e) => e.id)).toContain(newest.id);
  });

  it('searches the summary case-insensitively, with % and _ taken literally', async () => {
    const found = (await page({ q: marker.toLowerCase() })).items;
    expect(found.map((e) => e.summary).sort()).toEqual(
      [
        `Created project "${marker} one"`,
        `Created project "${marker} two"`,
        `Created project "${marker} four"`,
        `Created project "${marker} five"`,
        `Created suite "${marker} one suite"`,
        `Created suite "${marker} two suite"`,
        `Created suite "${marker} four suite"`,
        `Created suite "${marker} five suite"`,
      ].sort(),
    );
    expect((await page({ q: `${marker} f`, entity: 'suite' })).items).toHaveLength(2);
    // "_" and "%" are not wildcards: "Zeta%" matches nothing else.
    expect((await page({ q: 'Zeta_' })).items.length).toBeGreaterThan(0);
    expect((await page({ q: 'Zet%' })).items).toEqual([]);
    expect((await page({ q: 'Zet_' })).items).toEqual([]);
    expect((await page({ q: '   ' })).items.length).toBeGreaterThan(0);
  });

  it('answers 401 without a token, 403 without view_audit_log, 400 for a malformed query', async () => {
    expectStatus(await t.request({ method: 'GET', url: '/api/audit-log' }), 401);
    const plain = await createUser(t, { permissions: ['manage_admin_panel', 'view_admin_home'] });
    const refused = expectStatus(await as(t, plain.token).get('/api/audit-log'), 403);
    expect(refused.message).toContain('view_audit_log');
    const auditor = await createUser(t, { permissions: ['view_audit_log'] });
    expectStatus(await as(t, auditor.token).get('/api/audit-log'), 200);
    for (const query of [
      'limit=201',
      'limit=0',
      'entity=thing',
      'action=read',
      'from=yesterday',
      'before=0',
      'user_id=x',
      'other=1',
    ]) {
      expectStatus(await adminApi.get(`/api/audit-log?${query}`), 400);
    }
  });
});

describe('schema and catalogue', () => {
  it('has the trigram search index and the filter indexes', async () => {
    const rows = await queryRows<{ indexname: string }>(
      t.db,
      sql`select indexname from pg_indexes where tablename = 'audit_log' order by indexname`,
    );
    expect(rows.map((r) => r.indexname)).toEqual([
      'audit_log_action_idx',
      'audit_log_actor_idx',
      'audit_log_at_idx',
      'audit_log_entity_idx',
      'audit_log_pkey',
      'audit_log_summary_trgm_idx',
    ]);
  });

  it('first start records the catalogue, the Administrator role and the first user as the system', async () => {
    const { items } = await page({ before: 4 });
    expect(items.map((e) => [e.entity, e.actor_id, e.summary])).toEqual([
      ['user', null, `Created user "admin" (${ADMIN_EMAIL}) on first start`],
      ['role', null, `Created role "${ADMIN_ROLE_NAME}"`],
      ['permission', null, expect.stringMatching(/^Added \d+ built-in permissions$/)],
    ]);
  });

  it('view_audit_log reaches an existing database on the next start, granted to Administrator', async () => {
    await t.db.delete(permissions).where(eq(permissions.name, 'view_audit_log'));
    // Polled: a server may learn of a change made behind its back a moment later.
    const status = async () => (await adminApi.get('/api/audit-log?limit=1')).statusCode;
    await expect.poll(status).toBe(403);
    await bootstrap(t.db, { adminEmail: ADMIN_EMAIL, adminName: 'admin', adminPassword: ADMIN_PASSWORD });
    await expect.poll(status).toBe(200);
    const { items } = await page({ entity: 'permission', limit: 1 });
    expect(items[0]).toMatchObject({
      actor_id: null,
      summary: 'Added the built-in permission "view_audit_log"',
    });
  });
});
