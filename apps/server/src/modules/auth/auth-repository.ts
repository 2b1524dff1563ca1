import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { loginFailures, revokedTokens, settings, users } from '../../db/schema.ts';

/**
 * The tables of signing in and out: failed attempts, signed-out tokens and the settings row of
 * the signing key. Signing in reads the users table, which the users module writes.
 */

/** Failed attempts since `since` by one email or one address, and when the oldest was. */
export async function countRecentFailures(
  db: Tx,
  by: { email: string } | { ip: string },
  since: Date,
): Promise<{ n: number; oldest: string | null }> {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${loginFailures.createdAt})` })
    .from(loginFailures)
    .where(
      and(
        'email' in by ? eq(loginFailures.email, by.email) : eq(loginFailures.ip, by.ip),
        gt(loginFailures.createdAt, since),
      ),
    );
  return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
}

export async function insertLoginFailure(db: Tx, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ email, ip });
}

export async function deleteLoginFailures(db: Tx, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

/** The account an email (lower-cased) signs in to; undefined when none. */
export async function findSignInUser(
  db: Tx,
  email: string,
): Promise<{ id: number; username: string; passwordHash: string } | undefined> {
  const [user] = await db
    .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  return user;
}

export async function findPasswordHash(db: Tx, userId: number): Promise<string | undefined> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return user?.passwordHash;
}

export async function insertRevokedToken(db: Tx, jti: string, expiresAt: Date): Promise<void> {
  await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
}

/** Expired revocations can never match a valid token again. */
export async function deleteExpiredRevocations(db: Tx): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
}

/** Stores `value` under `key` unless the key is set, then answers what is stored. */
export async function keepSetting(db: Tx, key: string, value: string): Promise<string | undefined> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row?.value;
}
