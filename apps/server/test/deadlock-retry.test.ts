import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { openTestDatabase } from './helpers/test-app.ts';

/**
 * A transaction PostgreSQL fails to break a deadlock is run again (db/client.ts, retryDeadlocks).
 * Two transactions lock the same two rows in opposite orders; without the retry one of them fails
 * with deadlock_detected (40P01), with it both land.
 */
describe.skipIf(!process.env.DATABASE_URL)('deadlocks on a PostgreSQL server', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;

  beforeAll(async () => {
    opened = await openTestDatabase();
    database = opened.database;
    await database.db.execute(sql`create table deadlock_rows (id int primary key, hits int not null)`);
    await database.db.execute(sql`insert into deadlock_rows values (1, 0), (2, 0)`);
  });

  afterAll(async () => {
    await database.close();
    await opened.drop();
  });

  it('runs the victim again, so both transactions land', async () => {
    let attempts = 0;
    let bothLocked: () => void = () => {};
    const firstLocks = new Promise<void>((resolve) => {
      bothLocked = resolve;
    });
    const lockInOrder = (first: number, second: number, signal?: () => void) =>
      database.db.transaction(async (tx) => {
        attempts += 1;
        await tx.execute(sql`update deadlock_rows set hits = hits + 1 where id = ${first}`);
        signal?.();
        await firstLocks;
        // Both hold their first row now; each asks for the other's.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.execute(sql`update deadlock_rows set hits = hits + 1 where id = ${second}`);
      });
    let holding = 0;
    const held = () => {
      holding += 1;
      if (holding === 2) bothLocked();
    };
    await Promise.all([lockInOrder(1, 2, held), lockInOrder(2, 1, held)]);

    // One of the two was chosen as the victim and ran a second time.
    expect(attempts).toBe(3);
    const rows = await database.db.execute(sql`select id, hits from deadlock_rows order by id`);
    expect((rows as unknown as { rows: Array<{ hits: number }> }).rows.map((row) => row.hits)).toEqual([
      2, 2,
    ]);
  });
});
