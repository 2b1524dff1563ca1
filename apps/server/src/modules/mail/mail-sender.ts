import type { ClaimedMail } from './mail-repository.ts';
import type { MailSettings } from './mail-settings.ts';

/**
 * The time limits of one attempt, so a server that hangs holds a sending slot briefly; running out
 * is a failed attempt, retried later.
 */
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

export interface SendResult {
  ok: boolean;
  /** True when the SMTP server refused for good (a 5xx reply): no retry would change its mind. */
  permanent: boolean;
  error: string | null;
}

export interface MailSender {
  send(mail: ClaimedMail): Promise<SendResult>;
  close(): void;
}

/**
 * Sends through the SMTP server of SMTP_URL (nodemailer; docs/decisions/234-mail-outbox-and-smtp.md):
 * one connection per mail, a plain-text and an HTML part, and for a mail that has an unsubscribe
 * address the one-click unsubscribe headers of RFC 8058, which mail providers show as a button.
 */
export async function createMailSender(settings: MailSettings): Promise<MailSender> {
  // Loaded when e-mail is on, not at start (decision 256).
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from: settings.from,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody,
          ...(mail.unsubscribeUrl
            ? {
                list: { unsubscribe: mail.unsubscribeUrl },
                headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
              }
            : {}),
        });
        return { ok: true, permanent: false, error: null };
      } catch (error) {
        const failure = error as Error & { responseCode?: number; code?: string };
        const code = failure.responseCode;
        return {
          ok: false,
          permanent: code !== undefined && code >= 500 && code < 600,
          error: failure.message || failure.code || 'The SMTP server could not be reached',
        };
      }
    },
    close() {
      transport.close();
    },
  };
}
