import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '../src/modules/api-tokens/api-tokens-schema.ts';
import { users } from '../src/modules/users/users-schema.ts';
import { SESSION_NEEDED } from '../src/plugins/auth.ts';
import { apiToken, person } from './helpers/import-world.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (token?: string) => t.request({ method: 'GET', url: '/api/api-tokens', token });
const create = (token: string | undefined, payload: object) =>
  t.request({ method: 'POST', url: '/api/api-tokens', token, payload });
const revoke = (token: string, id: number | string) =>
  t.request({ method: 'DELETE', url: `/api/api-tokens/${id}`, token });

describe('managing API tokens', () => {
  it('creates a token whose secret is shown once and stored only as a hash', async () => {
    const owner = await person(t);
    const res = await create(owner.session, { name: '  GitHub Actions  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^vdt_[A-Za-z0-9_-]{43}$/);
    expect(body.apiToken).toEqual({
      id: expect.any(Number),
      name: 'GitHub Actions',
      prefix: body.token.slice(0, 12),
      created_at: expect.any(String),
      last_used_at: null,
    });
    expect(body.message).toMatch(/not shown again/);

    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, body.apiToken.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(body.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(body.token);

    const listed = await list(owner.session);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([body.apiToken]);
    expect(listed.body).not.toContain(body.token);
  });

  it('lists only the caller’s own tokens, newest first', async () => {
    const owner = await person(t);
    const other = await person(t);
    await apiToken(t, owner.session, 'first');
    await apiToken(t, owner.session, 'second');
    await apiToken(t, other.session, 'not mine');
    expect((await list(owner.session)).json().map((token: { name: string }) => token.name)).toEqual([
      'second',
      'first',
    ]);
  });

  it('refuses a missing, empty or overlong name with 400', async () => {
    const owner = await person(t);
    for (const payload of [{}, { name: '   ' }, { name: 'x'.repeat(256) }, { name: 'ok', extra: 1 }]) {
      expect((await create(owner.session, payload)).statusCode).toBe(400);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await create(undefined, { name: 'x' })).statusCode).toBe(401);
  });

  it('revokes a token: it stops working at once and leaves the list', async () => {
    const owner = await person(t);
    const secret = await apiToken(t, owner.session);
    const [{ id }] = (await list(owner.session)).json();
    expect((await list(secret)).statusCode).toBe(200);
    const res = await revoke(owner.session, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'API token revoked' });
    const after = await list(secret);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('This API token is invalid or has been revoked');
    expect((await list(owner.session)).json()).toEqual([]);
    expect((await revoke(owner.session, id)).statusCode).toBe(404);
  });

  it('answers 404 for revoking someone else’s token or a missing one, 400 for a bad id', async () => {
    const owner = await person(t);
    const other = await person(t);
    const secret = await apiToken(t, owner.session);
    const [{ id }] = (await list(owner.session)).json();
    expect((await revoke(other.session, id)).statusCode).toBe(404);
    expect((await revoke(other.session, 999_999)).statusCode).toBe(404);
    expect((await revoke(other.session, 'abc')).statusCode).toBe(400);
    expect((await list(secret)).statusCode).toBe(200);
  });

  it('caps the number of live tokens per user', async () => {
    const owner = await person(t);
    for (let i = 0; i < 50; i += 1) await apiToken(t, owner.session, `token ${i}`);
    const res = await create(owner.session, { name: 'one too many' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/50 API tokens/);
  });
});

describe('a bearer API token', () => {
  it('acts as its owner on any route, with exactly the owner’s permissions', async () => {
    const owner = await person(t);
    const other = await person(t);
    const secret = await apiToken(t, owner.session);
    const self = await t.request({ method: 'GET', url: `/api/users/${owner.id}`, token: secret });
    expect(self.statusCode).toBe(200);
    expect(self.json().id).toBe(owner.id);
    // Reading another user needs view_admin_home, which the owner lacks.
    const refused = await t.request({ method: 'GET', url: `/api/users/${other.id}`, token: secret });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('view_admin_home');
  });

  it('records when it was last used', async () => {
    const owner = await person(t);
    const secret = await apiToken(t, owner.session);
    await list(secret);
    const [token] = (await list(owner.session)).json();
    expect(token.last_used_at).toEqual(expect.any(String));
  });

  it('cannot create more tokens, so a leaked token cannot outlive its revocation', async () => {
    const owner = await person(t);
    const secret = await apiToken(t, owner.session);
    const res = await create(secret, { name: 'minted by a token' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SESSION_NEEDED);
  });

  it('stops working when the owner is deactivated, changes password or is deleted', async () => {
    const deactivated = await person(t);
    const secret1 = await apiToken(t, deactivated.session);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, deactivated.id));
    expect((await list(secret1)).statusCode).toBe(401);

    // A password change (or a deactivation) bumps the token version, like for session tokens.
    const changed = await person(t);
    const secret2 = await apiToken(t, changed.session);
    await t.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, changed.id));
    expect((await list(secret2)).statusCode).toBe(401);

    const deleted = await person(t);
    const secret3 = await apiToken(t, deleted.session);
    await t.db.delete(users).where(eq(users.id, deleted.id));
    expect((await list(secret3)).statusCode).toBe(401);
    expect(await t.db.select().from(apiTokens).where(eq(apiTokens.userId, deleted.id))).toEqual([]);
  });

  it('answers the same 401 for a forged, malformed or unknown token', async () => {
    const owner = await person(t);
    const secret = await apiToken(t, owner.session);
    const forged = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [forged, 'vdt_', 'vdt_short', `vdt_${'a'.repeat(43)}`]) {
      const res = await list(bad);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({
        status: 401,
        message: 'This API token is invalid or has been revoked',
      });
    }
  });

  it('leaves session tokens working as before', async () => {
    const session = await t.login();
    expect((await list(session)).statusCode).toBe(200);
  });
});
