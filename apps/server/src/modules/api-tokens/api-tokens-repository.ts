import type { ApiToken } from '@verdict/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { apiTokens } from './api-tokens-schema.ts';

const listed = {
  id: apiTokens.id,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

type ListedRow = { id: number; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null };

function toApiToken(row: ListedRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: new Date(row.createdAt).toISOString(),
    last_used_at: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
  };
}

/** Tokens that still work: not revoked and made under the owner's current token version. */
function live(userId: number, tokenVersion: number) {
  return and(
    eq(apiTokens.userId, userId),
    isNull(apiTokens.revokedAt),
    eq(apiTokens.tokenVersion, tokenVersion),
  );
}

export async function listLiveTokens(db: Tx, userId: number, tokenVersion: number): Promise<ApiToken[]> {
  const rows = await db
    .select(listed)
    .from(apiTokens)
    .where(live(userId, tokenVersion))
    .orderBy(desc(apiTokens.id));
  return rows.map(toApiToken);
}

export async function countLiveTokens(db: Tx, userId: number, tokenVersion: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiTokens).where(live(userId, tokenVersion));
  return row?.n ?? 0;
}

export async function insertToken(
  db: Tx,
  values: { userId: number; name: string; tokenHash: string; prefix: string; tokenVersion: number },
): Promise<ApiToken> {
  const [row] = await db.insert(apiTokens).values(values).returning(listed);
  if (!row) throw new Error('API token could not be stored');
  return toApiToken(row);
}

/** Marks one of the user's tokens revoked; false when it is missing, not theirs or already revoked. */
export async function revokeToken(db: Tx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

export interface TokenOwner {
  tokenId: number;
  userId: number;
  tokenVersion: number;
}

/** The unrevoked token with this hash and its owner's id, or null. */
export async function findTokenByHash(db: Tx, tokenHash: string): Promise<TokenOwner | null> {
  const [row] = await db
    .select({ tokenId: apiTokens.id, userId: apiTokens.userId, tokenVersion: apiTokens.tokenVersion })
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)));
  return row ?? null;
}

/**
 * Records when a token was last used, at most once a minute, so a CI job calling in a loop
 * does not turn every read into a write.
 */
export async function touchToken(db: Tx, tokenId: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        sql`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}
