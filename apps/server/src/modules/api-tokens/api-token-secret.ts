import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_DISPLAY_LENGTH, API_TOKEN_PREFIX } from '@verdict/contract';

// 32 random bytes: 256 bits, far beyond guessing; base64url keeps it safe in headers and shells.
const SECRET_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

export interface NewSecret {
  secret: string;
  hash: string;
  prefix: string;
}

export function generateApiTokenSecret(): NewSecret {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashApiTokenSecret(secret), prefix: secret.slice(0, API_TOKEN_DISPLAY_LENGTH) };
}

/**
 * A fast unsalted hash is enough here, unlike for passwords: the secret is 256 random bits,
 * so a stolen hash cannot be reversed by guessing, and lookups by hash stay one index probe.
 */
export function hashApiTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** True for a bearer value that is meant as an API token (even a malformed one). */
export function isApiTokenBearer(bearer: string): boolean {
  return bearer.startsWith(API_TOKEN_PREFIX);
}

export function isWellFormedApiToken(bearer: string): boolean {
  return SECRET_PATTERN.test(bearer);
}
