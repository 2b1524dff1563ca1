import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../users/users-schema.ts';
import { passwordResets } from './auth-schema.ts';

/** The "Forgot password?" links (auth-schema.ts, password_resets): only their tokens' hashes are kept. */

/** An account as a reset request sees it. */
export interface ResetAccount {
  id: number;
  username: string;
  email: string;
  status: string;
  passwordHash: string;
  oidcSubject: string | null;
}

const accountColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  status: users.status,
  passwordHash: users.passwordHash,
  oidcSubject: users.oidcSubject,
};

/** The account an email (lower-cased) names; undefined when none. */
export async function findResetAccount(db: Tx, email: string): Promise<ResetAccount | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  return row;
}

export async function findResetAccountById(db: Tx, id: number): Promise<ResetAccount | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id));
  return row;
}

/** How many links the account was sent since `since`. */
export async function countRecentResets(db: Tx, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
  return row?.n ?? 0;
}

/** Keeps a new link, and removes the account's links older than a day (none of them works). */
export async function insertPasswordReset(
  db: Tx,
  userId: number,
  tokenHash: string,
  validSeconds: number,
): Promise<void> {
  await db
    .delete(passwordResets)
    .where(
      and(eq(passwordResets.userId, userId), lt(passwordResets.createdAt, sql`now() - interval '1 day'`)),
    );
  await db.insert(passwordResets).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + make_interval(secs => ${validSeconds})`,
  });
}

/**
 * Uses the link with this token hash, if it is unused and not expired, in one statement (two
 * requests with the same link cannot both pass): answers its account, or why it did not work.
 */
export async function usePasswordReset(
  db: Tx,
  tokenHash: string,
): Promise<{ userId: number } | { refused: 'invalid' | 'used' | 'expired' }> {
  const [used] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  if (used) return used;
  const [row] = await db
    .select({ usedAt: passwordResets.usedAt })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash));
  return { refused: !row ? 'invalid' : row.usedAt ? 'used' : 'expired' };
}

/** Ends the account's other links: a new password makes the ones still in mailboxes useless. */
export async function endPasswordResets(db: Tx, userId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** The new password, and every session and API token of the account ended (the token version). */
export async function setPasswordAndRevoke(db: Tx, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}
