import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { collectWhenIdle } from '../src/lib/idle-collection.ts';
import { openTestDatabase } from './helpers/test-app.ts';

/**
 * Memory at rest (decision 256): one full collection on each thread once the server has had no
 * request for a while, and none while requests keep coming.
 */

const IDLE_MS = 300;
let server: Server;
let stop: () => void = () => {};

afterEach(async () => {
  stop();
  await new Promise((resolve) => server?.close(resolve));
});

async function listening(): Promise<string> {
  server = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('collectWhenIdle', () => {
  it('collects once after a quiet period, then again only after new requests', async () => {
    const url = await listening();
    let main = 0;
    let database = 0;
    stop = collectWhenIdle(
      server,
      async () => {
        database += 1;
      },
      IDLE_MS,
      () => {
        main += 1;
      },
    );
    await fetch(url).then((r) => r.text());
    await sleep(IDLE_MS * 3);
    expect([main, database]).toEqual([1, 1]);
    // Still idle: nothing more to collect.
    await sleep(IDLE_MS * 2);
    expect([main, database]).toEqual([1, 1]);
    await fetch(url).then((r) => r.text());
    await sleep(IDLE_MS * 3);
    expect([main, database]).toEqual([2, 2]);
  });

  it('does not collect while requests keep arriving', async () => {
    const url = await listening();
    let main = 0;
    stop = collectWhenIdle(server, undefined, IDLE_MS, () => {
      main += 1;
    });
    for (let i = 0; i < 12; i++) {
      await fetch(url).then((r) => r.text());
      await sleep(IDLE_MS / 3);
    }
    expect(main).toBe(0);
  });

  it('does nothing without a garbage collector to call (node without --expose-gc)', async () => {
    await listening();
    stop = collectWhenIdle(server, undefined, IDLE_MS, undefined);
    expect(server.listenerCount('request')).toBe(1);
  });

  it("asks the embedded database's thread to collect", async () => {
    const { database, drop } = await openTestDatabase();
    try {
      // A PostgreSQL server's memory is its own: there is nothing to ask.
      if (database.kind === 'postgres') return expect(database.collect).toBeUndefined();
      expect(database.collect).toBeTypeOf('function');
      await expect(database.collect?.()).resolves.toBeUndefined();
      // The database answers as before.
      const answer = (await database.db.execute('select 1 as one')) as { rows: unknown[] };
      expect(answer.rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      await drop();
    }
  });
});
