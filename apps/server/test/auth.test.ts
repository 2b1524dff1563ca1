import { eq, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../src/modules/auth/auth-schema.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { users } from '../src/modules/users/users-schema.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signingKey(): Promise<string> {
  const [row] = await t.db.select().from(settings).where(eq(settings.key, 'jwt_signing_key'));
  return row!.value;
}

describe('POST /api/auth/login', () => {
  it('answers a token and the user with their permissions', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(typeof body.token).toBe('string');
    expect(body.user).toMatchObject({ name: 'admin', email: ADMIN_EMAIL });
    expect(body.user.roleIds).toHaveLength(1);
    expect(body.user.permissions).toContain('manage_admin_panel');
    expect(body.user.permissions).toContain('view_all_projects');
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);
  });

  it('accepts the email in any case', async () => {
    await expect(t.login(ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: 'not-the-password' },
    });
    const unknown = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'credentials_wrong' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 400 with details for a missing field', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('password');
  });

  it('answers 403 for an inactive user', async () => {
    await t.db.insert(users).values({
      username: 'sleepy',
      email: 'sleepy@example.com',
      passwordHash: await hashPassword('sleepy-password'),
      status: 'inactive',
    });
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'sleepy@example.com', password: 'sleepy-password' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account is inactive');
  });
});

describe('GET /api/auth/session', () => {
  it("answers the caller's account and global permissions in one call, and follows a role change", async () => {
    const admin = await t.login();
    const session = await t.request({ method: 'GET', url: '/api/auth/session', token: admin });
    expect(session.statusCode).toBe(200);
    const body = session.json();
    expect(body.user).toMatchObject({ name: 'admin', email: ADMIN_EMAIL });
    expect(body.permissions).toContain('manage_admin_panel');
    expect(body.permissions).toEqual([...body.permissions].sort());

    // A user with one role of two permissions: exactly those, and the role's change shows at once.
    const role = await t.request({
      method: 'POST',
      url: '/api/roles/create',
      token: admin,
      payload: { name: 'Session reader', description: 'd', permissionIds: [] },
    });
    const roleId = role.json().role.id as number;
    const permissionIds = async (names: string[]) => {
      const list = (
        await t.request({ method: 'GET', url: '/api/permissions/list', token: admin })
      ).json() as {
        id: number;
        name: string;
      }[];
      return list.filter((p) => names.includes(p.name)).map((p) => p.id);
    };
    await t.request({
      method: 'PUT',
      url: `/api/roles/update/${roleId}`,
      token: admin,
      payload: {
        name: 'Session reader',
        description: 'd',
        permissionIds: await permissionIds(['home_project', 'add_project']),
      },
    });
    const created = await t.request({
      method: 'POST',
      url: '/api/users/create',
      token: admin,
      payload: {
        username: 'sessionuser',
        email: 'session@example.com',
        password: 'session-password-1',
        roleIds: [roleId],
      },
    });
    expect(created.statusCode).toBe(201);
    const token = await t.login('session@example.com', 'session-password-1');
    const own = (await t.request({ method: 'GET', url: '/api/auth/session', token })).json();
    expect(own).toEqual({
      user: {
        id: created.json().user.id,
        name: 'sessionuser',
        email: 'session@example.com',
        roleIds: [roleId],
      },
      permissions: ['add_project', 'home_project'],
    });
    await t.request({
      method: 'PUT',
      url: `/api/roles/update/${roleId}`,
      token: admin,
      payload: {
        name: 'Session reader',
        description: 'd',
        permissionIds: await permissionIds(['home_project']),
      },
    });
    expect((await t.request({ method: 'GET', url: '/api/auth/session', token })).json().permissions).toEqual([
      'home_project',
    ]);
    expect((await t.request({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(401);
  });
});

describe('bearer tokens', () => {
  it('refuses a request with no token, a forged token and a garbage token', async () => {
    const me = await t.request({ method: 'GET', url: '/api/users/1' });
    expect(me.statusCode).toBe(401);
    const forged = createSigner({ key: 'x'.repeat(40), algorithm: 'HS256' })({ id: 1, jti: 'a', tv: 0 });
    expect((await t.request({ method: 'GET', url: '/api/users/1', token: forged })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/users/1', token: 'garbage' })).statusCode).toBe(401);
  });

  it('refuses an expired token and an unsigned (alg none) token', async () => {
    const key = await signingKey();
    const now = Math.floor(Date.now() / 1000);
    const expired = createSigner({ key, algorithm: 'HS256' })({ id: 1, jti: 'old', tv: 0, exp: now - 10 });
    expect((await t.request({ method: 'GET', url: '/api/users/1', token: expired })).statusCode).toBe(401);
    const none = createSigner({ algorithm: 'none' })({ id: 1, jti: 'none', tv: 0, exp: now + 600 });
    expect((await t.request({ method: 'GET', url: '/api/users/1', token: none })).statusCode).toBe(401);
  });

  it('expires 24 hours after sign-in', async () => {
    const token = await t.login();
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(24 * 60 * 60);
    expect(payload.id).toBe(1);
  });

  it('logout revokes the token at once, and other tokens keep working', async () => {
    const token = await t.login();
    const other = await t.login();
    expect((await t.request({ method: 'GET', url: '/api/users/1', token })).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', token });
    expect(out.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/1', token })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/users/1', token: other })).statusCode).toBe(200);
  });

  it('a token stops working when its user is deactivated or deleted', async () => {
    const [user] = await t.db
      .insert(users)
      .values({
        username: 'temp',
        email: 'temp@example.com',
        passwordHash: await hashPassword('temp-password'),
      })
      .returning();
    const token = await t.login('temp@example.com', 'temp-password');
    const self = `/api/users/${user!.id}`;
    expect((await t.request({ method: 'GET', url: self, token })).statusCode).toBe(200);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user!.id));
    expect((await t.request({ method: 'GET', url: self, token })).statusCode).toBe(401);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, user!.id));
    expect((await t.request({ method: 'GET', url: self, token })).statusCode).toBe(200);
    await t.db.execute(sql`delete from users where id = ${user!.id}`);
    expect((await t.request({ method: 'GET', url: self, token })).statusCode).toBe(401);
  });

  it('locks sign-in for an account after 10 failures, even with the right password', async () => {
    const email = 'locked@example.com';
    await t.db
      .insert(users)
      .values({ username: 'locked', email, passwordHash: await hashPassword('right-password') });
    for (let i = 0; i < 10; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: `wrong-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'right-password' },
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/Try again in \d+ minutes?/);
  });
});
