import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_HEADERS } from '@verdict/contract';
import { checkWebhookUrl } from './webhook-address.ts';

/** One attempt may take this long, connection included. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Error texts are kept this long. */
const ERROR_MAX = 500;

/** `sha256=<hex HMAC-SHA256 of the body under the secret>`, the X-Verdict-Signature header. */
export function signatureOf(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
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
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]);
  return new Promise<AttemptResult>((resolve) => {
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
          [WEBHOOK_HEADERS.signature]: signatureOf(delivery.body, delivery.secret),
          [WEBHOOK_HEADERS.delivery]: String(delivery.id),
          [WEBHOOK_HEADERS.timestamp]: String(Math.floor(Date.now() / 1000)),
          [WEBHOOK_HEADERS.event]: delivery.event,
        },
      },
      (response) => {
        // The answer's body is not kept; it is read to its end (or the time limit) and dropped.
        response.resume();
        const done = () => {
          const code = response.statusCode ?? 0;
          const ok = code >= 200 && code < 300;
          resolve({
            ok,
            responseCode: code,
            responseMs: elapsed(),
            error: ok ? null : `The receiver answered ${code}`,
          });
        };
        response.on('end', done);
        response.on('error', done);
      },
    );
    request.on('error', (error) => {
      const message = signal.aborted
        ? options.signal.aborted
          ? 'The server stopped during the attempt'
          : `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
        : error.message || (error as NodeJS.ErrnoException).code || 'The connection failed';
      resolve({ ok: false, responseCode: null, responseMs: elapsed(), error: cut(message) });
    });
    request.end(delivery.body);
  });
}
