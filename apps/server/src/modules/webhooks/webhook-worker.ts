import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { nextAttemptDelay, type Outbox, OutboxLoop } from '../../lib/outbox-loop.ts';
import {
  type ClaimedDelivery,
  claimDeliveries,
  markAttemptFailed,
  markDelivered,
  msUntilNextDue,
  pruneDeliveries,
  RETRY_WINDOW_MS,
  releaseDelivery,
} from './webhook-deliveries-repository.ts';
import { sendDelivery } from './webhook-sender.ts';

export interface WorkerOptions {
  allowPrivate: boolean;
  /** The first retry's delay; each next one doubles, up to an hour (WEBHOOK_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** Deliveries in flight at once from this instance. */
  concurrency: number;
  log: FastifyBaseLogger;
}

/**
 * The delivery loop of one server instance (docs/product/webhooks.md, "Retries"; lib/outbox-loop.ts).
 * A few deliveries in flight at most, so a slow receiver cannot take the server; one per endpoint
 * and two per project (the claim sees to it), so one cannot take the others' turns. Finished
 * deliveries older than 30 days are removed while the loop sends anyway (docs/product/webhooks.md,
 * "Deliveries").
 */
export function webhookLoop(db: Db, options: WorkerOptions): OutboxLoop<ClaimedDelivery> {
  const outbox: Outbox<ClaimedDelivery> = {
    claim: (count) => claimDeliveries(db, count),
    msUntilNextDue: () => msUntilNextDue(db),
    prune: () => pruneDeliveries(db),
    messages: {
      loopFailed: 'webhook delivery loop failed; trying again shortly',
      pruneFailed: 'old webhook deliveries could not be removed',
    },
    async attempt(delivery, stopping) {
      try {
        if (!delivery.active) {
          const outcome = { responseCode: null, responseMs: null, error: 'The endpoint is turned off' };
          await markAttemptFailed(db, delivery.id, outcome, null);
          return;
        }
        // Stopping cuts the attempt short and gives its claim back.
        const result = await sendDelivery(delivery, { allowPrivate: options.allowPrivate, signal: stopping });
        if (result.ok) {
          await markDelivered(db, delivery.id, result);
        } else if (stopping.aborted) {
          await releaseDelivery(db, delivery.id);
        } else {
          const retryAt = new Date(Date.now() + nextAttemptDelay(delivery.attempts, options.retryBaseMs));
          const lastChance = delivery.createdAt.getTime() + RETRY_WINDOW_MS;
          await markAttemptFailed(db, delivery.id, result, retryAt.getTime() > lastChance ? null : retryAt);
        }
      } catch (error) {
        // The claim runs out by itself and the delivery is taken again then.
        options.log.warn({ err: error, delivery: delivery.id }, 'webhook delivery could not be recorded');
      }
    },
  };
  return new OutboxLoop(outbox, options);
}
