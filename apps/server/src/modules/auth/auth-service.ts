import type { LoginResponse, SessionAnswer } from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import {
  AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../lib/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-entries.ts';
import { loadPrincipal, type Principal } from '../authz/authorization.ts';
import {
  clearTotp,
  confirmPendingTotp,
  countRecentFailures,
  deleteExpiredRevocations,
  deleteLoginFailures,
  findPasswordHash,
  findSignInUser,
  findSignInUserById,
  holdsAdministratorRole,
  insertLoginFailure,
  insertRevokedToken,
  type SignInUser,
  setPendingTotp,
  useTotpStep,
} from './auth-repository.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import type { SignInSettings } from './sign-in-settings.ts';
import type { TokenClaims, TokenService } from './tokens.ts';
import { acceptedStep, newTotpSecret, totpUri } from './two-factor.ts';

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

/** Signs `principal` in: a new 24-hour token and the user as the client keeps it. */
export function sessionFor(tokens: TokenService, principal: Principal): LoginResponse {
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

export const PASSWORD_SIGN_IN_OFF = 'Signing in with a password is turned off here; use single sign-on';
const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app';
const CODE_WRONG = 'The authentication code is not correct';
const CURRENT_PASSWORD_WRONG = 'Current password is wrong';
const SETUP_NEEDED =
  'Administrators must use two-factor authentication: set it up with your authenticator app to sign in';

/**
 * The email and password checked, as signing in and setting up a second factor both need: the
 * lockout counters, a failure recorded (with the same two rows whether or not the account
 * exists), and an inactive account refused.
 */
async function checkPassword(
  db: Db,
  input: { email: string; password: string; ip: string },
): Promise<{ user: SignInUser; principal: Principal; attempt: AuditActor }> {
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
    throw new UnauthorizedError(INVALID, 'credentials_wrong');
  }
  const principal = await loadPrincipal(db, user.id);
  if (!principal) throw new UnauthorizedError(INVALID, 'credentials_wrong');
  if (principal.status !== 'active') {
    await recordFailure(db, attempt, input.ip, 'the account is inactive');
    throw new ForbiddenError('This account is inactive', 'account_inactive');
  }
  return { user, principal, attempt };
}

export async function login(
  db: Db,
  tokens: TokenService,
  settings: SignInSettings,
  input: { email: string; password: string; totp?: string | undefined; ip: string },
): Promise<LoginResponse> {
  if (!settings.passwordSignIn) throw new ForbiddenError(PASSWORD_SIGN_IN_OFF, 'password_sign_in_off');
  const { user, principal, attempt } = await checkPassword(db, input);
  await checkSecondFactor(db, settings, user, attempt, input.totp, input.ip);
  await db.transaction(async (tx) => {
    await deleteLoginFailures(tx, attempt.email ?? '');
    await recordAudit(tx, principal, {
      action: 'sign_in',
      entity: 'session',
      entityId: principal.id,
      summary: `Signed in as ${principal.email} from ${input.ip}`,
    });
  });
  return sessionFor(tokens, principal);
}

/**
 * The second factor after a right password (docs/product/two-factor.md, "Signing in"): an account
 * with a key needs a code that is right and not used before; an administrator without a key, when
 * TOTP_REQUIRED_FOR_ADMINS is on, must confirm the key being set up with its first code. A wrong
 * code counts as a failed sign-in (the same lockout); a missing one does not.
 */
async function checkSecondFactor(
  db: Db,
  settings: SignInSettings,
  user: SignInUser,
  attempt: AuditActor,
  code: string | undefined,
  ip: string,
): Promise<void> {
  const required = settings.totpRequiredForAdmins && (await holdsAdministratorRole(db, user.id));
  if (!user.totpSecret && !required) return;
  const secret = user.totpSecret ?? user.totpPendingSecret;
  if (!secret)
    throw new AppError(
      403,
      SETUP_NEEDED,
      [{ field: 'totp', message: 'must be set up' }],
      'totp_setup_required',
    );
  if (code === undefined || code === '') {
    throw new AppError(401, CODE_NEEDED, [{ field: 'totp', message: 'is required' }], 'totp_code_required');
  }
  const step = acceptedStep(secret, code, user.totpLastStep);
  const used =
    step !== null &&
    (user.totpSecret
      ? await useTotpStep(db, user.id, step)
      : await confirmPendingTotp(db, user.id, secret, step));
  if (used) return;
  await db.transaction(async (tx) => {
    await insertLoginFailure(tx, attempt.email ?? '', ip);
    await recordFailure(tx, attempt, ip, 'wrong authentication code');
  });
  throw new AppError(401, CODE_WRONG, [{ field: 'totp', message: 'is not correct' }], 'totp_code_wrong');
}

/**
 * Starts setting up a second factor for the account these credentials open: a new key, kept
 * as "being set up" until a sign-in (or the signed-in enable call) confirms it with a code.
 * Refused when the account already has one.
 */
export async function startTotpSetup(
  db: Db,
  settings: SignInSettings,
  input: { email: string; password: string; ip: string },
): Promise<{ secret: string; uri: string }> {
  if (!settings.passwordSignIn) throw new ForbiddenError(PASSWORD_SIGN_IN_OFF, 'password_sign_in_off');
  const { user, principal } = await checkPassword(db, input);
  if (user.totpSecret)
    throw new ConflictError('Two-factor authentication is already on for this account', 'totp_already_on');
  const secret = newTotpSecret();
  await setPendingTotp(db, user.id, secret);
  return { secret, uri: totpUri(secret, principal.email) };
}

/**
 * Starts setting up a second factor for the signed-in user (the card on their own page): as
 * `startTotpSetup`, but the password is checked as the current password, so a wrong one is a
 * 400 at that field that leaves the session alone.
 */
export async function startOwnTotpSetup(
  db: Db,
  settings: SignInSettings,
  principal: Principal,
  password: string,
  ip: string,
): Promise<{ secret: string; uri: string }> {
  if (!settings.passwordSignIn) throw new ForbiddenError(PASSWORD_SIGN_IN_OFF, 'password_sign_in_off');
  await verifyCurrentPassword(db, principal, password, ip);
  const user = await findSignInUserById(db, principal.id);
  if (user?.totpSecret)
    throw new ConflictError('Two-factor authentication is already on for this account', 'totp_already_on');
  const secret = newTotpSecret();
  await setPendingTotp(db, principal.id, secret);
  return { secret, uri: totpUri(secret, principal.email) };
}

/** The signed-in user's second factor: whether it is on, and whether they may turn it off. */
export async function totpStatus(
  db: Db,
  settings: SignInSettings,
  principal: Principal,
): Promise<{ enabled: boolean; required: boolean }> {
  const user = await findSignInUserById(db, principal.id);
  const required = settings.totpRequiredForAdmins && (await holdsAdministratorRole(db, principal.id));
  return { enabled: Boolean(user?.totpSecret), required };
}

/** Confirms the key being set up with its first code: two-factor authentication is on. */
export async function enableTotp(db: Db, principal: Principal, code: string): Promise<void> {
  const user = await findSignInUserById(db, principal.id);
  if (user?.totpSecret)
    throw new ConflictError('Two-factor authentication is already on for this account', 'totp_already_on');
  const secret = user?.totpPendingSecret;
  if (!user || !secret)
    throw new ConflictError('Start setting up two-factor authentication first', 'totp_setup_not_started');
  const step = acceptedStep(secret, code, null);
  if (step === null)
    throw new BadRequestError(CODE_WRONG, [{ field: 'code', message: 'is not correct' }], 'totp_code_wrong');
  await db.transaction(async (tx) => {
    if (!(await confirmPendingTotp(tx, user.id, secret, step))) {
      throw new ConflictError('The key being set up changed meanwhile; start again', 'totp_setup_changed');
    }
    await recordTwoFactorChange(tx, principal, true);
  });
}

/**
 * Turns the second factor off after the current password (a stolen session alone cannot); an
 * administrator who must use one cannot.
 */
export async function disableTotp(
  db: Db,
  settings: SignInSettings,
  principal: Principal,
  password: string,
  ip: string,
): Promise<void> {
  const { enabled, required } = await totpStatus(db, settings, principal);
  if (required)
    throw new ForbiddenError(
      'Administrators must keep two-factor authentication on here',
      'totp_required_for_admins',
    );
  await verifyCurrentPassword(db, principal, password, ip);
  if (!enabled)
    throw new ConflictError('Two-factor authentication is not on for this account', 'totp_not_on');
  await db.transaction(async (tx) => {
    await clearTotp(tx, principal.id);
    await recordTwoFactorChange(tx, principal, false);
  });
}

function recordTwoFactorChange(tx: Tx, principal: Principal, on: boolean): Promise<void> {
  return recordAudit(tx, principal, {
    action: 'update',
    entity: 'user',
    entityId: principal.id,
    summary: `${on ? 'Turned on' : 'Turned off'} two-factor authentication for ${principal.email}`,
    changes: { twoFactor: { before: !on, after: on } },
  });
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
  // A 400 at the field, not a 401: the session is fine, only the password typed is wrong, and
  // the app signs out on a 401 (decision record 174).
  throw new BadRequestError(
    CURRENT_PASSWORD_WRONG,
    [{ field: 'currentPassword', message: CURRENT_PASSWORD_WRONG }],
    'current_password_wrong',
  );
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

/**
 * Turns off another user's second factor in the caller's transaction (an administrator's
 * reset, docs/product/two-factor.md); answers whether it was on, or null when it was not set up
 * at all.
 */
export async function clearSecondFactorOf(tx: Tx, userId: number): Promise<{ wasOn: boolean } | null> {
  const account = await findSignInUserById(tx, userId);
  if (!account?.totpSecret && !account?.totpPendingSecret) return null;
  await clearTotp(tx, userId);
  return { wasOn: Boolean(account.totpSecret) };
}

/** The session's user as the app keeps it, from the principal the request was authenticated as. */
export function sessionOf(principal: Principal): SessionAnswer {
  return {
    user: { id: principal.id, name: principal.username, email: principal.email, roleIds: principal.roleIds },
    permissions: [...principal.permissions].sort(),
  };
}
