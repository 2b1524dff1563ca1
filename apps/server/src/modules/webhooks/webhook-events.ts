import type { WebhookEvent } from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import { chatBody } from './chat-formats/chat-body.ts';
import { chatMessageOf } from './chat-formats/chat-event-message.ts';
import type { ChatMessage } from './chat-formats/chat-message.ts';
import {
  type ChatTaker,
  insertDeliveries,
  insertWrittenDeliveries,
  notifyDeliveryLoops,
} from './webhook-deliveries-repository.ts';

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
 * Queues deliveries of the events, in order. The body is written once here and is the exact text
 * every attempt sends and signs. For a `json` endpoint the database writes it:
 * `{id, event, created_at, project: {id, name}, data}` with `id` the delivery's own id. For a chat
 * endpoint it is that service's message about the event (queueChatMessages).
 */
export async function queueWebhookEvents(tx: Tx, events: QueuedEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const { queued: toJson, chatTakers } = await insertDeliveries(tx, events);
  const queued = toJson + (await queueChatMessages(tx, events, chatTakers));
  // Delivered to the listeners only when the transaction commits, so no loop looks too early.
  if (queued > 0) await notifyDeliveryLoops(tx);
  return queued;
}

/**
 * The deliveries of the events to chat-format endpoints: each event's message is made once (one
 * query for a cycle's new failures) and written in each endpoint's format. A project without chat
 * endpoints costs nothing more.
 */
async function queueChatMessages(tx: Tx, events: QueuedEvent[], takers: ChatTaker[]): Promise<number> {
  const messages = new Map<number, ChatMessage>();
  const deliveries = [];
  for (const taker of takers) {
    const event = events[taker.ord]!;
    let message = messages.get(taker.ord);
    if (!message) {
      message = await chatMessageOf(tx, taker.project_name, event.event, event.data);
      messages.set(taker.ord, message);
    }
    deliveries.push({
      webhookId: taker.webhook_id,
      event: event.event,
      body: chatBody(taker.format, message),
    });
  }
  return insertWrittenDeliveries(tx, deliveries);
}
