import type { LoginResponse } from '@verdict/contract';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures, revokedTokens, users } from '../../db/schema.ts';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.ts';
import { loadPrincipal } from '../authz/authorization.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import type { TokenClaims, TokenService } from './tokens.ts';

const FAILURE_WINDOW_MS = 10 * 60_000;
const MAX_FAILURES_PER_ACCOUNT = 10;
const MAX_FAILURES_PER_ADDRESS = 50;
const INVALID = 'Invalid email or password';

/**
 * Refuses sign-in while an account or an address has too many recent failures, counting in
 * the database so every server instance sees the same counters (DESIGN §7).
 */
async function assertNotLockedOut(db: Db, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - FAILURE_WINDOW_MS);
  const [byEmail, byIp] = await Promise.all([
    db
      .select({ n: count(), oldest: sql<string>`min(${loginFailures.createdAt})` })
      .from(loginFailures)
      .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since))),
    db
      .select({ n: count(), oldest: sql<string>`min(${loginFailures.createdAt})` })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since))),
  ]);
  for (const [row, max] of [
    [byEmail[0], MAX_FAILURES_PER_ACCOUNT],
    [byIp[0], MAX_FAILURES_PER_ADDRESS],
  ] as const) {
    if (row && row.n >= max && row.oldest) {
      const unlockAt = new Date(row.oldest).getTime() + FAILURE_WINDOW_MS;
      const seconds = Math.max(1, Math.ceil((unlockAt - Date.now()) / 1000));
      const minutes = Math.ceil(seconds / 60);
      throw new TooManyRequestsError(
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        seconds,
      );
    }
  }
}

export async function login(
  db: Db,
  tokens: TokenService,
  input: { email: string; password: string; ip: string },
): Promise<LoginResponse> {
  const email = input.email.trim().toLowerCase();
  await assertNotLockedOut(db, email, input.ip);
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  // Verify against a dummy hash for unknown emails so both failures take the same time.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) {
    await db.insert(loginFailures).values({ email, ip: input.ip });
    throw new UnauthorizedError(INVALID);
  }
  const principal = await loadPrincipal(db, user.id);
  if (!principal) throw new UnauthorizedError(INVALID);
  if (principal.status !== 'active') throw new ForbiddenError('This account is inactive');
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
  return {
    token: tokens.sign(principal.id, principal.tokenVersion),
    user: {
      id: principal.id,
      name: principal.username,
      email: principal.email,
      roleIds: principal.roleIds,
      permissions: [...principal.permissions].sort(),
    },
  };
}

/** Revokes the token on the server; it answers 401 from then on, on every instance. */
export async function logout(db: Db, claims: TokenClaims): Promise<void> {
  await db
    .insert(revokedTokens)
    .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
    .onConflictDoNothing();
  // Expired revocations can never match a valid token again.
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
}
