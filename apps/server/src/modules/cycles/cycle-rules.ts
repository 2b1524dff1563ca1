import { ConflictError } from '../../lib/errors.ts';

/**
 * The rules of a test cycle that other modules check too (bulk "Add to cycle", attachments of a
 * result, defects of an item): one text and one check each, so every module refuses alike.
 */

export const CYCLE_NOT_FOUND = 'Test cycle not found';
export const ITEM_NOT_FOUND = 'Cycle item not found';
export const CYCLE_CLOSED = 'This test cycle is closed; reopen it first';

/** The refusal of a change to a closed cycle (409). */
export function cycleClosed(): ConflictError {
  return new ConflictError(CYCLE_CLOSED, 'cycle_closed');
}

/** A closed cycle takes no new items, results or files until it is reopened (409). */
export function assertCycleOpen(cycle: { state: 'open' | 'closed' | string | null }): void {
  if (cycle.state === 'closed') throw cycleClosed();
}
