import { ADMIN_ROLE_NAME, PERMISSION_NAMES } from '@verdict/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../src/modules/auth/auth-schema.ts';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.ts';
import { permissions } from '../src/modules/permissions/permissions-schema.ts';
import { rolePermissions, roles } from '../src/modules/roles/roles-schema.ts';
import { userRoles, users } from '../src/modules/users/users-schema.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function tableCounts() {
  const [[p], [r], [rp], [u], [ur], [s]] = await Promise.all([
    t.db.select({ n: count() }).from(permissions),
    t.db.select({ n: count() }).from(roles),
    t.db.select({ n: count() }).from(rolePermissions),
    t.db.select({ n: count() }).from(users),
    t.db.select({ n: count() }).from(userRoles),
    t.db.select({ n: count() }).from(settings),
  ]);
  return { p: p!.n, r: r!.n, rp: rp!.n, u: u!.n, ur: ur!.n, s: s!.n };
}

describe('first start', () => {
  it('creates the permission catalogue, the Administrator role and the admin', async () => {
    const names = (await t.db.select({ name: permissions.name }).from(permissions)).map((p) => p.name);
    expect(names.sort()).toEqual([...PERMISSION_NAMES].sort());
    const [admin] = await t.db.select().from(roles).where(eq(roles.name, ADMIN_ROLE_NAME));
    const [{ n } = { n: 0 }] = await t.db
      .select({ n: count() })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, admin!.id));
    expect(n).toBe(PERMISSION_NAMES.length);
    const all = await t.db.select().from(users);
    expect(all).toHaveLength(1);
    expect(all[0]!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('a second start changes nothing', async () => {
    const before = await tableCounts();
    const result = await bootstrap(t.db, {
      adminEmail: 'other@example.com',
      adminName: 'other',
      adminPassword: undefined,
    });
    expect(result).toEqual({ createdAdmin: false });
    expect(await tableCounts()).toEqual(before);
  });

  it('generates a password when none is configured', async () => {
    const { openTestDatabase } = await import('./helpers/test-app.ts');
    const { migrateDatabase } = await import('../src/db/client.ts');
    const { database, drop } = await openTestDatabase();
    try {
      await migrateDatabase(database);
      const result = await bootstrap(database.db, {
        adminEmail: 'boss@example.com',
        adminName: 'boss',
        adminPassword: undefined,
      });
      expect(result.createdAdmin).toBe(true);
      expect(result.generatedPassword?.length).toBeGreaterThanOrEqual(16);
    } finally {
      await database.close();
      await drop();
    }
  });
});

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('API conventions', () => {
  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/login'].post.requestBody).toBeDefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTypeOf('string');
  });

  it('answers 400 for a malformed id and bad JSON, never a 500', async () => {
    const token = await t.login();
    const bad = await t.request({ method: 'GET', url: '/api/users/abc', token });
    expect(bad.statusCode).toBe(400);
    const json = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: 'The request body is not valid JSON', code: 'invalid_json' });
  });

  it('refuses unknown properties and oversized bodies', async () => {
    const extra = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    const big = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(big.statusCode).toBe(413);
  });

  it('sends security headers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
