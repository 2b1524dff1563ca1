import { API_TOKENS_PER_USER_MAX, type ApiToken, type ApiTokenCreated } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { loadPrincipal, type Principal } from '../authz/authorization.ts';
import { generateApiTokenSecret, hashApiTokenSecret, isWellFormedApiToken } from './api-token-secret.ts';
import {
  countLiveTokens,
  findTokenByHash,
  insertToken,
  listLiveTokens,
  revokeToken,
  touchToken,
} from './api-tokens-repository.ts';

/** How the caller proved who they are: a session (sign-in) or one of their API tokens. */
export interface Caller {
  principal: Principal;
  apiTokenId: number | null;
}

export function listApiTokens(db: Db, principal: Principal): Promise<ApiToken[]> {
  return listLiveTokens(db, principal.id, principal.tokenVersion);
}

/**
 * Only a signed-in session reaches this: the route is session-only (plugins/auth.ts), so a
 * leaked token cannot mint fresh ones that outlive its own revocation.
 */
export async function createApiToken(db: Db, principal: Principal, name: string): Promise<ApiTokenCreated> {
  return db.transaction(async (tx) => {
    if ((await countLiveTokens(tx, principal.id, principal.tokenVersion)) >= API_TOKENS_PER_USER_MAX) {
      throw new ConflictError(
        `You already have ${API_TOKENS_PER_USER_MAX} API tokens, the most allowed; revoke one you no longer use`,
        'limit_reached',
      );
    }
    const { secret, hash, prefix } = generateApiTokenSecret();
    const apiToken = await insertToken(tx, {
      userId: principal.id,
      name,
      tokenHash: hash,
      prefix,
      tokenVersion: principal.tokenVersion,
    });
    return { message: 'API token created. Copy it now: it is not shown again.', apiToken, token: secret };
  });
}

export async function revokeApiToken(db: Db, principal: Principal, id: number): Promise<{ message: string }> {
  // Someone else's token answers the same 404 as a missing one.
  if (!(await revokeToken(db, principal.id, id))) throw new NotFoundError('API token not found');
  return { message: 'API token revoked' };
}

/**
 * The owner of a bearer API token, with the same checks as a session token: the owner exists,
 * is active, and has not changed password or been deactivated since the token was made.
 * Null for anything else, so every failure answers the same 401.
 */
export async function authenticateApiToken(db: Db, bearer: string): Promise<Caller | null> {
  if (!isWellFormedApiToken(bearer)) return null;
  const token = await findTokenByHash(db, hashApiTokenSecret(bearer));
  if (!token) return null;
  const principal = await loadPrincipal(db, token.userId);
  if (principal?.status !== 'active' || principal.tokenVersion !== token.tokenVersion) return null;
  await touchToken(db, token.tokenId);
  return { principal, apiTokenId: token.tokenId };
}
