import { createHash, randomBytes } from 'node:crypto';
import { AUDIT_REDACTED } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { AppError, BadRequestError, ForbiddenError, TooManyRequestsError } from '../../lib/errors.ts';
import { recordAudit } from '../audit-log/audit-entries.ts';
import { queueMail } from '../mail/mail-service.ts';
import type { MailSettings } from '../mail/mail-settings.ts';
import { deleteLoginFailures } from './auth-repository.ts';
import { PASSWORD_SIGN_IN_OFF } from './auth-service.ts';
import { hashChosenPassword } from './password.ts';
import { passwordResetMail } from './password-reset-mail.ts';
import {
  countRecentResets,
  endPasswordResets,
  findResetAccount,
  findResetAccountById,
  insertPasswordReset,
  setPasswordAndRevoke,
  usePasswordReset,
} from './password-reset-repository.ts';
import type { RequestWindow } from './request-window.ts';
import type { SignInSettings } from './sign-in-settings.ts';

/** docs/product/sign-in-and-sessions.md, "Forgot password"; decision 235. */

/** How long a link works. */
const LINK_VALID_SECONDS = 60 * 60;
/** Links one account is sent in an hour at most; past that, requests send nothing (and say nothing). */
export const LINKS_PER_ACCOUNT_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/** What every request answers, whether or not the address has an account. */
export const RESET_REQUESTED =
  'If an account uses that email address, a link to choose a new password is on its way. It works for an hour.';

const MAIL_OFF = 'This server does not send e-mail; ask an administrator to set a new password';

export const hashResetToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

interface ResetContext {
  signIn: SignInSettings;
  mail: MailSettings | undefined;
}

/**
 * Sends a link to choose a new password when the address names an active account that signs in
 * with a password, at most LINKS_PER_ACCOUNT_PER_HOUR an hour. The answer is the same in every
 * case, so nobody learns from it whether an address has an account; only the number of requests
 * from one address (the caller's IP) is refused openly, as it says nothing about any account.
 */
export async function requestPasswordReset(
  db: Db,
  context: ResetContext,
  limits: RequestWindow,
  input: { email: string; ip: string },
): Promise<void> {
  if (!context.signIn.passwordSignIn) throw new ForbiddenError(PASSWORD_SIGN_IN_OFF, 'password_sign_in_off');
  const mail = context.mail;
  if (!mail) throw new AppError(503, MAIL_OFF, undefined, 'mail_off');
  const wait = limits.take(input.ip);
  if (wait !== null) {
    throw new TooManyRequestsError(
      `Too many password reset requests from this address. Try again in ${Math.ceil(wait / 60)} minutes.`,
      wait,
    );
  }
  const email = input.email.trim().toLowerCase();
  const account = await findResetAccount(db, email);
  // An account made by single sign-on has no password to reset: its provider signs it in, and a
  // password would let it in past the provider (decision 235).
  if (account?.status !== 'active' || (account.passwordHash === '' && account.oidcSubject)) return;
  await db.transaction(async (tx) => {
    const sent = await countRecentResets(tx, account.id, new Date(Date.now() - HOUR_MS));
    if (sent >= LINKS_PER_ACCOUNT_PER_HOUR) return;
    const token = randomBytes(32).toString('base64url');
    await insertPasswordReset(tx, account.id, hashResetToken(token), LINK_VALID_SECONDS);
    const link = new URL('/reset-password', mail.publicUrl);
    link.searchParams.set('token', token);
    await queueMail(tx, passwordResetMail(account, link.href));
  });
}

const REFUSALS = {
  invalid: ['This password reset link is not valid; ask for a new one', 'password_reset_invalid'],
  used: ['This password reset link was already used; ask for a new one', 'password_reset_used'],
  expired: ['This password reset link has expired; ask for a new one', 'password_reset_expired'],
} as const;

/**
 * Sets the new password with the token of an e-mailed link: once, within its hour. Every session
 * and API token of the account ends, its other links too, and its sign-in lockout is lifted (the
 * mailbox proved who this is). A second factor stays on: the next sign-in still asks for it.
 */
export async function confirmPasswordReset(
  db: Db,
  signIn: SignInSettings,
  input: { token: string; password: string; ip: string },
): Promise<void> {
  if (!signIn.passwordSignIn) throw new ForbiddenError(PASSWORD_SIGN_IN_OFF, 'password_sign_in_off');
  // The policy first: a common password leaves the link unused, to try again with another.
  const passwordHash = await hashChosenPassword(input.password);
  await db.transaction(async (tx) => {
    const used = await usePasswordReset(tx, hashResetToken(input.token));
    if ('refused' in used) {
      const [message, code] = REFUSALS[used.refused];
      throw new BadRequestError(message, [{ field: 'token', message }], code);
    }
    const account = await findResetAccountById(tx, used.userId);
    if (account?.status !== 'active') {
      const [message, code] = REFUSALS.invalid;
      throw new BadRequestError(message, [{ field: 'token', message }], code);
    }
    await setPasswordAndRevoke(tx, account.id, passwordHash);
    await endPasswordResets(tx, account.id);
    await deleteLoginFailures(tx, account.email.trim().toLowerCase());
    await recordAudit(tx, account, {
      action: 'update',
      entity: 'user',
      entityId: account.id,
      summary: `Reset the password of ${account.email} with an e-mailed link, from ${input.ip}`,
      changes: { password: { before: AUDIT_REDACTED, after: AUDIT_REDACTED } },
    });
  });
}
