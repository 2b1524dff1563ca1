import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { loginFailures } from '../src/modules/auth/auth-schema.ts';
import { currentTotpCode } from '../src/modules/auth/two-factor.ts';
import { roles } from '../src/modules/roles/roles-schema.ts';
import { users } from '../src/modules/users/users-schema.ts';
import { as, createUser, expectStatus, FIXTURE_PASSWORD } from './helpers/fixtures.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * docs/product/two-factor.md: an authenticator app's code as a second factor for password
 * accounts, chosen by the user, or required for administrators by TOTP_REQUIRED_FOR_ADMINS.
 */

const STEP_MS = 30_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** A new user who has set up and turned on an authenticator app. */
async function userWithTotp() {
  const user = await createUser(t);
  const { secret } = expectStatus(
    await as(t).post('/api/auth/totp/setup', { email: user.email, password: FIXTURE_PASSWORD }),
    200,
  );
  expectStatus(await as(t, user.token).post('/api/auth/totp/enable', { code: currentTotpCode(secret) }), 200);
  return user;
}

/** The answer to a wrong current password, on every route that asks for it. */
const WRONG_CURRENT_PASSWORD = {
  message: 'Current password is wrong',
  code: 'current_password_wrong',
  details: [{ field: 'currentPassword', message: 'Current password is wrong' }],
};

const failuresOf = async (email: string) =>
  (await t.db.select().from(loginFailures).where(eq(loginFailures.email, email))).length;

describe('Two-factor authentication chosen by a user', () => {
  it('is set up with the password, confirmed with a first code, then asked for at every sign-in', async () => {
    const user = await createUser(t);
    const setup = expectStatus(
      await as(t).post('/api/auth/totp/setup', { email: user.email, password: FIXTURE_PASSWORD }),
      200,
    );
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain(`otpauth://totp/Verdict:${encodeURIComponent(user.email)}?`);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    // Not on until confirmed: the password alone still signs in.
    expectStatus(await as(t).post('/api/auth/login', { email: user.email, password: FIXTURE_PASSWORD }), 200);
    expect(expectStatus(await as(t, user.token).get('/api/auth/totp'), 200)).toEqual({
      enabled: false,
      required: false,
    });

    const wrong = await as(t, user.token).post('/api/auth/totp/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const now = Date.now();
    expectStatus(
      await as(t, user.token).post('/api/auth/totp/enable', { code: currentTotpCode(setup.secret, now) }),
      200,
    );
    expect(expectStatus(await as(t, user.token).get('/api/auth/totp'), 200)).toMatchObject({ enabled: true });

    // The password alone: asked for the code, and that is no failed attempt.
    const noCode = await as(t).post('/api/auth/login', { email: user.email, password: FIXTURE_PASSWORD });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toEqual({
      message: 'Enter the 6-digit code from your authenticator app',
      code: 'totp_code_required',
      details: [{ field: 'totp', message: 'is required' }],
    });
    expect(await failuresOf(user.email)).toBe(0);

    // A wrong code is a failed attempt, counted towards the lockout.
    const wrongCode = await as(t).post('/api/auth/login', {
      email: user.email,
      password: FIXTURE_PASSWORD,
      totp: '123456' === currentTotpCode(setup.secret) ? '654321' : '123456',
    });
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().message).toBe('The authentication code is not correct');
    expect(await failuresOf(user.email)).toBe(1);

    // The code used to turn it on is spent; the next step's code signs in, once.
    const spent = await as(t).post('/api/auth/login', {
      email: user.email,
      password: FIXTURE_PASSWORD,
      totp: currentTotpCode(setup.secret, now),
    });
    expect(spent.statusCode).toBe(401);
    const next = currentTotpCode(setup.secret, now + STEP_MS);
    const signedIn = expectStatus(
      await as(t).post('/api/auth/login', { email: user.email, password: FIXTURE_PASSWORD, totp: next }),
      200,
    );
    expect(signedIn.user.email).toBe(user.email);
    expect(await failuresOf(user.email)).toBe(0);
    const again = await as(t).post('/api/auth/login', {
      email: user.email,
      password: FIXTURE_PASSWORD,
      totp: next,
    });
    expect(again.statusCode).toBe(401);

    // A second setup is refused while it is on.
    const twice = await as(t).post('/api/auth/totp/setup', { email: user.email, password: FIXTURE_PASSWORD });
    expect(twice.statusCode).toBe(409);
  });

  it('is turned off only with the current password', async () => {
    const user = await userWithTotp();
    const wrong = await as(t, user.token).post('/api/auth/totp/disable', { password: 'not-the-password' });
    // A 400 at the field, never a 401: the session is fine and the app must not sign out.
    expect([wrong.statusCode, wrong.json()]).toEqual([400, WRONG_CURRENT_PASSWORD]);
    expectStatus(await as(t, user.token).get('/api/auth/totp'), 200);
    expectStatus(await as(t, user.token).post('/api/auth/totp/disable', { password: FIXTURE_PASSWORD }), 200);
    expectStatus(await as(t).post('/api/auth/login', { email: user.email, password: FIXTURE_PASSWORD }), 200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.totpSecret).toBeNull();
  });

  it('is set up from the signed-in card with the current password; a wrong one keeps the session', async () => {
    const user = await createUser(t);
    const api = as(t, user.token);
    const before = await failuresOf(user.email);
    const wrong = await api.post('/api/auth/totp/start', { password: 'wrong-password-1' });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, WRONG_CURRENT_PASSWORD]);
    // Counted like a failed sign-in; the session still answers.
    expect(await failuresOf(user.email)).toBe(before + 1);
    expect(expectStatus(await api.get('/api/auth/totp'), 200)).toEqual({ enabled: false, required: false });

    const { secret, uri } = expectStatus(
      await api.post('/api/auth/totp/start', { password: FIXTURE_PASSWORD }),
      200,
    );
    expect(uri).toContain(`secret=${secret}`);
    expectStatus(await api.post('/api/auth/totp/enable', { code: currentTotpCode(secret) }), 200);
    expect((await api.post('/api/auth/totp/start', { password: FIXTURE_PASSWORD })).statusCode).toBe(409);
    expect((await as(t).post('/api/auth/totp/start', { password: FIXTURE_PASSWORD })).statusCode).toBe(401);
  });

  it('setting up needs the right password, counted like a sign-in', async () => {
    const user = await createUser(t);
    const wrong = await as(t).post('/api/auth/totp/setup', {
      email: user.email,
      password: 'wrong-password-1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(await failuresOf(user.email)).toBe(1);
  });
});

describe('A lost authenticator app', () => {
  it("an administrator turns the user's second factor off; the user signs in with the password again", async () => {
    const user = await userWithTotp();
    const other = await createUser(t);
    expect((await as(t, other.token).del(`/api/users/${user.id}/totp`)).statusCode).toBe(403);
    const admin = await t.login();
    expectStatus(await as(t, admin).del(`/api/users/${user.id}/totp`), 200);
    expectStatus(await as(t).post('/api/auth/login', { email: user.email, password: FIXTURE_PASSWORD }), 200);
    expect((await as(t, admin).del(`/api/users/${user.id}/totp`)).statusCode).toBe(409);
  });
});

describe("An administrator's own second factor", () => {
  it('is turned off through Admin › Users only with the current password, answered as /api/auth/totp/disable', async () => {
    const [adminRole] = await t.db.select().from(roles).where(eq(roles.builtIn, true));
    const admin = await createUser(t, { roleIds: [adminRole!.id] });
    const { secret } = expectStatus(
      await as(t).post('/api/auth/totp/setup', { email: admin.email, password: FIXTURE_PASSWORD }),
      200,
    );
    expectStatus(
      await as(t, admin.token).post('/api/auth/totp/enable', { code: currentTotpCode(secret) }),
      200,
    );
    const api = as(t, admin.token);
    const own = `/api/users/${admin.id}/totp`;
    const reset = (payload?: object) =>
      t.request({ method: 'DELETE', url: own, token: admin.token, ...(payload ? { payload } : {}) });

    // A session alone: refused, as the other route refuses a call without the password.
    const bare = await reset();
    const bareThere = await api.post('/api/auth/totp/disable', {});
    expect(bare.statusCode).toBe(400);
    expect([bare.statusCode, bare.json()]).toEqual([bareThere.statusCode, bareThere.json()]);
    expect((await reset({})).json()).toEqual(bareThere.json());

    const before = await failuresOf(admin.email);
    const wrong = await reset({ password: 'not-the-password' });
    const wrongThere = await api.post('/api/auth/totp/disable', { password: 'not-the-password' });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, WRONG_CURRENT_PASSWORD]);
    expect([wrong.statusCode, wrong.json()]).toEqual([wrongThere.statusCode, wrongThere.json()]);
    // Counted like a failed sign-in, as there.
    expect(await failuresOf(admin.email)).toBe(before + 2);
    const [still] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(still?.totpSecret).toBe(secret);

    expectStatus(await reset({ password: FIXTURE_PASSWORD }), 200);
    const [off] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(off?.totpSecret).toBeNull();
    // Someone else's still takes no password.
    const user = await userWithTotp();
    expectStatus(await api.del(`/api/users/${user.id}/totp`), 200);
  });
});

describe('Two-factor authentication required for administrators', () => {
  it('makes an administrator set it up at sign-in, and keeps it on', async () => {
    const app = await buildApp({
      config: loadConfig({ WEB_DIST: '/nonexistent-web-dist', TOTP_REQUIRED_FOR_ADMINS: 'true' }),
      database: t.database,
    });
    await app.ready();
    const post = (url: string, payload: object, token?: string) =>
      app.inject({
        method: 'POST',
        url,
        payload,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    try {
      // A user without the Administrator role is not asked.
      const user = await createUser(t);
      expect(
        (await post('/api/auth/login', { email: user.email, password: FIXTURE_PASSWORD })).statusCode,
      ).toBe(200);

      const refused = await post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message:
          'Administrators must use two-factor authentication: set it up with your authenticator app to sign in',
        code: 'totp_setup_required',
        details: [{ field: 'totp', message: 'must be set up' }],
      });
      const setup = await post('/api/auth/totp/setup', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(setup.statusCode).toBe(200);
      const { secret } = setup.json();
      const signedIn = await post('/api/auth/login', {
        email: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
        totp: currentTotpCode(secret),
      });
      expect(signedIn.statusCode).toBe(200);
      const token = signedIn.json().token;
      const status = await app.inject({
        method: 'GET',
        url: '/api/auth/totp',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(status.json()).toEqual({ enabled: true, required: true });
      const off = await post('/api/auth/totp/disable', { password: ADMIN_PASSWORD }, token);
      expect(off.statusCode).toBe(403);
      expect(off.json().message).toBe('Administrators must keep two-factor authentication on here');
    } finally {
      await app.close();
    }
  });
});
