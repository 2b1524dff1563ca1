import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  type ClaimedMail,
  claimMail,
  markAttemptFailed,
  markSent,
  msUntilNextDue,
  pruneMail,
  RETRY_WINDOW_MS,
  releaseMail,
} from './mail-repository.ts';
import type { MailSender } from './mail-sender.ts';

/** The longest wait between two attempts of one mail. */
const BACKOFF_CAP_MS = 60 * 60 * 1000;
/** After the database failed, the loop tries again this much later. */
const ERROR_PAUSE_MS = 5_000;
/** Old sent and failed mails are removed at most this often, and only while mail is sent. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface MailWorkerOptions {
  /** The first retry's delay; each next one doubles, up to an hour (MAIL_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** Mails in flight at once from this instance. */
  concurrency: number;
  log: FastifyBaseLogger;
}

/** When the attempt after `attempts` failed ones is due: doubling, capped, with ±20 % jitter. */
export function nextAttemptDelay(attempts: number, baseMs: number): number {
  const plain = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);
  return Math.round(plain * (0.8 + Math.random() * 0.4));
}

/**
 * The mail loop of one server instance, built as the webhook delivery loop is
 * (webhooks/webhook-worker.ts): it sleeps until the next mail is due or a commit queued one (a
 * NOTIFY wakes every instance), claims as many due mails as it has free slots, and sends them
 * outside any request: requests only insert rows.
 */
export class MailWorker {
  private running = false;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private firstPassDone: () => void = () => {};
  /** When old mails were last removed (0: not yet by this instance). */
  private prunedAt = 0;
  /** Settles once the loop has looked for due mail the first time (or is stopped). */
  readonly firstPass = new Promise<void>((resolve) => {
    this.firstPassDone = resolve;
  });

  constructor(
    private readonly db: Db,
    private readonly sender: MailSender,
    private readonly options: MailWorkerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Looks for due mail now (a commit queued some, or a slot came free). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * Stops claiming and waits for the mails in flight (each bounded by the SMTP time limits): a
   * mail cut off mid-send could arrive and still be sent again by another instance.
   */
  async stop(): Promise<void> {
    this.firstPassDone();
    if (!this.running) return;
    this.running = false;
    this.stopping = true;
    this.wake();
    await this.loop;
    await Promise.all(this.inFlight);
    this.sender.close();
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let wait: number | null;
      try {
        wait = await this.claimAndSend();
      } catch (error) {
        if (!this.running) break;
        this.options.log.warn({ err: error }, 'mail loop failed; trying again shortly');
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
      const claimed = await claimMail(this.db, free);
      for (const mail of claimed) this.track(this.attempt(mail));
      if (claimed.length > 0) this.pruneNowAndThen();
      if (claimed.length === free) return null;
    }
    if (this.inFlight.size >= this.options.concurrency) return null;
    return msUntilNextDue(this.db);
  }

  /** Keeps the outbox from growing for ever: while sending anyway, at most once an hour. */
  private pruneNowAndThen(): void {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    this.track(
      pruneMail(this.db).then(
        () => {},
        (error: unknown) => this.options.log.warn({ err: error }, 'old mails could not be removed'),
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

  private async attempt(mail: ClaimedMail): Promise<void> {
    try {
      if (this.stopping) {
        await releaseMail(this.db, mail.id);
        return;
      }
      const result = await this.sender.send(mail);
      if (result.ok) {
        await markSent(this.db, mail.id);
        return;
      }
      const retryAt = new Date(Date.now() + nextAttemptDelay(mail.attempts, this.options.retryBaseMs));
      const lastChance = mail.createdAt.getTime() + RETRY_WINDOW_MS;
      const giveUp = result.permanent || retryAt.getTime() > lastChance;
      await markAttemptFailed(
        this.db,
        mail.id,
        result.error ?? 'The mail was not sent',
        giveUp ? null : retryAt,
      );
      this.options.log.warn(
        { mail: mail.id, attempt: mail.attempts, error: result.error, final: giveUp },
        giveUp ? 'a mail could not be sent; giving up' : 'a mail could not be sent; trying again later',
      );
    } catch (error) {
      // The claim runs out by itself and the mail is taken again then.
      this.options.log.warn({ err: error, mail: mail.id }, 'a mail could not be recorded');
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
