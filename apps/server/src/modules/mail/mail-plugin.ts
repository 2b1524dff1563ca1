import type { FastifyInstance } from 'fastify';
import { runWithApp } from '../../lib/outbox-loop.ts';
import { MAIL_CHANNEL } from './mail-repository.ts';
import { createMailSender } from './mail-sender.ts';
import { mailLoop } from './mail-worker.ts';

/** Mails in flight at once from one server instance: SMTP servers limit connections per client. */
const MAIL_CONCURRENCY = 2;

/**
 * This instance's mail loop (docs/product/operations.md, "E-mail"), started when the app is ready
 * and stopped when it closes. Without SMTP_URL there is no loop, and the log says so once.
 */
export async function mailPlugin(app: FastifyInstance): Promise<void> {
  const settings = app.config.mail;
  if (!settings) {
    app.log.info('E-mail is off: SMTP_URL is not set');
    return;
  }
  const loop = mailLoop(app.db, await createMailSender(settings), {
    retryBaseMs: app.config.mailRetryBaseMs,
    concurrency: MAIL_CONCURRENCY,
    log: app.log,
  });
  await runWithApp(app, MAIL_CHANNEL, loop);
}
