import type { FastifyInstance } from 'fastify';
import { resolveSigningKey } from '../auth/tokens.ts';
import { notifyEndedQuarantines, notifyMilestonesDue } from './notification-daily-checks.ts';
import { sendDailyDigests, startDailyLoop } from './notification-digest.ts';
import { notificationsRoutes } from './notifications-routes.ts';
import { configureNotificationMail } from './notifications-service.ts';

/**
 * Notifications (docs/product/notifications.md): the routes, the mail context (links to
 * PUBLIC_URL, unsubscribe links signed with the server's signing key; none when e-mail is off),
 * and this instance's daily loop.
 */
export async function notificationsPlugin(app: FastifyInstance): Promise<void> {
  const mail = app.config.mail;
  const key = await resolveSigningKey(app.db, app.config.jwtSecret);
  configureNotificationMail(
    mail ? { publicUrl: mail.publicUrl, key } : null,
    app.config.notificationDigestHour,
  );
  await app.register(notificationsRoutes);
  let stop: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    // The checks first: what they find goes in the same day's digest.
    stop = startDailyLoop(
      app.db,
      app.config.notificationDigestHour,
      [notifyEndedQuarantines, notifyMilestonesDue, sendDailyDigests],
      app.log,
    );
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}
