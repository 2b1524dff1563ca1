import type { Tx } from '../../db/client.ts';
import { findNewFailures } from './cycle-failures-repository.ts';

/**
 * A cycle's new failures, as chat messages name them (docs/product/webhooks.md, "Chat formats"):
 * its failed items whose case was not failed in the previous cycle of the project on the same
 * branch (docs/decisions/232-webhook-chat-formats.md). With no previous cycle, every failure is new.
 * At most `limit` names, with the whole count.
 */
export function newFailuresOf(
  db: Tx,
  cycleId: number,
  limit: number,
): Promise<{ names: string[]; total: number }> {
  return findNewFailures(db, cycleId, limit);
}
