import type { CycleItem, CycleItemPage, CycleItemState } from '@verdict/contract';
import { describe, expect, it, vi } from 'vitest';
import { firstOtherItem, nextUntestedItem, type UntestedPage } from './next-item';

const item = (id: number, assignee: number | null = null, state: CycleItemState = 'untested'): CycleItem => ({
  id,
  cycle_id: 1,
  test_case: {
    id: id * 10,
    name: `Case ${id}`,
    description: '',
    suite_id: 1,
    suite_name: 'Checkout',
    parent_id: null,
    priority: 'medium',
  },
  state,
  assignee: assignee === null ? null : { id: assignee, username: `user${assignee}` },
  executor: null,
  results: 0,
  last_result: null,
  parameter_row: null,
  updated_at: '2026-11-25T12:00:00Z',
});

const page = (...items: CycleItem[]): CycleItemPage => ({ items, total: items.length });

/** A cycle's items; the fake API filters them as the server does. */
function pagesOf(items: CycleItem[]) {
  const read = vi.fn<UntestedPage>(async (assigneeId, afterId, state) =>
    page(
      ...items
        .filter((entry) => entry.state === state)
        .filter((entry) => assigneeId === undefined || entry.assignee?.id === assigneeId)
        .filter((entry) => afterId === undefined || entry.id > afterId)
        .slice(0, 2),
    ),
  );
  return read;
}

describe('firstOtherItem', () => {
  it('skips the current item', () => {
    expect(firstOtherItem(page(item(1), item(2)), 1)?.id).toBe(2);
    expect(firstOtherItem(page(item(1), item(2)), 3)?.id).toBe(1);
    expect(firstOtherItem(page(item(1)), 1)).toBeNull();
    expect(firstOtherItem(page(), 1)).toBeNull();
  });
});

describe('nextUntestedItem', () => {
  it("takes the caller's own untested item before unassigned ones", async () => {
    const read = pagesOf([item(1), item(2, 9), item(3, 7), item(4, 7)]);
    expect((await nextUntestedItem(read, 2, 7))?.id).toBe(3);
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith(7, 2, 'untested');
  });

  it('walks forward from the current item and wraps to the start', async () => {
    const items = [item(1), item(2), item(3)];
    expect((await nextUntestedItem(pagesOf(items), 1, null))?.id).toBe(2);
    expect((await nextUntestedItem(pagesOf(items), 2, null))?.id).toBe(3);
    expect((await nextUntestedItem(pagesOf(items), 3, null))?.id).toBe(1);
  });

  it('skips the current item among the caller’s own, wrapping before taking anyone else’s', async () => {
    const read = pagesOf([item(1), item(3, 7), item(4, 7)]);
    expect((await nextUntestedItem(read, 3, 7))?.id).toBe(4);
    expect((await nextUntestedItem(read, 4, 7))?.id).toBe(3);
  });

  it('falls back to any untested item when none of the caller’s is left', async () => {
    const read = pagesOf([item(1, 9), item(2), item(3, 7)]);
    expect((await nextUntestedItem(read, 3, 7))?.id).toBe(1);
    expect(read).toHaveBeenLastCalledWith(undefined, undefined, 'untested');
  });

  it('asks for any untested item straight away without a signed-in user', async () => {
    const read = pagesOf([item(1, 7), item(2)]);
    expect((await nextUntestedItem(read, 1, null))?.id).toBe(2);
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith(undefined, 1, 'untested');
  });

  it('takes an item marked Retest once no untested one is left, the caller’s own first', async () => {
    const read = pagesOf([item(1, 9, 'passed'), item(2, null, 'retest'), item(3, 7, 'retest'), item(4, 7)]);
    expect((await nextUntestedItem(read, 4, 7))?.id).toBe(3);
    expect(read).toHaveBeenLastCalledWith(7, undefined, 'retest');
    expect((await nextUntestedItem(read, 3, 7))?.id).toBe(4);
    const others = pagesOf([item(1, null, 'retest'), item(2, 9), item(3, 7, 'failed')]);
    expect((await nextUntestedItem(others, 3, 7))?.id).toBe(2);
    expect((await nextUntestedItem(pagesOf([item(1, null, 'retest'), item(3, 7, 'failed')]), 3, 7))?.id).toBe(
      1,
    );
  });

  it('answers null when no other untested item is left', async () => {
    expect(await nextUntestedItem(pagesOf([item(5, 7)]), 5, 7)).toBeNull();
    expect(await nextUntestedItem(pagesOf([]), 5, 7)).toBeNull();
    expect(await nextUntestedItem(pagesOf([item(5, 7, 'retest'), item(6, 7, 'passed')]), 5, 7)).toBeNull();
  });
});
