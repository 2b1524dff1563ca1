import { randomBytes, randomUUID } from 'node:crypto';
import { SESSION_LIFETIME_MS } from '@verdict/contract';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Db } from '../../db/client.ts';
import { keepSetting } from './auth-repository.ts';

export interface TokenClaims {
  id: number;
  jti: string;
  tv: number;
  exp: number;
  iat: number;
}

export interface TokenService {
  sign(userId: number, tokenVersion: number): string;
  /** Returns the claims of a well-formed, correctly signed, unexpired HS256 token, else null. */
  verify(token: string): TokenClaims | null;
}

const SIGNING_KEY_SETTING = 'jwt_signing_key';

/**
 * The signing key is JWT_SECRET when set; otherwise one generated on first start and kept
 * in the database, so restarts keep sessions and several instances share it
 * (docs/product/README.md, "First start").
 */
export async function resolveSigningKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const key = await keepSetting(db, SIGNING_KEY_SETTING, randomBytes(48).toString('base64url'));
  if (key === undefined) throw new Error('Signing key could not be stored');
  return key;
}

const MAX_VERIFIED_TOKENS = 10_000;

export function createTokenService(key: string): TokenService {
  const signer = createSigner({ key, algorithm: 'HS256', expiresIn: SESSION_LIFETIME_MS });
  // Only HS256 is accepted: `alg: none` and every other algorithm fail verification.
  const verifier = createVerifier({
    key,
    algorithms: ['HS256'],
    requiredClaims: ['id', 'jti', 'exp'],
  });
  // Tokens that passed verification, by their exact text, until they expire: a session sends the
  // same token on every request, and checking its signature each time cost more than the rest of
  // authentication (fast-jwt's own cache hashes every token to look it up).
  const verified = new Map<string, TokenClaims>();
  return {
    sign: (userId, tokenVersion) => signer({ id: userId, jti: randomUUID(), tv: tokenVersion }),
    verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known;
        verified.delete(token);
      }
      try {
        const claims = verifier(token) as Partial<TokenClaims>;
        if (!Number.isInteger(claims.id) || typeof claims.jti !== 'string') return null;
        if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
        verified.set(token, claims as TokenClaims);
        return claims as TokenClaims;
      } catch {
        return null;
      }
    },
  };
}
