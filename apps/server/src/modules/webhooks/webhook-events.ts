import type { WebhookEvent } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/**
 * The outbox (docs/decisions/140-webhook-outbox.md): an event queues one delivery per endpoint
 * that takes it, in the transaction of the change itself. A change that rolls back sends
 * nothing, and a request never waits on a receiver: the delivery loop (webhook-worker.ts) sends
 * after the commit, on whichever server instance claims it first.
 */

/** Told to every server instance when a commit queued deliveries; each one's loop wakes. */
export const WEBHOOKS_CHANNEL = 'verdict_webhooks';

export interface QueuedEvent {
  projectId: number;
  event: WebhookEvent;
  data: Record<string, unknown>;
  /** For `result.recorded`: whether the result failed (endpoints with failures_only take only those). */
  failed?: boolean;
}

/**
 * Queues deliveries of the events, in order, in one statement. The body is written once here, by
 * the database, and is the exact text every attempt sends and signs:
 * `{id, event, created_at, project: {id, name}, data}` with `id` the delivery's own id.
 */
export async function queueWebhookEvents(tx: Tx, events: QueuedEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const list = JSON.stringify(
    events.map((e, ord) => ({
      ord,
      project_id: e.projectId,
      event: e.event,
      failed: e.failed ?? false,
      data: e.data,
    })),
  );
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`
    with e as (
      select * from json_to_recordset(${list}::json)
        as e(ord int, project_id int, event text, failed boolean, data json)
    ), targets as (
      select nextval(pg_get_serial_sequence('webhook_deliveries', 'id')) as id, w.id as webhook_id,
        e.ord, e.event, e.data, p.id as project_id, p.name as project_name
      from e
        join webhooks w on w.project_id = e.project_id and w.active and e.event = any(w.events)
          and (e.event <> 'result.recorded' or not w.failures_only or e.failed)
        join projects p on p.id = e.project_id
    ), queued as (
      insert into webhook_deliveries (id, webhook_id, event, body)
      select id, webhook_id, event, json_build_object(
          'id', id,
          'event', event,
          'created_at', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'project', json_build_object('id', project_id, 'name', project_name),
          'data', data)::text
      from targets order by ord, webhook_id
      returning 1
    )
    select count(*)::int as n from queued`,
  );
  const queued = row?.n ?? 0;
  // Delivered to the listeners only when the transaction commits, so no loop looks too early.
  if (queued > 0) await tx.execute(sql`select pg_notify(${WEBHOOKS_CHANNEL}, '')`);
  return queued;
}
