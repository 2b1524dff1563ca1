import { LIST_PAGE_SIZE } from './ui-constants';

/**
 * Pure page arithmetic for `DataList`: 8 rows a page, footer only past one page
 * (docs/product/shell-and-navigation.md, "Shared behaviour of screens").
 */

export interface PageWindow {
  /** The current page, 1-based, clamped to [1, pageCount]. */
  page: number;
  pageCount: number;
  /** Index of the first row on the page (0-based, inclusive). */
  start: number;
  /** Index after the last row on the page (exclusive). */
  end: number;
  total: number;
  /** Footer and page buttons appear only when the rows do not fit on one page. */
  showControls: boolean;
}

export function pageWindow(total: number, page: number, pageSize = LIST_PAGE_SIZE): PageWindow {
  const size = Math.max(1, Math.floor(pageSize));
  const count = Math.max(0, Math.floor(total));
  const pageCount = Math.max(1, Math.ceil(count / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * size;
  return {
    page: current,
    pageCount,
    start,
    end: Math.min(start + size, count),
    total: count,
    showControls: count > size,
  };
}

/** 'Showing x-y of n' for the footer; x and y are 1-based. */
export function showingText({ start, end, total }: PageWindow): string {
  return total === 0 ? 'Showing 0-0 of 0' : `Showing ${start + 1}-${end} of ${total}`;
}

export type PageButton = number | 'gap';

/**
 * Numbered buttons to draw: every page when there are few, else the first, the last, and
 * `siblings` pages either side of the current one, with 'gap' where pages are skipped.
 */
export function pageButtons(page: number, pageCount: number, siblings = 1): PageButton[] {
  const maxPlain = 2 * siblings + 5;
  if (pageCount <= maxPlain) return range(1, pageCount);
  const from = Math.max(2, Math.min(page - siblings, pageCount - 2 * siblings - 2));
  const to = Math.min(pageCount - 1, Math.max(page + siblings, 2 * siblings + 3));
  const buttons: PageButton[] = [1];
  if (from > 2) buttons.push('gap');
  buttons.push(...range(from, to));
  if (to < pageCount - 1) buttons.push('gap');
  buttons.push(pageCount);
  return buttons;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
