import type { WebhookFormat } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoText } from '../../db/iso-time.ts';

/**
 * The delivery loop's SQL (docs/decisions/141-webhook-queue-in-a-table.md). A claim takes due
 * deliveries with FOR UPDATE SKIP LOCKED and marks them taken for a minute, so several server
 * instances never send one twice, and one that stops mid-delivery leaves it to the others after
 * that minute.
 */

/** How long a claimed delivery stays taken: longer than one attempt (5 s) can last. */
const CLAIM_SECONDS = 60;
/**
 * Deliveries of one project in flight at once, over all instances (one per endpoint at most): a
 * project whose receivers hang holds this many of the slots and no more, so it cannot hold up the
 * deliveries of other projects (docs/decisions/164-fair-webhook-deliveries.md).
 */
export const PROJECT_IN_FLIGHT_MAX = 2;

/**
 * The pending deliveries that may be sent now or later, as `ready`: those of an endpoint with no
 * delivery in flight, in a project with fewer than PROJECT_IN_FLIGHT_MAX in flight, each with its
 * rank within its endpoint and, for the first of each endpoint, within its project. A delivery in
 * flight is a pending one whose claim has not run out. A waiting one becomes ready when an attempt
 * ends (the instance that made it wakes and claims again) or when a claim runs out.
 */
const READY = sql`
  busy as (
    select d.webhook_id, w.project_id from webhook_deliveries d join webhooks w on w.id = d.webhook_id
    where d.state = 'pending' and d.locked_until >= now()
  ),
  waiting as (
    select d.id, d.next_attempt_at, w.project_id,
      row_number() over (partition by d.webhook_id order by d.next_attempt_at, d.id) as of_endpoint
    from webhook_deliveries d join webhooks w on w.id = d.webhook_id
    where d.state = 'pending' and (d.locked_until is null or d.locked_until < now())
      and d.webhook_id not in (select webhook_id from busy)
  ),
  ready as (
    select f.id, f.next_attempt_at, f.project_id,
      row_number() over (partition by f.project_id order by f.next_attempt_at, f.id) as of_project
    from waiting f where f.of_endpoint = 1
  )`;
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
    with ${READY},
    picked as (
      select r.id from ready r
      where r.next_attempt_at <= now()
        and r.of_project <= ${PROJECT_IN_FLIGHT_MAX} - (select count(*) from busy b where b.project_id = r.project_id)
      order by r.next_attempt_at, r.id
      limit ${limit}
    )
    update webhook_deliveries d
    set locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = d.attempts + 1
    from webhooks w
    where w.id = d.webhook_id and d.id in (
      select id from webhook_deliveries
      where id in (select id from picked)
        and state = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
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

/**
 * Milliseconds until the next pending delivery can be claimed (0 when one can), or null when none
 * waits: the earliest of the ready ones' due times and of the claims in flight running out. One
 * held back behind an attempt in flight is not counted, or the loop would ask again every few
 * milliseconds until that attempt ends; the attempt's end wakes the loop that made it.
 */
export async function msUntilNextDue(db: Tx): Promise<number | null> {
  // No pending delivery: min() is null and so is the difference (greatest() would turn it into 0,
  // and the loop would ask again every few milliseconds).
  const [row] = await queryRows<{ ms: number | string | null }>(
    db,
    sql`with ${READY},
      times as (
        select next_attempt_at as at from ready
        where of_project <= ${PROJECT_IN_FLIGHT_MAX} - (select count(*) from busy b where b.project_id = ready.project_id)
        union all
        select locked_until from webhook_deliveries where state = 'pending' and locked_until >= now()
      )
      select extract(epoch from (min(at) - now())) * 1000 as ms from times`,
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

/** Told to every server instance when a commit queued deliveries; each one's loop wakes. */
export const WEBHOOKS_CHANNEL = 'verdict_webhooks';

type EventRow = { projectId: number; event: string; data: Record<string, unknown>; failed?: boolean };

/** The events as rows `e` (ord, project_id, event, failed, data) and the endpoints that take each. */
function eventsAndTakers(events: EventRow[]) {
  const list = JSON.stringify(
    events.map((e, ord) => ({
      ord,
      project_id: e.projectId,
      event: e.event,
      failed: e.failed ?? false,
      data: e.data,
    })),
  );
  return sql`
    e as (
      select * from json_to_recordset(${list}::json)
        as e(ord int, project_id int, event text, failed boolean, data json)
    ), takers as (
      select e.ord, e.event, e.data, w.id as webhook_id, w.format, p.id as project_id, p.name as project_name
      from e
        join webhooks w on w.project_id = e.project_id and w.active and e.event = any(w.events)
          and (e.event <> 'result.recorded' or not w.failures_only or e.failed)
        join projects p on p.id = e.project_id
    )`;
}

/** A chat-format endpoint that takes an event (by its index in the events queued), in queueing order. */
export interface ChatTaker {
  ord: number;
  webhook_id: number;
  format: Exclude<WebhookFormat, 'json'>;
  project_name: string;
}

/**
 * Queues deliveries of the events to the `json` endpoints, in order, and finds the chat-format
 * endpoints that take them, in one statement (webhook-events.ts says what the body holds): the
 * outbox's only statement for events that no endpoint takes, result recording's case.
 */
export async function insertDeliveries(
  tx: Tx,
  events: EventRow[],
): Promise<{ queued: number; chatTakers: ChatTaker[] }> {
  if (!(await anyActiveWebhook(tx, events))) return { queued: 0, chatTakers: [] };
  const [row] = await queryRows<{ n: number; chat: ChatTaker[] }>(
    tx,
    sql`
    with ${eventsAndTakers(events)}, targets as (
      select nextval(pg_get_serial_sequence('webhook_deliveries', 'id')) as id, t.*
      from (select * from takers where format = 'json' order by ord, webhook_id) t
    ), queued as (
      insert into webhook_deliveries (id, webhook_id, event, body)
      select id, webhook_id, event, json_build_object(
          'id', id,
          'event', event,
          'created_at', ${isoText(sql`now()`)},
          'project', json_build_object('id', project_id, 'name', project_name),
          'data', data)::text
      from targets order by ord, webhook_id
      returning 1
    )
    select (select count(*)::int from queued) as n,
      coalesce((
        select json_agg(json_build_object('ord', ord, 'webhook_id', webhook_id, 'format', format,
          'project_name', project_name) order by ord, webhook_id)
        from takers where format <> 'json'), '[]'::json) as chat`,
  );
  return { queued: row?.n ?? 0, chatTakers: row?.chat ?? [] };
}

/**
 * Whether any of the events' projects has an active endpoint. Most projects have none, and for
 * them this look, on the webhooks' project index, replaces the statement that would find no taker
 * (it took more than a millisecond of the embedded database's thread for each result recorded,
 * decision record 261). An endpoint made meanwhile takes the events that come after it, as it
 * would anyway.
 */
async function anyActiveWebhook(tx: Tx, events: EventRow[]): Promise<boolean> {
  const projects = [...new Set(events.map((e) => e.projectId))];
  const [row] = await queryRows<{ any: boolean }>(
    tx,
    sql`select exists (select 1 from webhooks where project_id = any(${sql.param(projects)}::int[]) and active) as any`,
  );
  return row?.any ?? false;
}

/** Queues deliveries whose bodies were written by the caller (chat messages), in the order given. */
export async function insertWrittenDeliveries(
  tx: Tx,
  deliveries: { webhookId: number; event: string; body: string }[],
): Promise<number> {
  if (deliveries.length === 0) return 0;
  const list = JSON.stringify(
    deliveries.map((d, ord) => ({ ord, webhook_id: d.webhookId, event: d.event, body: d.body })),
  );
  const rows = await queryRows(
    tx,
    sql`insert into webhook_deliveries (webhook_id, event, body)
      select webhook_id, event, body from json_to_recordset(${list}::json)
        as d(ord int, webhook_id int, event text, body text)
      order by ord
      returning 1`,
  );
  return rows.length;
}

/** Wakes every instance's delivery loop when the caller's transaction commits. */
export async function notifyDeliveryLoops(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_notify(${WEBHOOKS_CHANNEL}, '')`);
}
