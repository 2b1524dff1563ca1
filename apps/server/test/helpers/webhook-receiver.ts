import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a receiver took, with what its checks found. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: Record<string, any>;
  /** Whether X-Verdict-Signature is the HMAC-SHA256 of the exact body under the secret. */
  signed: boolean;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Waits until a received delivery matches, and answers it. */
  waitFor(match: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

/** How a receiver checks a signature: as docs/product/webhooks.md tells integrators to. */
export function verifySignature(body: string, header: string | undefined, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A real HTTP receiver on 127.0.0.1 (a random port unless given). It answers `status` (200), after
 * `delayMs` when set, and checks each delivery's signature against `secret`.
 */
export async function startReceiver(options: {
  secret: string;
  port?: number;
  status?: number;
  delayMs?: number;
}): Promise<Receiver> {
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        headers: request.headers,
        body,
        json: JSON.parse(body),
        signed: verifySignature(body, request.headers['x-verdict-signature'] as string, options.secret),
      });
      for (const waiter of waiters) waiter();
      setTimeout(() => response.writeHead(options.status ?? 200).end('ok'), options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
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
          reject(new Error(`no matching delivery within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (yet). */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
