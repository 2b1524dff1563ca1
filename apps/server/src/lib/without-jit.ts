import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/**
 * Runs a recursive tree query with JIT compilation off. PostgreSQL prices a recursive CTE at
 * several passes of its worst case, so a walk that touches a few thousand rows can cost millions
 * in the planner's units, over `jit_above_cost`: it was then compiled on every call, 15–400 ms
 * spent for a 20 ms query (measured on PostgreSQL 15 with 200,000 cases). SET LOCAL needs a
 * transaction, so this opens one (a savepoint inside an open one); the setting ends with it.
 * PGlite has no JIT and accepts the setting.
 */
export function withoutJit<T>(db: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return work(tx);
  });
}
