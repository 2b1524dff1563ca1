import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from './client.ts';

/**
 * Row locks for writes. Every write inside a project first takes the project row (KEY SHARE;
 * deleting the project takes it FOR UPDATE), then its own rows top-down (suite, case, run), the
 * order in which a cascading delete reaches them. The counters row in project_stats is thus
 * always reached after the project row, so two writes never wait on each other in opposite
 * orders (no deadlock), and a create racing a delete of its parent waits, then answers 404.
 *
 * - keyShare: a parent that gets a new child must not be deleted meanwhile; it does not block
 *   edits of the parent (FOR KEY SHARE only conflicts with FOR UPDATE).
 * - noKeyUpdate: editing a row's fields.
 * - update: deleting a row.
 */
export const LOCK = {
  none: sql``,
  keyShare: sql` for key share`,
  /** The row stays as it is (a cycle stays open: a close waits) until the transaction ends. */
  share: sql` for share`,
  noKeyUpdate: sql` for no key update`,
  update: sql` for update`,
} as const satisfies Record<string, SQL>;

export type RowLock = (typeof LOCK)[keyof typeof LOCK];

/** Locks a project row; false when it does not exist (any more). */
export async function lockProject(tx: Tx, projectId: number, lock: RowLock): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from projects where id = ${projectId}${lock}`,
  );
  return rows.length > 0;
}

/**
 * Locks the project of a row (and its suite, for a case), then the row itself with `lock`;
 * null when the row is gone. `find` reads the row with the given lock. A row never moves to
 * another project; a case may move to another suite (a bulk move, which locks the cases
 * themselves), and the row read again under its lock is what the caller acts on.
 */
export async function lockTopDown<T extends { project_id: number; suite_id?: number | null }>(
  tx: Tx,
  find: (lock: RowLock) => Promise<T | null>,
  lock: RowLock,
): Promise<T | null> {
  const seen = await find(LOCK.none);
  if (!seen) return null;
  await lockProject(tx, seen.project_id, LOCK.keyShare);
  if (seen.suite_id !== undefined && seen.suite_id !== null) {
    await queryRows(tx, sql`select id from suites where id = ${seen.suite_id} for key share`);
  }
  return find(lock);
}

/**
 * The keys of the transaction-level advisory locks, in one list so no two uses share one by
 * mistake (the migrations take 7261001 with a session lock, db/client.ts). A lock taken with a
 * second key (an import's project id) lives in another key space than a single-key one.
 */
export const ADVISORY_LOCK = {
  firstStart: 7261002,
  administrators: 7261003,
  roleNames: 7261004,
  projectImports: 7261004,
  /** With a project's id: the one instance that sweeps its CI evidence now (decision 252). */
  evidenceRetention: 7261005,
} as const;

/** Holds an advisory lock until the transaction ends; `subKey` narrows it (one project). */
export async function takeAdvisoryLock(tx: Tx, key: number, subKey?: number): Promise<void> {
  await tx.execute(
    subKey === undefined
      ? sql`select pg_advisory_xact_lock(${key})`
      : sql`select pg_advisory_xact_lock(${key}, ${subKey})`,
  );
}
