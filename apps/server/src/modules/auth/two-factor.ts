import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30 s), as every authenticator app reads
 * them (docs/product/two-factor.md). The otpauth library does the arithmetic; the rules here are
 * which codes count: the current step or one either side (a clock a little off), and never a
 * step at or before the last one accepted, so a code seen over a shoulder is good only once.
 */

const ISSUER = 'Verdict';
const WINDOW_STEPS = 1;

/** A new random key (160 bits, as RFC 4226 recommends), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// address an authenticator app reads from a QR code, labelled with the email. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/**
 * The time step `code` belongs to when it is right for `secret` now and newer than `lastStep`;
 * null otherwise (wrong, too old, or already used).
 */
export function acceptedStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: now }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code of `secret` at `now`: for tests and the demo, never sent by the server. */
export function currentTotpCode(secret: string, now = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}
