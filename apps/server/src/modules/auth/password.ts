import { channel } from 'node:diagnostics_channel';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { assertPasswordAllowed } from './password-policy.ts';

// argon2id with OWASP's minimum parameters (m=19 MiB, t=2, p=1).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hash per core at a time: each takes 19 MiB and a core's full attention, so more
 * at once only adds memory (a burst of sign-ins on 4 pool threads took 76 MiB), not speed.
 */
const MAX_HASHING = Math.max(1, availableParallelism());
let hashing = 0;
const waiting: (() => void)[] = [];

async function oneAtATimePerCore<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= MAX_HASHING) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return oneAtATimePerCore(() => hash(password, OPTIONS));
}

/**
 * The password hash of an account restored from a backup without secrets (decision 158): not a
 * hash, so no password opens the account until one is set.
 */
export const UNUSABLE_PASSWORD_HASH = '!restored-without-secrets';

/**
 * Told of each argon2 verification (`{hash}`: the hash verified against), for whoever observes the
 * server: the security tests check with it that an unknown email costs the same work as a wrong
 * password. Publishing costs nothing while nobody subscribes.
 */
export const passwordVerifications = channel('verdict:password-verification');

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  // An account made by single sign-on ('') or restored without secrets has no password.
  if (hashed === '' || hashed === UNUSABLE_PASSWORD_HASH) return false;
  if (passwordVerifications.hasSubscribers) passwordVerifications.publish({ hash: hashed });
  try {
    return await oneAtATimePerCore(() => verify(hashed, password));
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so both failures take about the same time.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('verdict-timing-equaliser');
  return dummyHash;
}

/** Hashes a password a person is choosing, after refusing the most common ones (400). */
export async function hashChosenPassword(password: string): Promise<string> {
  assertPasswordAllowed(password);
  return hashPassword(password);
}
