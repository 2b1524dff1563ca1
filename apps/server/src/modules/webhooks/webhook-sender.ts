import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { WEBHOOK_HEADERS } from '@verdict/contract';
import { checkWebhookUrl, isPublicAddress, PRIVATE_ADDRESS_REFUSAL } from './webhook-address.ts';

/**
 * One attempt may take this long, connection and the whole answer included. Short, so a receiver
 * that hangs holds a delivery slot briefly; running out is a failed attempt, retried later.
 */
export const DELIVERY_TIMEOUT_MS = 5_000;
/** Error texts are kept this long. */
const ERROR_MAX = 500;

/**
 * The X-Verdict-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under
 * the endpoint's secret. The time is signed with the body, so a receiver that refuses old times
 * refuses a replayed request too (a changed `t` breaks the signature).
 */
export function signatureOf(body: string, secret: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export interface AttemptResult {
  ok: boolean;
  responseCode: number | null;
  responseMs: number | null;
  error: string | null;
}

const cut = (text: string) => (text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text);

/**
 * POSTs one delivery. The host is resolved and checked again now (it may point elsewhere than at
 * creation), and the connection goes to that checked address (a pinned lookup), so a DNS answer
 * that changes between the check and the connect cannot reach a private address. Redirects are
 * not followed: a 3xx is a failed attempt. Only 2xx counts as delivered.
 */
export async function sendDelivery(
  delivery: { id: number; event: string; body: string; url: string; secret: string },
  options: { allowPrivate: boolean; signal: AbortSignal },
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: Awaited<ReturnType<typeof checkWebhookUrl>>;
  try {
    target = await checkWebhookUrl(delivery.url, options.allowPrivate);
  } catch (error) {
    return { ok: false, responseCode: null, responseMs: null, error: cut((error as Error).message) };
  }
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  // One controller this attempt holds, aborted by its own timer or by the server stopping; not
  // AbortSignal.any() over AbortSignal.timeout(), whose timeout signal, referred to weakly, did not
  // always fire, so a receiver that never finished its answer held the attempt (and its slot).
  const limit = new AbortController();
  const stop = () => limit.abort();
  const timer = setTimeout(stop, DELIVERY_TIMEOUT_MS);
  options.signal.addEventListener('abort', stop, { once: true });
  if (options.signal.aborted) stop();
  const signal = limit.signal;
  const timestamp = Math.floor(Date.now() / 1000);
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    /** The answer's status once it came: an attempt cut off later keeps it. */
    let code: number | null = null;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', stop);
      resolve(result);
    };
    /** Why the attempt stopped: the server stopping, the time limit, or the connection's error. */
    const failure = (error?: Error): AttemptResult => {
      const message = signal.aborted
        ? options.signal.aborted
          ? 'The server stopped during the attempt'
          : `No complete answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
        : error?.message || (error as NodeJS.ErrnoException | undefined)?.code || 'The connection failed';
      return { ok: false, responseCode: code, responseMs: elapsed(), error: cut(message) };
    };
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        signal,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(delivery.body),
          'user-agent': 'Verdict-Webhooks/1',
          [WEBHOOK_HEADERS.signature]: signatureOf(delivery.body, delivery.secret, timestamp),
          [WEBHOOK_HEADERS.delivery]: String(delivery.id),
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.event]: delivery.event,
        },
      },
      (response) => {
        // The answer's body is not kept; it is read to its end (or the time limit) and dropped.
        // Only an answer read to its end counts: one cut off (the time limit, a dropped
        // connection) is a failed attempt even when its status was 2xx.
        response.resume();
        const status = response.statusCode ?? 0;
        code = status;
        response.on('end', () => {
          if (!response.complete) return settle(failure());
          const ok = status >= 200 && status < 300;
          settle({
            ok,
            responseCode: status,
            responseMs: elapsed(),
            error: ok ? null : `The receiver answered ${status}`,
          });
        });
        response.on('error', (error) => settle(failure(error)));
        response.on('close', () => settle(failure()));
      },
    );
    // The address actually connected to is checked too, not only the one the lookup answered.
    if (!options.allowPrivate) {
      request.on('socket', (socket: Socket) => {
        const check = () => {
          if (socket.remoteAddress && !isPublicAddress(socket.remoteAddress)) {
            request.destroy(new Error(PRIVATE_ADDRESS_REFUSAL));
          }
        };
        if (socket.connecting) socket.once('connect', check);
        else check();
      });
    }
    request.on('error', (error) => settle(failure(error)));
    request.end(delivery.body);
  });
}
