import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { loadPrincipal } from '../authz/authorization.ts';
import { queueMail } from '../mail/mail-service.ts';
import { digestMail } from './notification-mail.ts';
import { claimDigest, takeDigestRows, usersWithDigest } from './notifications-repository.ts';
import { notificationMailContext } from './notifications-service.ts';

/**
 * The daily digest (docs/product/notifications.md, "Daily digest"): once a day, from
 * NOTIFICATION_DIGEST_HOUR (UTC), each person's waiting digest notifications become one mail,
 * grouped by project and kind. Every instance runs the loop; a row per person and day, inserted
 * in the transaction that queues the mail, makes one of them the sender (decision 245).
 */

/** How often each instance looks whether a digest is due. */
const CHECK_EVERY_MS = 5 * 60 * 1000;
const BATCH = 100;

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Sends the digests of `now`'s day that are due and not yet sent; answers how many mails were queued. */
export async function sendDailyDigests(db: Db, now = new Date()): Promise<number> {
  const context = notificationMailContext();
  if (!context) return 0;
  const day = dayOf(now);
  let sent = 0;
  for (;;) {
    const users = await usersWithDigest(db, day, BATCH);
    if (users.length === 0) return sent;
    for (const userId of users) {
      const queued = await db.transaction(async (tx) => {
        if (!(await claimDigest(tx, userId, day))) return false;
        const person = await loadPrincipal(tx, userId);
        const rows = person ? await takeDigestRows(tx, person) : [];
        if (person?.status !== 'active' || rows.length === 0) return false;
        await queueMail(
          tx,
          digestMail(
            context,
            person,
            rows.map((r) => ({ kind: r.kind, title: r.title, link: r.link, projectName: r.project_name })),
          ),
        );
        return true;
      });
      if (queued) sent++;
    }
  }
}

/** Runs the daily work in this instance: at start, then every few minutes once the hour has come. */
export function startDailyLoop(
  db: Db,
  hour: number,
  work: ((db: Db, now: Date) => Promise<unknown>)[],
  log: FastifyBaseLogger,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    const now = new Date();
    if (running || now.getUTCHours() < hour) return;
    running = (async () => {
      for (const step of work) {
        await step(db, now).catch((error: unknown) =>
          log.warn({ err: error }, 'daily notification work failed'),
        );
      }
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, CHECK_EVERY_MS);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
