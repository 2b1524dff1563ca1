import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { mailOutbox } from './mail-schema.ts';
import type { NewMail } from './mail-service.ts';

/**
 * The mail outbox's SQL (docs/decisions/234-mail-outbox-and-smtp.md). As with webhook deliveries, a
 * claim takes due rows with FOR UPDATE SKIP LOCKED and marks them taken for a while, so several
 * server instances never send one mail twice, and one that stops mid-send leaves it to the others
 * once the claim runs out.
 */

/** How long a claimed mail stays taken: longer than one attempt (the SMTP timeouts) can last. */
const CLAIM_SECONDS = 120;
/** A mail is retried until this long after it was queued; then it is failed. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long a sent or failed mail is kept (its parts hold links that still work for a while). */
export const MAIL_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
/** Error texts are kept this long. */
const ERROR_MAX = 500;

/** Told to every server instance when a commit queued mail; each one's loop wakes. */
export const MAIL_CHANNEL = 'verdict_mail';

/** Inserts one mail and tells every instance's loop when the caller's transaction commits. */
export async function insertMail(tx: Tx, mail: NewMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ ...mail, unsubscribeUrl: mail.unsubscribeUrl ?? null })
    .returning({ id: mailOutbox.id });
  await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
  if (!row) throw new Error('The mail was not queued');
  return row.id;
}

export interface ClaimedMail {
  id: number;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  unsubscribeUrl: string | null;
  attempts: number;
  createdAt: Date;
}

/** Takes up to `limit` due mails, oldest due first, and counts the attempt. */
export async function claimMail(db: Tx, limit: number): Promise<ClaimedMail[]> {
  const rows = await queryRows<{
    id: number | string;
    recipient: string;
    subject: string;
    text_body: string;
    html_body: string;
    unsubscribe_url: string | null;
    attempts: number;
    created_at: Date | string;
  }>(
    db,
    sql`
    update mail_outbox
    set locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
    where id in (
      select id from mail_outbox
      where state = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, recipient, subject, text_body, html_body, unsubscribe_url, attempts, created_at`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    recipient: row.recipient,
    subject: row.subject,
    textBody: row.text_body,
    htmlBody: row.html_body,
    unsubscribeUrl: row.unsubscribe_url,
    attempts: row.attempts,
    createdAt: new Date(row.created_at),
  }));
}

/**
 * Milliseconds until the next pending mail can be claimed (0 when one can), or null when none
 * waits: the earliest of the free ones' due times and of the claims in flight running out.
 */
export async function msUntilNextDue(db: Tx): Promise<number | null> {
  const [row] = await queryRows<{ ms: number | string | null }>(
    db,
    sql`select extract(epoch from (min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) - now())) * 1000 as ms
      from mail_outbox where state = 'pending'`,
  );
  return row?.ms === null || row?.ms === undefined ? null : Math.max(0, Math.ceil(Number(row.ms)));
}

export async function markSent(db: Tx, id: number): Promise<void> {
  await db.execute(sql`
    update mail_outbox set state = 'sent', sent_at = now(), locked_until = null, error = null
    where id = ${id}`);
}

const cut = (text: string) => (text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text);

/** Schedules the next attempt, or fails the mail when `retryAt` is null (refused for good, or its day is over). */
export async function markAttemptFailed(
  db: Tx,
  id: number,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db.execute(sql`
    update mail_outbox set locked_until = null,
      state = ${retryAt ? 'pending' : 'failed'},
      next_attempt_at = coalesce(${retryAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
      error = ${cut(error)}
    where id = ${id}`);
}

/** A claim given back unused (the server is stopping): due again at once, the attempt not counted. */
export async function releaseMail(db: Tx, id: number): Promise<void> {
  await db.execute(sql`
    update mail_outbox set locked_until = null, attempts = greatest(attempts - 1, 0)
    where id = ${id} and state = 'pending'`);
}

/**
 * Removes up to `limit` sent or failed mails older than `keepMs`; answers how many. Pending ones
 * are never that old (they fail for good after a day).
 */
export async function pruneMail(db: Tx, keepMs = MAIL_KEEP_MS, limit = 1000): Promise<number> {
  const cutoff = new Date(Date.now() - keepMs).toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    // The oldest row is looked at first, so a table with nothing to remove costs one index probe.
    sql`with oldest as (select created_at from mail_outbox order by id limit 1)
      delete from mail_outbox where id in (
        select id from mail_outbox
        where (select created_at from oldest) < ${cutoff}::timestamptz
          and created_at < ${cutoff}::timestamptz and state <> 'pending'
        order by id limit ${limit})
      returning id`,
  );
  return rows.length;
}
