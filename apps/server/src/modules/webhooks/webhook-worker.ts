import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
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

/** The longest wait between two attempts of one delivery. */
const BACKOFF_CAP_MS = 60 * 60 * 1000;
/** After the database failed, the loop tries again this much later. */
const ERROR_PAUSE_MS = 5_000;
/** Old finished deliveries are removed at most this often, and only while deliveries are sent. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface WorkerOptions {
  allowPrivate: boolean;
  /** The first retry's delay; each next one doubles, up to an hour (WEBHOOK_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** Deliveries in flight at once from this instance. */
  concurrency: number;
  log: FastifyBaseLogger;
}

/** When the attempt after `attempts` failed ones is due: doubling, capped, with ±20 % jitter. */
export function nextAttemptDelay(attempts: number, baseMs: number): number {
  const plain = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);
  return Math.round(plain * (0.8 + Math.random() * 0.4));
}

/**
 * The delivery loop of one server instance (docs/product/webhooks.md, "Retries"). It sleeps until
 * the next delivery is due or until a commit queued one (a NOTIFY wakes every instance), claims
 * as many due deliveries as it has free slots, and sends them without ever holding a request:
 * requests only insert rows. A few in flight at most, so a slow receiver cannot take the server;
 * one per endpoint and two per project (the claim sees to it), so one cannot take the others' turns.
 */
export class WebhookWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private firstPassDone: () => void = () => {};
  /** When old deliveries were last removed (0: not yet by this instance). */
  private prunedAt = 0;
  /**
   * Settles once the loop has looked for due deliveries the first time (or is stopped): the app is
   * ready only then, so the loop's first statements never run alongside the first requests.
   */
  readonly firstPass = new Promise<void>((resolve) => {
    this.firstPassDone = resolve;
  });

  constructor(
    private readonly db: Db,
    private readonly options: WorkerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Looks for due deliveries now (a commit queued some, or a slot came free). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops claiming, cuts the attempts in flight short and gives their claims back. */
  async stop(): Promise<void> {
    this.firstPassDone();
    if (!this.running) return;
    this.running = false;
    this.stopping.abort();
    this.wake();
    await this.loop;
    await Promise.all(this.inFlight);
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let wait: number | null;
      try {
        wait = await this.claimAndSend();
      } catch (error) {
        if (!this.running) break;
        this.options.log.warn({ err: error }, 'webhook delivery loop failed; trying again shortly');
        wait = ERROR_PAUSE_MS;
      }
      this.firstPassDone();
      if (this.running && !this.woken) await this.sleep(wait);
    }
  }

  /** Answers how long to sleep: null to wait for a wake only. */
  private async claimAndSend(): Promise<number | null> {
    const free = this.options.concurrency - this.inFlight.size;
    if (free > 0) {
      const claimed = await claimDeliveries(this.db, free);
      for (const delivery of claimed) this.track(this.attempt(delivery));
      if (claimed.length > 0) this.pruneNowAndThen();
      if (claimed.length === free) return null;
    }
    if (this.inFlight.size >= this.options.concurrency) return null;
    return msUntilNextDue(this.db);
  }

  /**
   * Keeps the delivery lists from growing for ever (docs/product/webhooks.md, "Deliveries"): while
   * it is sending anyway, at most once an hour, the loop removes finished deliveries older than 30
   * days. An idle server runs no statement for it.
   */
  private pruneNowAndThen(): void {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    this.track(
      pruneDeliveries(this.db).then(
        () => {},
        (error: unknown) =>
          this.options.log.warn({ err: error }, 'old webhook deliveries could not be removed'),
      ),
    );
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => {
      this.inFlight.delete(work);
      this.wake();
    });
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    try {
      if (!delivery.active) {
        const outcome = { responseCode: null, responseMs: null, error: 'The endpoint is turned off' };
        await markAttemptFailed(this.db, delivery.id, outcome, null);
        return;
      }
      const result = await sendDelivery(delivery, {
        allowPrivate: this.options.allowPrivate,
        signal: this.stopping.signal,
      });
      if (result.ok) {
        await markDelivered(this.db, delivery.id, result);
      } else if (this.stopping.signal.aborted) {
        await releaseDelivery(this.db, delivery.id);
      } else {
        const retryAt = new Date(Date.now() + nextAttemptDelay(delivery.attempts, this.options.retryBaseMs));
        const lastChance = delivery.createdAt.getTime() + RETRY_WINDOW_MS;
        await markAttemptFailed(
          this.db,
          delivery.id,
          result,
          retryAt.getTime() > lastChance ? null : retryAt,
        );
      }
    } catch (error) {
      // The claim runs out by itself and the delivery is taken again then.
      this.options.log.warn({ err: error, delivery: delivery.id }, 'webhook delivery could not be recorded');
    }
  }

  private sleep(ms: number | null): Promise<void> {
    return new Promise((resolve) => {
      const timer = ms === null ? null : setTimeout(done, Math.max(ms, 20));
      function done() {
        if (timer) clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }
}
