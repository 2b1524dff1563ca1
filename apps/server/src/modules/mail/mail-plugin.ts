import type { FastifyInstance } from 'fastify';
import { MAIL_CHANNEL } from './mail-repository.ts';
import { createMailSender } from './mail-sender.ts';
import { MailWorker } from './mail-worker.ts';

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
  const worker = new MailWorker(app.db, await createMailSender(settings), {
    retryBaseMs: app.config.mailRetryBaseMs,
    concurrency: MAIL_CONCURRENCY,
    log: app.log,
  });
  // A commit that queued mail wakes the loop of every instance; so does the listening connection
  // coming back, as notifications may have been missed while it was down.
  const unlisten = await app.database.listen(
    MAIL_CHANNEL,
    () => worker.wake(),
    (live) => {
      if (live) worker.wake();
    },
  );
  app.addHook('onReady', async () => {
    worker.start();
    await worker.firstPass;
  });
  app.addHook('onClose', async () => {
    await worker.stop();
    await unlisten();
  });
}
