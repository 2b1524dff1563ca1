import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/**
 * The delivery loop's SQL (docs/decisions/141-webhook-queue-in-a-table.md). A claim takes due
 * deliveries with FOR UPDATE SKIP LOCKED and marks them taken for a minute, so several server
 * instances never send one twice, and one that stops mid-delivery leaves it to the others after
 * that minute.
 */

/** How long a claimed delivery stays taken: longer than one attempt (10 s) can last. */
const CLAIM_SECONDS = 60;
/** A delivery is retried until this long after it was queued; then it is failed. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ClaimedDelivery {
  id: number;
  event: string;
  body: string;
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
  active: boolean;
}

export async function claimDeliveries(db: Tx, limit: number): Promise<ClaimedDelivery[]> {
  const rows = await queryRows<{
    id: number | string;
    event: string;
    body: string;
    attempts: number;
    created_at: Date | string;
    url: string;
    secret: string;
    active: boolean;
  }>(
    db,
    sql`
    update webhook_deliveries d
    set locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = d.attempts + 1
    from webhooks w
    where w.id = d.webhook_id and d.id in (
      select id from webhook_deliveries
      where state = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning d.id, d.event, d.body, d.attempts, d.created_at, w.url, w.secret, w.active`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    event: row.event,
    body: row.body,
    attempts: row.attempts,
    createdAt: new Date(row.created_at),
    url: row.url,
    secret: row.secret,
    active: row.active,
  }));
}

/** Milliseconds until the next pending delivery is due (0 when one is), or null when none waits. */
export async function msUntilNextDue(db: Tx): Promise<number | null> {
  // No pending delivery: min() is null and so is the difference (greatest() would turn it into 0,
  // and the loop would ask again every few milliseconds).
  const [row] = await queryRows<{ ms: number | string | null }>(
    db,
    sql`select extract(epoch from (
        min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) - now())) * 1000 as ms
      from webhook_deliveries where state = 'pending'`,
  );
  return row?.ms === null || row?.ms === undefined ? null : Math.max(0, Math.ceil(Number(row.ms)));
}

export interface Outcome {
  responseCode: number | null;
  responseMs: number | null;
  error: string | null;
}

export async function markDelivered(db: Tx, id: number, outcome: Outcome): Promise<void> {
  await db.execute(sql`
    update webhook_deliveries set state = 'delivered', delivered_at = now(), locked_until = null,
      response_code = ${outcome.responseCode}, response_ms = ${outcome.responseMs}, error = null
    where id = ${id}`);
}

/** Schedules the next attempt, or fails the delivery when `retryAt` is null (its day is over). */
export async function markAttemptFailed(
  db: Tx,
  id: number,
  outcome: Outcome,
  retryAt: Date | null,
): Promise<void> {
  await db.execute(sql`
    update webhook_deliveries set locked_until = null,
      state = ${retryAt ? 'pending' : 'failed'},
      next_attempt_at = coalesce(${retryAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
      response_code = ${outcome.responseCode}, response_ms = ${outcome.responseMs}, error = ${outcome.error}
    where id = ${id}`);
}

/** A claim given back unused (the server is stopping): due again at once, the attempt not counted. */
export async function releaseDelivery(db: Tx, id: number): Promise<void> {
  await db.execute(sql`
    update webhook_deliveries set locked_until = null, attempts = greatest(attempts - 1, 0)
    where id = ${id} and state = 'pending'`);
}

/** How long a finished delivery (delivered, or failed for good) stays listed. */
export const DELIVERY_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Removes up to `limit` finished deliveries older than `keepMs`, oldest first; answers how many.
 * Pending ones are never that old (they fail for good after a day). The oldest row is looked at
 * first, so a table with nothing to remove costs one index probe.
 */
export async function pruneDeliveries(db: Tx, keepMs = DELIVERY_KEEP_MS, limit = 1000): Promise<number> {
  const cutoff = new Date(Date.now() - keepMs).toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with oldest as (select created_at from webhook_deliveries order by id limit 1)
      delete from webhook_deliveries where id in (
        select id from webhook_deliveries
        where (select created_at from oldest) < ${cutoff}::timestamptz
          and created_at < ${cutoff}::timestamptz and state <> 'pending'
        order by id limit ${limit})
      returning id`,
  );
  return rows.length;
}
