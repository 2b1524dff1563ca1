/**
 * Fair limits for personal API tokens (docs/product/api-tokens.md, "Limits"; decision 220): each
 * token, and each user over all of their tokens, may spend so many request units a minute. A
 * request costs one unit; an import or a bulk call costs one more per 64 KiB of its body. Each
 * count is a token bucket that holds a minute's worth and refills evenly, kept in this instance's
 * memory: a signed-in session (the web app) is never counted.
 */

export interface TokenLimitSettings {
  /** Units a minute one token may spend (API_TOKEN_RATE_LIMIT); 0: no limit. */
  perToken: number;
  /** Units a minute one user may spend over all of their tokens (API_USER_RATE_LIMIT); 0: no limit. */
  perUser: number;
}

/** A weighted request's body bytes per unit. */
export const WEIGHT_BYTES = 64 * 1024;

/** The units a request of `bodyBytes` costs: weighted routes count their body. */
export function weightOf(weighted: boolean, bodyBytes: number): number {
  return weighted ? 1 + Math.floor(Math.max(0, bodyBytes) / WEIGHT_BYTES) : 1;
}

interface Bucket {
  units: number;
  at: number;
}

export type LimitScope = 'token' | 'user';

export type Refusal = { scope: LimitScope; limit: number; retryAfterSeconds: number };

/** Buckets kept before idle ones (full again) are dropped. */
const PRUNE_AT = 10_000;

export class TokenLimits {
  private readonly tokens = new Map<number, Bucket>();
  private readonly users = new Map<number, Bucket>();
  /** Requests refused, by scope, since the start. */
  readonly refused: Record<LimitScope, number> = { token: 0, user: 0 };

  constructor(private readonly settings: TokenLimitSettings) {}

  /**
   * Spends `weight` units of the token's and the user's buckets, or neither: a refusal says which
   * limit and how long until the request would fit. A weight over a whole limit waits for a full
   * bucket and is then let through.
   */
  take(tokenId: number, userId: number, weight: number, now = Date.now()): Refusal | null {
    const checks: [LimitScope, Map<number, Bucket>, number, number][] = [];
    if (this.settings.perToken > 0) checks.push(['token', this.tokens, tokenId, this.settings.perToken]);
    if (this.settings.perUser > 0) checks.push(['user', this.users, userId, this.settings.perUser]);
    const buckets: Bucket[] = [];
    for (const [scope, map, key, limit] of checks) {
      const bucket = this.refill(map, key, limit, now);
      const cost = Math.min(weight, limit);
      if (bucket.units < cost) {
        this.refused[scope]++;
        const perMs = limit / 60_000;
        return {
          scope,
          limit,
          retryAfterSeconds: Math.max(1, Math.ceil((cost - bucket.units) / perMs / 1000)),
        };
      }
      buckets.push(bucket);
    }
    for (const [i, bucket] of buckets.entries()) bucket.units -= Math.min(weight, checks[i]![3]);
    return null;
  }

  private refill(map: Map<number, Bucket>, key: number, limit: number, now: number): Bucket {
    let bucket = map.get(key);
    if (!bucket) {
      if (map.size >= PRUNE_AT) this.prune(map, limit, now);
      bucket = { units: limit, at: now };
      map.set(key, bucket);
      return bucket;
    }
    bucket.units = Math.min(limit, bucket.units + ((now - bucket.at) * limit) / 60_000);
    bucket.at = now;
    return bucket;
  }

  /** Drops the buckets that would be full again by now: they hold nothing a new one would not. */
  private prune(map: Map<number, Bucket>, limit: number, now: number): void {
    for (const [key, bucket] of map) {
      if (bucket.units + ((now - bucket.at) * limit) / 60_000 >= limit) map.delete(key);
    }
  }
}
