import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { auditLog } from '../src/modules/audit-log/audit-log-schema.ts';
import { users } from '../src/modules/users/users-schema.ts';
import { as, createRole, createUser, expectStatus } from './helpers/fixtures.ts';
import { startTestProvider, type TestProvider } from './helpers/oidc-provider.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * docs/product/single-sign-on.md: sign-in through a real OpenID Connect provider (oidc-provider on
 * loopback) with the authorization code flow and PKCE; the account it opens, the roles it brings,
 * and that the session is an ordinary one.
 */

const PUBLIC_URL = 'http://verdict.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

let provider: TestProvider;
let t: TestApp;
let leadRole: number;
/** What the server logged, one JSON line each. */
const logLines: string[] = [];

beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [CALLBACK] });
  t = await createTestApp(
    {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_NAME: 'Test provider',
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_ROLE_MAP: 'qa-leads=SSO Lead',
      OIDC_DEFAULT_ROLE: 'SSO Reader',
      PUBLIC_URL,
    },
    { logger: { level: 'warn', stream: { write: (line: string) => logLines.push(line) } } },
  );
  leadRole = await createRole(t, ['add_project', 'view_all_projects'], 'SSO Lead');
  await createRole(t, ['view_all_projects'], 'SSO Reader');
});

afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** Cookies of the provider's origin, as a browser keeps them between its pages. */
class CookieJar {
  private cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  }
}

/**
 * What a browser does from "Sign in with …" to the app's callback: follows the provider's pages,
 * types `login` on its sign-in form, and answers the app's redirect after the callback.
 */
async function signInThroughProvider(
  login: string,
  options: {
    /** The cookie the callback arrives with, given the one this attempt set (another browser's). */
    browserCookie?: (own: string) => string | undefined;
    onCallback?: (url: string, cookie: string) => void;
  } = {},
): Promise<{ location: string }> {
  const start = await t.request({ method: 'GET', url: '/api/auth/oidc/start' });
  expect(start.statusCode).toBe(302);
  // The browser keeps the attempt's cookie for the app's single sign-on addresses only.
  const setCookie = String(start.headers['set-cookie']);
  expect(setCookie).toMatch(
    /^verdict_oidc_state=[^;]+; Path=\/api\/auth\/oidc; HttpOnly; SameSite=Lax; Max-Age=600/,
  );
  const ownCookie = setCookie.split(';')[0] ?? '';
  const cookie = options.browserCookie ? options.browserCookie(ownCookie) : ownCookie;
  let next = new URL(String(start.headers.location));
  expect(next.origin).toBe(provider.issuer);
  expect(next.searchParams.get('code_challenge_method')).toBe('S256');
  expect(next.searchParams.get('redirect_uri')).toBe(CALLBACK);
  const jar = new CookieJar();
  for (let hop = 0; hop < 10; hop++) {
    if (next.href.startsWith(PUBLIC_URL)) {
      options.onCallback?.(next.pathname + next.search, ownCookie);
      const callback = await t.request({
        method: 'GET',
        url: next.pathname + next.search,
        headers: cookie ? { cookie } : {},
      });
      expect(callback.statusCode).toBe(302);
      return { location: String(callback.headers.location) };
    }
    const isLoginForm = /^\/interaction\/[\w-]+$/.test(next.pathname);
    const response = await fetch(isLoginForm ? `${next.href}/login` : next.href, {
      method: isLoginForm ? 'POST' : 'GET',
      headers: {
        cookie: jar.header(),
        ...(isLoginForm ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: isLoginForm ? new URLSearchParams({ login }).toString() : undefined,
      redirect: 'manual',
    });
    jar.keep(response);
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`The provider stopped at ${next.href}: ${response.status} ${await response.text()}`);
    next = new URL(location, next);
  }
  throw new Error('Too many redirects');
}

function sessionOf(location: string): { token: string; userId: number } {
  expect(location.startsWith('/#')).toBe(true);
  const fragment = new URLSearchParams(location.slice(2));
  return { token: fragment.get('sso_token') ?? '', userId: Number(fragment.get('sso_user')) };
}

describe('Single sign-on through an OpenID Connect provider', () => {
  it('tells the sign-in screen about itself', async () => {
    const methods = expectStatus(await as(t).get('/api/auth/methods'), 200);
    expect(methods).toEqual({
      password: true,
      sso: { name: 'Test provider', startUrl: '/api/auth/oidc/start' },
      mail: false,
      passwordReset: false,
    });
  });

  it('creates the account on first sign-in with the default role, and the session works like any other', async () => {
    provider.addAccount({ login: 'dana', email: 'dana@corp.test', name: 'Dana Provider' });
    const { token, userId } = sessionOf((await signInThroughProvider('dana')).location);
    const me = expectStatus(await as(t, token).get(`/api/users/${userId}`), 200);
    expect(me).toMatchObject({ email: 'dana@corp.test', username: 'Dana Provider' });
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row?.oidcSubject).toBe('dana');
    expect(row?.passwordHash).toBe('');
    const roleIds = me.roleIds ?? me.roles?.map((r: { id: number }) => r.id);
    expect(roleIds).toHaveLength(1);
    // The password form cannot open an account made this way.
    const login = await as(t).post('/api/auth/login', {
      email: 'dana@corp.test',
      password: 'anything-at-all',
    });
    expect(login.statusCode).toBe(401);
    // Signing out ends the session at once, as for a password sign-in.
    expectStatus(await as(t, token).post('/api/auth/logout'), 200);
    expect((await as(t, token).get(`/api/users/${userId}`)).statusCode).toBe(401);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.actorId, userId));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'logout', 'sign_in', 'sign_in_failed']);
  });

  it('signs the same person in to the same account again, adding roles their groups map to', async () => {
    provider.addAccount({ login: 'erin', email: 'erin@corp.test', name: 'Erin' });
    const first = sessionOf((await signInThroughProvider('erin')).location);
    provider.addAccount({ login: 'erin', email: 'erin@corp.test', name: 'Erin', groups: ['qa-leads'] });
    const second = sessionOf((await signInThroughProvider('erin')).location);
    expect(second.userId).toBe(first.userId);
    const session = expectStatus(
      await t.request({ method: 'GET', url: `/api/users/${second.userId}`, token: second.token }),
      200,
    );
    expect(JSON.stringify(session)).toContain(String(leadRole));
  });

  it('links an existing account by its verified email, and refuses an unverified one', async () => {
    const existing = await createUser(t, { name: 'frank' });
    provider.addAccount({ login: 'frank-idp', email: existing.email, emailVerified: false });
    const refused = await signInThroughProvider('frank-idp');
    expect(refused.location).toBe('/?sso_error=email_not_verified');
    provider.addAccount({ login: 'frank-idp', email: existing.email, emailVerified: true });
    const { userId } = sessionOf((await signInThroughProvider('frank-idp')).location);
    expect(userId).toBe(existing.id);
  });

  it('links an existing account only when the provider says its email is verified, not when it says nothing', async () => {
    // ADMIN@EXAMPLE.COM is the Administrator's address, in other letters; the provider says nothing
    // about whether it is verified.
    for (const emailVerified of ['absent', false] as const) {
      provider.addAccount({ login: `taker-${emailVerified}`, email: 'ADMIN@EXAMPLE.COM', emailVerified });
      const refused = await signInThroughProvider(`taker-${emailVerified}`);
      expect(refused.location).toBe('/?sso_error=email_not_verified');
    }
    const [admin] = await t.db.select().from(users).where(eq(users.id, 1));
    expect(admin?.oidcSubject).toBeNull();
    const signIns = await t.db.select().from(auditLog).where(eq(auditLog.actorId, 1));
    expect(signIns.filter((entry) => entry.summary.includes('single sign-on'))).toEqual([]);
  });

  it("sends the sign-in screen a code, never the provider's words, and logs those", async () => {
    const words = 'Your account is locked: call +1 555 0100 at evil.example';
    const callback = await t.request({
      method: 'GET',
      url: `/api/auth/oidc/callback?${new URLSearchParams({ error: 'access_denied', error_description: words })}`,
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/?sso_error=provider_refused');
    const logged = logLines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.sso_error === 'provider_refused');
    expect(logged?.reason).toBe(`The sign-in provider refused: ${words}`);
  });

  it('refuses an inactive account, a replayed answer and a provider refusal, each with its reason', async () => {
    provider.addAccount({ login: 'gina', email: 'gina@corp.test' });
    const { userId } = sessionOf((await signInThroughProvider('gina')).location);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, userId));
    const inactive = await signInThroughProvider('gina');
    expect(inactive.location).toBe('/?sso_error=inactive');

    const unknown = await signInThroughProvider('nobody');
    expect(unknown.location).toBe('/?sso_error=provider_refused');

    // The provider's answer, taken a second time by the same browser, is refused.
    provider.addAccount({ login: 'hank', email: 'hank@corp.test' });
    let answered = { url: '', cookie: '' };
    await signInThroughProvider('hank', {
      onCallback: (url, cookie) => {
        answered = { url, cookie };
      },
    });
    const replay = await t.request({
      method: 'GET',
      url: answered.url,
      headers: { cookie: answered.cookie },
    });
    expect(replay.headers.location).toBe('/?sso_error=expired');
  });

  it('refuses an answer brought to another browser than the one that started it (login CSRF)', async () => {
    // Mallory signs in at the provider and hands her answer to someone else's browser, which
    // would then be signed in to her account.
    provider.addAccount({ login: 'mallory', email: 'mallory@corp.test' });
    for (const victimCookie of [undefined, 'verdict_oidc_state=the-victims-own-state']) {
      const { location } = await signInThroughProvider('mallory', { browserCookie: () => victimCookie });
      expect(location).toBe('/?sso_error=other_browser');
    }
  });
});

describe('Settings of single sign-on', () => {
  it('refuses half a configuration and turning the password form off without single sign-on', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(/OIDC_CLIENT_ID must be set/);
    expect(() => loadConfig({ PASSWORD_SIGN_IN: 'false' })).toThrow(
      /PASSWORD_SIGN_IN=false needs single sign-on/,
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'http://id.example.com', OIDC_CLIENT_ID: 'x' })).toThrow(
      /must use https/,
    );
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'x', OIDC_ROLE_MAP: 'a' }),
    ).toThrow(/OIDC_ROLE_MAP must read/);
  });

  /** Another server on the same database, with other settings. */
  async function appWith(env: Record<string, string>) {
    const app = await buildApp({
      config: loadConfig({ WEB_DIST: '/nonexistent-web-dist', ...env }),
      database: t.database,
    });
    await app.ready();
    return {
      get: (url: string) => app.inject({ method: 'GET', url }),
      post: (url: string, payload: object) => app.inject({ method: 'POST', url, payload }),
      close: () => app.close(),
    };
  }

  it('with password sign-in off, the form is not offered and the login call is refused', async () => {
    const app = await appWith({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      PASSWORD_SIGN_IN: 'false',
    });
    try {
      expect(expectStatus(await app.get('/api/auth/methods'), 200)).toMatchObject({ password: false });
      const login = await app.post('/api/auth/login', {
        email: 'admin@example.com',
        password: 'admin-password-1',
      });
      expect(login.statusCode).toBe(403);
      expect(login.json().message).toBe('Signing in with a password is turned off here; use single sign-on');
    } finally {
      await app.close();
    }
  });

  it('without single sign-on, the start address answers 404 and the screen offers the form alone', async () => {
    const app = await appWith({});
    try {
      expect(expectStatus(await app.get('/api/auth/methods'), 200)).toEqual({
        password: true,
        sso: null,
        mail: false,
        passwordReset: false,
      });
      expect((await app.get('/api/auth/oidc/start')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
