import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a receiver took, with what its checks found. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: Record<string, any>;
  /** Whether X-Verdict-Signature signs this timestamp and the exact body under the secret. */
  signed: boolean;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Requests whose connection the sender closed before the receiver answered in full. */
  cutOff: number;
  /** Waits until a received delivery matches, and answers it. */
  waitFor(match: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

/**
 * How a receiver checks a delivery, as docs/product/webhooks.md tells integrators to: the
 * signature over `<t>.<body>` compared in constant time, and a `t` at most five minutes old.
 */
export function verifySignature(
  body: string,
  header: string | undefined,
  secret: string,
  nowSeconds = Date.now() / 1000,
): boolean {
  const fields = new Map(
    (header ?? '').split(',').map((field) => field.split('=', 2) as [string, string | undefined]),
  );
  const t = Number(fields.get('t'));
  const given = Buffer.from(fields.get('v1') ?? '', 'utf8');
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A real HTTP receiver on 127.0.0.1 (a random port unless given). It answers `status` (200), after
 * `delayMs` when set, and checks each delivery's signature against `secret`. `hang` never answers;
 * `partial` sends its status and the first bytes of an answer, then never ends it.
 */
export async function startReceiver(options: {
  secret: string;
  port?: number;
  status?: number;
  delayMs?: number;
  hang?: boolean;
  partial?: boolean;
}): Promise<Receiver> {
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  let cutOff = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('close', () => {
      if (!response.writableFinished) cutOff++;
    });
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        headers: request.headers,
        body,
        json: JSON.parse(body),
        signed: verifySignature(body, request.headers['x-verdict-signature'] as string, options.secret),
      });
      for (const waiter of waiters) waiter();
      if (options.hang) return;
      if (options.partial) {
        response.writeHead(options.status ?? 200, { 'content-length': '100' }).write('ok, and more');
        return;
      }
      setTimeout(() => response.writeHead(options.status ?? 200).end('ok'), options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    get cutOff() {
      return cutOff;
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
