import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail an SMTP receiver accepted, parsed (mailparser) as a mail program would show it. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  /** The envelope's sender (MAIL FROM). */
  from: string;
  parsed: ParsedMail;
  subject: string;
  text: string;
  html: string;
  /** Header lines as sent, lower-cased names. */
  header(name: string): string | undefined;
}

export interface SmtpReceiver {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Refuses the next `count` mails at DATA with this reply (e.g. 451: try later; 550: never). */
  refuseNext(count: number, code: number): void;
  /** Mails refused so far. */
  readonly refused: number;
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server, a random port): plain SMTP without STARTTLS or a
 * login, as a relay on the same host would be. It keeps what it accepted.
 */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusals: { count: number; code: number } = { count: 0, code: 0 };
  let refused = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (refusals.count > 0) {
            refusals = { ...refusals, count: refusals.count - 1 };
            refused++;
            const error = new Error('Not now') as Error & { responseCode: number };
            error.responseCode = refusals.code;
            return callback(error);
          }
          const raw = new Map<string, string>();
          for (const line of parsed.headerLines) raw.set(line.key.toLowerCase(), line.line);
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            parsed,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            header: (name) => {
              const line = raw.get(name.toLowerCase());
              return line === undefined ? undefined : line.slice(line.indexOf(':') + 1).trim();
            },
          });
          for (const waiter of waiters) waiter();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    refuseNext(count, code) {
      refusals = { count, code };
    },
    get refused() {
      return refused;
    },
    waitFor(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
