import type { CycleItem, CycleItemPage, CycleItemState } from '@verdict/contract';

/**
 * The states still to execute, in the order they are looked for: untested items first, then those
 * marked Retest ("fixed, verify again").
 */
export const TO_EXECUTE: readonly CycleItemState[] = ['untested', 'retest'];

/**
 * Reads one page of a cycle's items in `state`: the caller's own when `assigneeId` is given, and
 * only those after `afterId` in item order when that is given.
 */
export type UntestedPage = (
  assigneeId: number | undefined,
  afterId: number | undefined,
  state: CycleItemState,
) => Promise<CycleItemPage>;

/**
 * Each page asks for two items: the one being left may still be untested (N moves on without a
 * result), so the second is the next one.
 */
export const NEXT_PAGE_SIZE = 2;

/** The first item of a page that is not the one being left. */
export function firstOtherItem(page: CycleItemPage, currentId: number): CycleItem | null {
  return page.items.find((item) => item.id !== currentId) ?? null;
}

/**
 * The next untested item of the cycle (docs/product/cycle-execution.md, "Next untested"): the
 * caller's own assigned ones first, then any; within each, an untested item before one marked
 * Retest; within each state, the first after the current item in item order, else the first from
 * the start (so N walks forward through the cycle and wraps); never the current one; null when
 * none is left. `me` null (no user) goes straight to any.
 */
export async function nextUntestedItem(
  readPage: UntestedPage,
  currentId: number,
  me: number | null,
): Promise<CycleItem | null> {
  const assignees = me === null ? [undefined] : [me, undefined];
  for (const assignee of assignees) {
    for (const state of TO_EXECUTE) {
      const after = firstOtherItem(await readPage(assignee, currentId, state), currentId);
      if (after) return after;
      const wrapped = firstOtherItem(await readPage(assignee, undefined, state), currentId);
      if (wrapped) return wrapped;
    }
  }
  return null;
}
