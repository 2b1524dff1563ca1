import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { claimMail } from '../src/modules/mail/mail-repository.ts';
import { mailOutbox } from '../src/modules/mail/mail-schema.ts';
import { queueMail } from '../src/modules/mail/mail-service.ts';
import { expectStatus } from './helpers/requests.ts';
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from './helpers/smtp-receiver.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** docs/product/operations.md, "E-mail": the outbox sent through a real SMTP server on 127.0.0.1. */

const FROM = 'Verdict <verdict@example.com>';

let smtp: SmtpReceiver;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: FROM,
    PUBLIC_URL: 'https://verdict.example.com',
    MAIL_RETRY_BASE_MS: '50',
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let n = 0;
/** Queues a mail to a new address, as a caller of the outbox does, in its own transaction. */
async function queue(extra: { unsubscribeUrl?: string } = {}) {
  const recipient = `person-${++n}@example.com`;
  const id = await t.db.transaction((tx) =>
    queueMail(tx, {
      recipient,
      userId: null,
      kind: 'test',
      subject: `Test mail ${n}`,
      textBody: `Plain words ${n}\nhttps://verdict.example.com/thing/${n}\n`,
      htmlBody: `<p>HTML words ${n} <a href="https://verdict.example.com/thing/${n}">the thing</a></p>`,
      ...extra,
    }),
  );
  return { id, recipient };
}

const to = (recipient: string) => (mail: ReceivedMail) => mail.to.includes(recipient);

async function rowOf(id: number) {
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

async function waitForState(id: number, state: string) {
  for (let i = 0; i < 200; i++) {
    const row = await rowOf(id);
    if (row.state === state) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`mail ${id} never became ${state}: ${JSON.stringify(await rowOf(id))}`);
}

describe('the outbox', () => {
  it('sends a queued mail with a plain-text and an HTML part, from MAIL_FROM to its recipient', async () => {
    const { id, recipient } = await queue();
    const mail = await smtp.waitFor(to(recipient));
    expect(mail.to).toEqual([recipient]);
    expect(mail.from).toBe('verdict@example.com');
    expect(mail.parsed.from?.value).toEqual([{ name: 'Verdict', address: 'verdict@example.com' }]);
    expect(mail.subject).toBe(`Test mail ${n}`);
    expect(mail.text).toContain(`https://verdict.example.com/thing/${n}`);
    expect(mail.html).toContain(`href="https://verdict.example.com/thing/${n}"`);
    expect(mail.header('content-type')).toMatch(/multipart\/alternative/);
    // Transactional mail has no unsubscribe header.
    expect(mail.header('list-unsubscribe')).toBeUndefined();
    const row = await waitForState(id, 'sent');
    expect(row).toMatchObject({ attempts: 1, error: null, lockedUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('sets the one-click unsubscribe headers (RFC 8058) on a mail that has an unsubscribe address', async () => {
    const url = 'https://verdict.example.com/unsubscribe?token=abc';
    const { recipient } = await queue({ unsubscribeUrl: url });
    const mail = await smtp.waitFor(to(recipient));
    expect(mail.header('list-unsubscribe')).toBe(`<${url}>`);
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('tries again later when the SMTP server refuses for now (4xx), and sends it then', async () => {
    smtp.refuseNext(1, 451);
    const before = smtp.refused;
    const { id, recipient } = await queue();
    const mail = await smtp.waitFor(to(recipient));
    expect(smtp.refused).toBe(before + 1);
    expect(mail.subject).toBe(`Test mail ${n}`);
    const row = await waitForState(id, 'sent');
    expect(row.attempts).toBe(2);
    expect(smtp.received.filter(to(recipient))).toHaveLength(1);
  });

  it('gives up at once when the SMTP server refuses for good (5xx), and keeps its reason', async () => {
    smtp.refuseNext(1, 550);
    const { id } = await queue();
    const row = await waitForState(id, 'failed');
    expect(row.attempts).toBe(1);
    expect(row.error).toMatch(/550/);
  });

  it('hands each due mail to one claim only, however many instances ask at once', async () => {
    // Rows due in the future for the app's own loop, then made due for the claims alone.
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [row] = await t.db
        .insert(mailOutbox)
        .values({
          recipient: `claim-${i}@example.com`,
          kind: 'test',
          subject: 's',
          textBody: 't',
          htmlBody: 'h',
          nextAttemptAt: new Date(Date.now() + 3_600_000),
        })
        .returning({ id: mailOutbox.id });
      ids.push(row!.id);
    }
    const due = new Date(Date.now() - 1000);
    for (const id of ids)
      await t.db.update(mailOutbox).set({ nextAttemptAt: due }).where(eq(mailOutbox.id, id));
    const claims = await Promise.all([claimMail(t.db, 4), claimMail(t.db, 4), claimMail(t.db, 4)]);
    const claimed = claims.flat().map((mail) => mail.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    // Claimed rows are taken for a while: nobody else claims them again meanwhile.
    expect(await claimMail(t.db, 10)).toEqual([]);
  });
});

describe('the settings', () => {
  it('needs MAIL_FROM and PUBLIC_URL with SMTP_URL, and refuses other schemes without echoing the address', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost:25' })).toThrow(
      /MAIL_FROM must be set when SMTP_URL is[\s\S]*PUBLIC_URL must be set when SMTP_URL is/,
    );
    expect(() => loadConfig({ MAIL_FROM: FROM })).toThrow(/SMTP_URL must be set when MAIL_FROM is/);
    let message = '';
    try {
      loadConfig({ SMTP_URL: 'http://user:s3cret@host', MAIL_FROM: FROM, PUBLIC_URL: 'https://x.example' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/SMTP_URL must read smtp:\/\//);
    expect(message).not.toContain('s3cret');
    expect(() =>
      loadConfig({ SMTP_URL: 'smtp://h', MAIL_FROM: 'x@y.z\r\nBcc: a@b.c', PUBLIC_URL: 'https://x.example' }),
    ).toThrow(/MAIL_FROM must be an address/);
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: FROM,
      PUBLIC_URL: 'https://verdict.example.com',
    });
    expect(config.mail).toMatchObject({ from: FROM, smtpUrl: 'smtps://user:pass@smtp.example.com:465' });
    expect(loadConfig({}).mail).toBeUndefined();
  });

  it('says e-mail is on in the sign-in methods', async () => {
    const methods = expectStatus(await t.request({ method: 'GET', url: '/api/auth/methods' }), 200);
    expect(methods).toMatchObject({ mail: true, passwordReset: true });
  });

  it('without SMTP_URL: e-mail is off, said once in the log and in the sign-in methods, never an error', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const off = await createTestApp({}, { logger: { level: 'info', stream } });
    try {
      const methods = expectStatus(await off.request({ method: 'GET', url: '/api/auth/methods' }), 200);
      expect(methods).toMatchObject({ mail: false, passwordReset: false });
      expect(lines.filter((line) => line.includes('E-mail is off: SMTP_URL is not set'))).toHaveLength(1);
    } finally {
      await off.close();
    }
  });
});
