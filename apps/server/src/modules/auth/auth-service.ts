import type { LoginResponse } from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import {
  BadRequestError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../lib/errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import { loadPrincipal, type Principal } from '../authz/authorization.ts';
import {
  countRecentFailures,
  deleteExpiredRevocations,
  deleteLoginFailures,
  findPasswordHash,
  findSignInUser,
  insertLoginFailure,
  insertRevokedToken,
} from './auth-repository.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import type { TokenClaims, TokenService } from './tokens.ts';

const FAILURE_WINDOW_MS = 10 * 60_000;
const MAX_FAILURES_PER_ACCOUNT = 10;
const MAX_FAILURES_PER_ADDRESS = 50;
const INVALID = 'Invalid email or password';

/**
 * Refuses sign-in while an account or an address has too many recent failures, counting in
 * the database so every server instance sees the same counters (docs/product/sign-in-and-sessions.md,
 * "Lockout").
 */
async function assertNotLockedOut(db: Db, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - FAILURE_WINDOW_MS);
  const [byEmail, byIp] = await Promise.all([
    countRecentFailures(db, { email }, since),
    countRecentFailures(db, { ip }, since),
  ]);
  for (const [row, max] of [
    [byEmail, MAX_FAILURES_PER_ACCOUNT],
    [byIp, MAX_FAILURES_PER_ADDRESS],
  ] as const) {
    if (row.n >= max && row.oldest) {
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
  const user = await findSignInUser(db, email);
  // Verify against a dummy hash for unknown emails so both failures take the same time.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  // The attempt is recorded against the account it named (if any), with the email as typed
  // (trimmed, lower-cased), never the password. Both failures write the same two rows.
  const attempt: AuditActor = { id: user?.id ?? null, username: user?.username ?? null, email };
  if (!user || !valid) {
    await db.transaction(async (tx) => {
      await insertLoginFailure(tx, email, input.ip);
      await recordFailure(tx, attempt, input.ip, user ? 'wrong password' : 'no such user');
    });
    throw new UnauthorizedError(INVALID);
  }
  const principal = await loadPrincipal(db, user.id);
  if (!principal) throw new UnauthorizedError(INVALID);
  if (principal.status !== 'active') {
    await recordFailure(db, attempt, input.ip, 'the account is inactive');
    throw new ForbiddenError('This account is inactive');
  }
  await db.transaction(async (tx) => {
    await deleteLoginFailures(tx, email);
    await recordAudit(tx, principal, {
      action: 'sign_in',
      entity: 'session',
      entityId: principal.id,
      summary: `Signed in as ${principal.email} from ${input.ip}`,
    });
  });
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

/**
 * Changing one's own password needs the current one, so that a session or token someone else got
 * hold of cannot take the account for good. A wrong one counts as a failed sign-in of the
 * account: the same counters and lockout, so it cannot be used to guess the password either.
 */
export async function verifyCurrentPassword(
  db: Db,
  principal: Principal,
  currentPassword: string | undefined,
  ip: string,
): Promise<void> {
  if (currentPassword === undefined) {
    throw new BadRequestError('Enter your current password to change your own password', [
      { field: 'currentPassword', message: 'is required to change your own password' },
    ]);
  }
  const email = principal.email.trim().toLowerCase();
  await assertNotLockedOut(db, email, ip);
  const passwordHash = await findPasswordHash(db, principal.id);
  if (passwordHash && (await verifyPassword(passwordHash, currentPassword))) return;
  await insertLoginFailure(db, email, ip);
  throw new ForbiddenError('Your current password is not correct');
}

function recordFailure(tx: Tx, attempt: AuditActor, ip: string, reason: string): Promise<void> {
  return recordAudit(tx, attempt, {
    action: 'sign_in_failed',
    entity: 'session',
    entityId: attempt.id,
    summary: `Failed sign-in as ${attempt.email} from ${ip}: ${reason}`,
  });
}

/** Revokes the token on the server; it answers 401 from then on, on every instance. */
export async function logout(db: Db, principal: Principal, claims: TokenClaims): Promise<void> {
  await db.transaction(async (tx) => {
    await insertRevokedToken(tx, claims.jti, new Date(claims.exp * 1000));
    await recordAudit(tx, principal, {
      action: 'logout',
      entity: 'session',
      entityId: principal.id,
      summary: `Signed out ${principal.email}`,
    });
  });
  await deleteExpiredRevocations(db);
}
