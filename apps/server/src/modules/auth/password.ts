import { hash, verify } from '@node-rs/argon2';
import { assertPasswordAllowed } from './password-policy.ts';

// argon2id with OWASP's minimum parameters (m=19 MiB, t=2, p=1).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
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
