import type { Tx } from '../../db/client.ts';

/**
 * A per-process memo of what authentication and project access read from the database, so
 * that a request does not spend most of its time asking who its caller is (issue 8: checks
 * cost ≤ 15% of an endpoint's throughput). It holds nothing that matters
 * (docs/product/README.md, "Data lives in PostgreSQL"): every
 * entry is a copy of committed rows, and it is emptied whenever those rows may have changed:
 *
 * - by PostgreSQL itself: triggers on users, user_roles, role_permissions, permissions,
 *   revoked_tokens, projects and project_members send NOTIFY verdict_auth
 *   (db/triggers/auth-notify.sql), which every server instance listens to, whoever made the change;
 * - by this process, before it answers a request that may have changed them (a route that
 *   declares `config.authCache: 'invalidates'`, plugins/auth.ts), so its own caller never sees
 *   the old state;
 * - and after TTL_MS at the latest.
 *
 * While the listening connection is down, the cache is off and every request reads the
 * database, as it would without it. A read that began before an invalidation is not stored
 * (the generation check), so a slow read cannot put back what an invalidation removed.
 */
export const AUTH_CHANNEL = 'verdict_auth';
const TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;

interface Entry<T> {
  value: T;
  at: number;
}

export class AuthCache {
  private generation = 0;
  private enabled = false;
  private readonly maps = new Map<string, Map<string, Entry<unknown>>>();
  /**
   * Reads in flight, by kind and key: callers that miss the same entry at once share one read
   * (50 requests of one tester, when the entry's time is up, make one query, not 50 that each wait
   * their turn on the database).
   */
  private readonly loading = new Map<string, Promise<unknown>>();

  /** Forgets everything; reads in flight are not stored, nor shared with later callers. */
  invalidate(): void {
    this.generation++;
    for (const map of this.maps.values()) map.clear();
    this.loading.clear();
  }

  /** Turns the cache on (the invalidation feed is live) or off (it is not). */
  setEnabled(enabled: boolean): void {
    this.invalidate();
    this.enabled = enabled;
  }

  /**
   * Waits until every change committed so far has reached this cache (its notification was
   * handled). Changes made through this server need no wait; tests that write rows directly
   * on a PostgreSQL server call it before their next request.
   */
  settle: () => Promise<void> = async () => {};

  get isEnabled(): boolean {
    return this.enabled;
  }

  async get<T>(kind: string, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    let map = this.maps.get(kind);
    if (!map) {
      map = new Map();
      this.maps.set(kind, map);
    }
    const now = Date.now();
    const hit = map.get(key);
    if (hit && now - hit.at < TTL_MS) return hit.value as T;
    const flight = `${kind}\u0000${key}`;
    const inFlight = this.loading.get(flight);
    if (inFlight) return inFlight as Promise<T>;
    const generation = this.generation;
    const read = load().then((value) => {
      if (this.enabled && generation === this.generation) {
        if (map.size >= MAX_ENTRIES) map.clear();
        map.set(key, { value, at: now });
      }
      return value;
    });
    this.loading.set(flight, read);
    const done = () => {
      if (this.loading.get(flight) === read) this.loading.delete(flight);
    };
    read.then(done, done);
    return read;
  }
}

// Keyed by the database handle: only reads on the app's own handle use the cache, never reads
// inside a transaction, which may see its own uncommitted changes.
const caches = new WeakMap<object, AuthCache>();

export function attachAuthCache(db: Tx, cache: AuthCache): void {
  caches.set(db, cache);
}

export function authCacheOf(db: Tx): AuthCache | undefined {
  return caches.get(db);
}
