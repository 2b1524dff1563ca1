import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CycleItem } from '@verdict/contract';
import { getCycleItems } from '@/entities/cycle/cycle-api';
import { queryKeys } from '@/lib/query-keys';

/** How many items the execution view's list shows on each side of the open one. */
export const ITEMS_AROUND = 10;

/** The open item's neighbours in item order, and where it stands in its cycle. */
export interface ItemsAround {
  /** The items just before it, in item order (the last is the previous item). */
  before: CycleItem[];
  after: CycleItem[];
  /** Its place in the cycle, from 1, and how many items the cycle has. */
  position: number;
  total: number;
}

/**
 * The items around one item of a cycle (docs/product/cycle-execution.md, "The cycle's items"):
 * two pages read from it, backwards and forwards. Under 'cycle-items', so live updates reload it.
 */
export function useItemsAround(cycleId: number, itemId: number) {
  return useQuery({
    queryKey: [...queryKeys.cycleItems.all, 'around', cycleId, itemId],
    queryFn: async (): Promise<ItemsAround> => {
      const [before, after] = await Promise.all([
        getCycleItems(cycleId, { before_id: itemId }, 0, ITEMS_AROUND),
        getCycleItems(cycleId, { after_id: itemId }, 0, ITEMS_AROUND),
      ]);
      return {
        before: [...before.items].reverse(),
        after: after.items,
        position: before.total + 1,
        total: before.total + 1 + after.total,
      };
    },
    // The list stays on screen while the next item's neighbours load.
    placeholderData: keepPreviousData,
  });
}
