import type { Server } from 'node:http';

/** How long without a request before the server collects its garbage once. */
export const IDLE_COLLECTION_MS = 5000;

type Collect = () => void;

/**
 * Memory at rest (decision 256): once no request has started or ended for `idleMs`, one full
 * garbage collection on the main thread and, through `collectDatabase`, on the embedded
 * database's thread; then nothing until the next request. V8 otherwise leaves the garbage of the
 * last burst of work (up to half the live heap, with npm start's --heap-growing-percent=50) until
 * the next collection, which an idle server never reaches. A collection of the main heap takes a
 * few tens of milliseconds; it runs only after the quiet period, so it delays at most a request
 * that arrives during it. Only with node's --expose-gc (npm start passes it); without it, as in the
 * tests, there is nothing to call and nothing runs. Answers a function that stops the timer.
 */
export function collectWhenIdle(
  server: Server,
  collectDatabase: (() => Promise<void>) | undefined,
  idleMs = IDLE_COLLECTION_MS,
  gc: Collect | undefined = (globalThis as { gc?: Collect }).gc,
): () => void {
  if (!gc) return () => {};
  let lastActivity = Date.now();
  let collected = true;
  const touch = () => {
    lastActivity = Date.now();
    collected = false;
  };
  const onRequest = (_request: unknown, response: { once(event: 'close', f: () => void): void }) => {
    touch();
    response.once('close', touch);
  };
  server.on('request', onRequest);
  const timer = setInterval(
    () => {
      if (collected || Date.now() - lastActivity < idleMs) return;
      collected = true;
      gc();
      collectDatabase?.().catch(() => {});
    },
    Math.max(100, Math.floor(idleMs / 2)),
  );
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
  };
}
