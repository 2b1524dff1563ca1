import type { WebhookEvent } from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import { insertDeliveries, notifyDeliveryLoops } from './webhook-deliveries-repository.ts';

/**
 * The outbox (docs/decisions/140-webhook-outbox.md): an event queues one delivery per endpoint
 * that takes it, in the transaction of the change itself. A change that rolls back sends
 * nothing, and a request never waits on a receiver: the delivery loop (webhook-worker.ts) sends
 * after the commit, on whichever server instance claims it first.
 */

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
  const queued = await insertDeliveries(tx, events);
  // Delivered to the listeners only when the transaction commits, so no loop looks too early.
  if (queued > 0) await notifyDeliveryLoops(tx);
  return queued;
}
