import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** The longest wait between two attempts of one outbox row. */
const BACKOFF_CAP_MS = 60 * 60 * 1000;
/** After the database failed, the loop tries again this much later. */
const ERROR_PAUSE_MS = 5_000;
/** Old finished rows are removed at most this often, and only while the loop sends anyway. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** When the attempt after `attempts` failed ones is due: doubling, capped at an hour, with ±20 % jitter. */
export function nextAttemptDelay(attempts: number, baseMs: number): number {
  const plain = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);
  return Math.round(plain * (0.8 + Math.random() * 0.4));
}

/** What the loop needs of one outbox (webhook deliveries, mails): its statements and its sending. */
export interface Outbox<T> {
  /** Claims up to `count` due rows for this instance. */
  claim(count: number): Promise<T[]>;
  /**
   * Sends one claimed row and records how it went; `stopping` is aborted when the server stops,
   * and a row not sent by then is given back. Never rejects: a failure to record is logged.
   */
  attempt(row: T, stopping: AbortSignal): Promise<void>;
  /** How long until the next row is due, null when none is waiting. */
  msUntilNextDue(): Promise<number | null>;
  /** Removes old finished rows. */
  prune(): Promise<unknown>;
  /** Lets go of what sending holds (a mail transport), once the loop has stopped. */
  close?(): void;
  /** What the log says when a pass of the loop or a prune fails. */
  messages: { loopFailed: string; pruneFailed: string };
}

/**
 * The sending loop of one server instance for an outbox table (webhooks/webhook-worker.ts,
 * mail/mail-worker.ts): requests only insert rows, and this loop sends them without ever holding
 * a request. It sleeps until the next row is due or until a commit queued one (a NOTIFY wakes every
 * instance), claims as many due rows as it has free slots, and, while it sends anyway, removes old
 * finished rows at most once an hour, so an idle server runs no statement for it.
 */
export class OutboxLoop<T> {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private firstPassDone: () => void = () => {};
  /** When old rows were last removed (0: not yet by this instance). */
  private prunedAt = 0;
  /**
   * Settles once the loop has looked for due rows the first time (or is stopped): the app is ready
   * only then, so the loop's first statements never run alongside the first requests.
   */
  readonly firstPass = new Promise<void>((resolve) => {
    this.firstPassDone = resolve;
  });

  constructor(
    private readonly outbox: Outbox<T>,
    private readonly options: { concurrency: number; log: FastifyBaseLogger },
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Looks for due rows now (a commit queued some, or a slot came free). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops claiming, tells the attempts in flight to stop (outbox.attempt) and waits for them. */
  async stop(): Promise<void> {
    this.firstPassDone();
    if (!this.running) return;
    this.running = false;
    this.stopping.abort();
    this.wake();
    await this.loop;
    await Promise.all(this.inFlight);
    this.outbox.close?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let wait: number | null;
      try {
        wait = await this.claimAndSend();
      } catch (error) {
        if (!this.running) break;
        this.options.log.warn({ err: error }, this.outbox.messages.loopFailed);
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
      const claimed = await this.outbox.claim(free);
      for (const row of claimed) this.track(this.outbox.attempt(row, this.stopping.signal));
      if (claimed.length > 0) this.pruneNowAndThen();
      if (claimed.length === free) return null;
    }
    if (this.inFlight.size >= this.options.concurrency) return null;
    return this.outbox.msUntilNextDue();
  }

  private pruneNowAndThen(): void {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    this.track(
      this.outbox.prune().then(
        () => {},
        (error: unknown) => this.options.log.warn({ err: error }, this.outbox.messages.pruneFailed),
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

/**
 * Runs `loop` with the app: started when the app is ready (which waits for its first pass) and
 * stopped when it closes. A commit that queued rows wakes the loop of every instance through
 * `channel`; so does the listening connection coming back, as notifications may have been missed
 * while it was down.
 */
export async function runWithApp<T>(
  app: FastifyInstance,
  channel: string,
  loop: OutboxLoop<T>,
): Promise<void> {
  const unlisten = await app.database.listen(
    channel,
    () => loop.wake(),
    (live) => {
      if (live) loop.wake();
    },
  );
  app.addHook('onReady', async () => {
    loop.start();
    await loop.firstPass;
  });
  app.addHook('onClose', async () => {
    await loop.stop();
    await unlisten();
  });
}
