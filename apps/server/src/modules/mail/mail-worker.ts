import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { nextAttemptDelay, type Outbox, OutboxLoop } from '../../lib/outbox-loop.ts';
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

export interface MailWorkerOptions {
  /** The first retry's delay; each next one doubles, up to an hour (MAIL_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** Mails in flight at once from this instance. */
  concurrency: number;
  log: FastifyBaseLogger;
}

/**
 * The mail loop of one server instance (lib/outbox-loop.ts, as the webhook deliveries'): requests
 * only insert mails, and the loop sends them through `sender`. A mail that fails is tried again
 * later, doubling the wait, until RETRY_WINDOW_MS has passed or the server refuses it for good.
 */
export function mailLoop(db: Db, sender: MailSender, options: MailWorkerOptions): OutboxLoop<ClaimedMail> {
  const { log } = options;
  const outbox: Outbox<ClaimedMail> = {
    claim: (count) => claimMail(db, count),
    msUntilNextDue: () => msUntilNextDue(db),
    prune: () => pruneMail(db),
    close: () => sender.close(),
    messages: {
      loopFailed: 'mail loop failed; trying again shortly',
      pruneFailed: 'old mails could not be removed',
    },
    async attempt(mail, stopping) {
      try {
        // A mail cut off mid-send could arrive and still be sent again by another instance: the
        // sends in flight finish (each bounded by the SMTP time limits), the claimed ones go back.
        if (stopping.aborted) {
          await releaseMail(db, mail.id);
          return;
        }
        const result = await sender.send(mail);
        if (result.ok) {
          await markSent(db, mail.id);
          return;
        }
        const retryAt = new Date(Date.now() + nextAttemptDelay(mail.attempts, options.retryBaseMs));
        const lastChance = mail.createdAt.getTime() + RETRY_WINDOW_MS;
        const giveUp = result.permanent || retryAt.getTime() > lastChance;
        await markAttemptFailed(
          db,
          mail.id,
          result.error ?? 'The mail was not sent',
          giveUp ? null : retryAt,
        );
        log.warn(
          { mail: mail.id, attempt: mail.attempts, error: result.error, final: giveUp },
          giveUp ? 'a mail could not be sent; giving up' : 'a mail could not be sent; trying again later',
        );
      } catch (error) {
        // The claim runs out by itself and the mail is taken again then.
        log.warn({ err: error, mail: mail.id }, 'a mail could not be recorded');
      }
    },
  };
  return new OutboxLoop(outbox, options);
}
