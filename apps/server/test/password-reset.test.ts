import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit-log/audit-log-schema.ts';
import { passwordResets } from '../src/modules/auth/auth-schema.ts';
import { LINKS_PER_ACCOUNT_PER_HOUR, RESET_REQUESTED } from '../src/modules/auth/password-reset-service.ts';
import { mailOutbox } from '../src/modules/mail/mail-schema.ts';
import { users } from '../src/modules/users/users-schema.ts';
import { createUser, FIXTURE_PASSWORD } from './helpers/fixtures.ts';
import { expectStatus } from './helpers/requests.ts';
import { type SmtpReceiver, startSmtpReceiver } from './helpers/smtp-receiver.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** docs/product/sign-in-and-sessions.md, "Forgot password", with a real SMTP server on 127.0.0.1. */

const PUBLIC_URL = 'https://verdict.example.com';
const NEW_PASSWORD = 'a-brand-new-password-7';

let smtp: SmtpReceiver;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Verdict <verdict@example.com>',
    PUBLIC_URL,
    MAIL_RETRY_BASE_MS: '50',
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

// Each test calls from its own address, so the per-address limit counts only what a test means it to.
let lastIp = 0;
const nextIp = () => `10.0.0.${++lastIp}`;

const requestReset = (email: string, ip = nextIp()) =>
  t.request({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress: ip });
const confirm = (token: string, password = NEW_PASSWORD) =>
  t.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password } });
const signIn = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** The token of the newest link mailed to `email`, read from the mail as it arrived. */
async function tokenMailedTo(email: string, nth = 1): Promise<string> {
  const mail = await smtp.waitFor(
    (m) => m.to.includes(email) && m === smtp.received.filter((r) => r.to.includes(email))[nth - 1],
  );
  const link = /https:\/\/verdict\.example\.com\/reset-password\?token=([\w-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return link![1]!;
}

async function queuedFor(email: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.recipient, email));
  return row!.n;
}

describe('POST /api/auth/password-reset', () => {
  it('mails a link whose token sets a new password; the old one and every session stop working', async () => {
    const user = await createUser(t);
    const oldSession = user.token;
    expectStatus(await t.request({ method: 'GET', url: '/api/auth/session', token: oldSession }), 200);

    // As typed on the screen: any case, spaces around.
    const answer = expectStatus(await requestReset(`  ${user.email.toUpperCase()} `), 202);
    expect(answer).toEqual({ message: RESET_REQUESTED });

    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.to).toEqual([user.email]);
    expect(mail.subject).toBe('Reset your Verdict password');
    expect(mail.text).toContain(`Hello ${user.username},`);
    expect(mail.text).toMatch(/within an hour/);
    const [, token] =
      /(https:\/\/verdict\.example\.com\/reset-password\?token=([\w-]{43}))/.exec(mail.text) ?? [];
    expect(token).toBeDefined();
    expect(mail.html).toContain(`href="${token}"`);
    expect(mail.header('list-unsubscribe')).toBeUndefined();
    const tokenValue = new URL(token!).searchParams.get('token')!;
    // Only the token's hash is kept.
    const rows = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(tokenValue);

    expectStatus(await confirm(tokenValue), 200);
    expectStatus(await signIn(user.email, NEW_PASSWORD), 200);
    expect(expectStatus(await signIn(user.email, FIXTURE_PASSWORD), 401).code).toBe('credentials_wrong');
    expectStatus(await t.request({ method: 'GET', url: '/api/auth/session', token: oldSession }), 401);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.entityType, 'user')));
    expect(entry).toMatchObject({ actorId: user.id, action: 'update' });
    expect(entry!.summary).toMatch(/Reset the password of .* with an e-mailed link/);
    expect(JSON.stringify(entry!.changes)).not.toContain(NEW_PASSWORD);

    // Single use.
    const again = expectStatus(await confirm(tokenValue, 'yet-another-password-9'), 400);
    expect(again.code).toBe('password_reset_used');
    expectStatus(await signIn(user.email, NEW_PASSWORD), 200);
  });

  it('answers the same for an address with no account, and sends nothing', async () => {
    const before = smtp.received.length;
    const answer = await requestReset('nobody-here@example.com');
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: RESET_REQUESTED });
    expect(await queuedFor('nobody-here@example.com')).toBe(0);
    // A mail for a known address queued after it arrives; nothing else came meanwhile.
    const user = await createUser(t);
    expectStatus(await requestReset(user.email), 202);
    await smtp.waitFor((m) => m.to.includes(user.email));
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([[user.email]]);
  });

  it('refuses an expired link, an unknown one, and a common password (which leaves the link usable)', async () => {
    const user = await createUser(t);
    expectStatus(await requestReset(user.email), 202);
    const token = await tokenMailedTo(user.email);

    const common = expectStatus(await confirm(token, 'Baseball'), 400);
    expect(common.message).toMatch(/most common passwords/);

    // An hour later (the row's clock moved back).
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const expired = expectStatus(await confirm(token), 400);
    expect(expired).toMatchObject({ code: 'password_reset_expired' });
    expect(expired.message).toMatch(/expired/);
    expectStatus(await signIn(user.email, FIXTURE_PASSWORD), 200);

    const unknown = expectStatus(await confirm('not-a-token-anyone-was-sent'), 400);
    expect(unknown).toMatchObject({ code: 'password_reset_invalid' });
  });

  it('sends an account at most a few links an hour, silently, and ends the others once one is used', async () => {
    const user = await createUser(t);
    for (let i = 0; i < LINKS_PER_ACCOUNT_PER_HOUR + 2; i++) {
      expect(expectStatus(await requestReset(user.email), 202)).toEqual({ message: RESET_REQUESTED });
    }
    expect(await queuedFor(user.email)).toBe(LINKS_PER_ACCOUNT_PER_HOUR);
    const first = await tokenMailedTo(user.email, 1);
    const last = await tokenMailedTo(user.email, LINKS_PER_ACCOUNT_PER_HOUR);
    expectStatus(await confirm(last), 200);
    expect(expectStatus(await confirm(first), 400).code).toBe('password_reset_used');
  });

  it('refuses an address (IP) that asks too often, with Retry-After, whatever the email', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expectStatus(await requestReset(`someone-${i}@example.com`, ip), 202);
    const refused = await requestReset('someone-else@example.com', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expectStatus(await requestReset('someone-else@example.com'), 202);
  });

  it('sends nothing to an inactive account or one that only signs in by single sign-on', async () => {
    const inactive = await createUser(t);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, inactive.id));
    const sso = await createUser(t);
    await t.db
      .update(users)
      .set({ passwordHash: '', oidcSubject: `subject-${sso.id}` })
      .where(eq(users.id, sso.id));
    expectStatus(await requestReset(inactive.email), 202);
    expectStatus(await requestReset(sso.email), 202);
    expect(await queuedFor(inactive.email)).toBe(0);
    expect(await queuedFor(sso.email)).toBe(0);
  });

  it('answers 503 mail_off when the server does not send e-mail', async () => {
    const off = await createTestApp();
    try {
      const user = await createUser(off);
      const res = await off.request({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: user.email },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'mail_off' });
    } finally {
      await off.close();
    }
  });
});
