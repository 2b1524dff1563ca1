import type { Db } from '../../db/client.ts';
import { idsStoredInBucket } from './attachments-repository.ts';
import { type ObjectStore, objectStoreOf } from './object-store.ts';

/**
 * The orphan sweep of the object store (decision 251). A row deleted by a cascade (its case,
 * result, cycle or project deleted), by the retention sweep's failure to reach the store, or by a
 * restore leaves its object behind; every instance walks the bucket's `attachments/` keys a page
 * at a time and removes those no row stores there. A row is inserted (as stored in the bucket)
 * before its object is written, so an upload under way is never taken for an orphan.
 */

const PREFIX = 'attachments/';

/** Sweeps one page of keys from `token` on; answers the next page's token and the keys removed. */
export async function sweepOrphanedObjects(
  db: Db,
  token?: string,
  store: ObjectStore | undefined = objectStoreOf(db),
): Promise<{ next: string | undefined; removed: string[] }> {
  if (!store) return { next: undefined, removed: [] };
  const page = await store.list(PREFIX, token);
  const ids = page.keys.flatMap((key) => {
    const id = key.slice(PREFIX.length);
    return /^[1-9]\d{0,9}$/.test(id) ? [Number(id)] : [];
  });
  const kept = await idsStoredInBucket(db, ids);
  const removed = ids.filter((id) => !kept.has(id)).map((id) => `${PREFIX}${id}`);
  if (removed.length > 0) await store.remove(removed);
  return { next: page.next, removed };
}

/** Runs the sweep every `everyMs` on this instance, a page per run, round the bucket and again. */
export function startObjectSweep(db: Db, everyMs: number, warn: (error: unknown) => void): () => void {
  let token: string | undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOrphanedObjects(db, token)
      .then((page) => {
        token = page.next;
      })
      .catch(warn)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
