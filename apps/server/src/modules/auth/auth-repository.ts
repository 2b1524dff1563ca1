import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roles } from '../roles/roles-schema.ts';
import { userRoles, users } from '../users/users-schema.ts';
import { loginFailures, oidcLogins, revokedTokens, settings } from './auth-schema.ts';

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

/** An account as signing in sees it: its password hash and its second factor. */
export interface SignInUser {
  id: number;
  username: string;
  passwordHash: string;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpLastStep: number | null;
}

const signInColumns = {
  id: users.id,
  username: users.username,
  passwordHash: users.passwordHash,
  totpSecret: users.totpSecret,
  totpPendingSecret: users.totpPendingSecret,
  totpLastStep: users.totpLastStep,
};

/** The account an email (lower-cased) signs in to; undefined when none. */
export async function findSignInUser(db: Tx, email: string): Promise<SignInUser | undefined> {
  const [user] = await db
    .select(signInColumns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  return user;
}

export async function findSignInUserById(db: Tx, id: number): Promise<SignInUser | undefined> {
  const [user] = await db.select(signInColumns).from(users).where(eq(users.id, id));
  return user;
}

/** Whether the user holds the built-in Administrator role (roles.built_in). */
export async function holdsAdministratorRole(db: Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.builtIn, true)))
    .limit(1);
  return row !== undefined;
}

/** Keeps `secret` as the key being set up, replacing an earlier one not yet confirmed. */
export async function setPendingTotp(db: Tx, userId: number, secret: string): Promise<void> {
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, userId));
}

/**
 * The key being set up becomes the account's key, with `step` as its last code used. False when
 * another request changed the key being set up meanwhile.
 */
export async function confirmPendingTotp(
  db: Tx,
  userId: number,
  secret: string,
  step: number,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step })
    .where(and(eq(users.id, userId), eq(users.totpPendingSecret, secret)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Records `step` as used; false when it (or a later one) already was: each code counts once. */
export async function useTotpStep(db: Tx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function clearTotp(db: Tx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(eq(users.id, userId));
}

// --- Single sign-on ---------------------------------------------------------------------------

export async function insertOidcLogin(db: Tx, login: { state: string; codeVerifier: string; nonce: string }) {
  await db.insert(oidcLogins).values(login);
}

/**
 * Takes (removes and answers) the attempt with this state when it is younger than `maxAgeMs`;
 * older attempts go too. A state works once.
 */
export async function takeOidcLogin(
  db: Tx,
  state: string,
  maxAgeMs: number,
): Promise<{ codeVerifier: string; nonce: string } | undefined> {
  const since = new Date(Date.now() - maxAgeMs);
  await db.delete(oidcLogins).where(lt(oidcLogins.createdAt, since));
  const [row] = await db
    .delete(oidcLogins)
    .where(eq(oidcLogins.state, state))
    .returning({ codeVerifier: oidcLogins.codeVerifier, nonce: oidcLogins.nonce });
  return row;
}

export async function findUserIdBySubject(db: Tx, subject: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.oidcSubject, subject));
  return row?.id;
}

export async function findUserIdByEmail(
  db: Tx,
  email: string,
): Promise<{ id: number; oidcSubject: string | null } | undefined> {
  const [row] = await db
    .select({ id: users.id, oidcSubject: users.oidcSubject })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

export async function setOidcSubject(db: Tx, userId: number, subject: string): Promise<void> {
  await db.update(users).set({ oidcSubject: subject }).where(eq(users.id, userId));
}

/** Whether a username is taken, compared as the unique index does (lower-cased). */
export async function usernameTaken(db: Tx, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return row !== undefined;
}

/**
 * A top-level account made by single sign-on: no password (an empty hash never verifies, so the
 * password form cannot open it until an administrator sets one).
 */
export async function insertSsoUser(
  db: Tx,
  user: { username: string; email: string; subject: string },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ username: user.username, email: user.email, passwordHash: '', oidcSubject: user.subject })
    .returning({ id: users.id });
  if (!row) throw new Error('The user was not created');
  return row.id;
}

/** The ids of the roles with these names (case as written); names without a role are left out. */
export async function roleIdsByName(db: Tx, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.name, names));
  return new Map(rows.map((row) => [row.name, row.id]));
}

export async function addUserRoles(db: Tx, userId: number, roleIds: number[]): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .insert(userRoles)
    .values(roleIds.map((roleId) => ({ userId, roleId })))
    .onConflictDoNothing();
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
