import { type QueryKey, type UseQueryOptions, useQueries } from '@tanstack/react-query';
import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

/**
 * The pages (by index) a list must load to show rows `start` to `end`: page 0 always, since it
 * answers the total that sizes the list wherever it is scrolled.
 */
export function pagesAround(start: number, end: number, pageSize: number): number[] {
  const pages = new Set([0]);
  if (end >= start) {
    for (let page = Math.floor(start / pageSize); page <= Math.floor(end / pageSize); page++) pages.add(page);
  }
  return [...pages];
}

export interface RowPage<Row> {
  items: Row[];
  total: number;
}

export interface PagedRowsOptions<Page extends RowPage<unknown>, Key extends QueryKey> {
  pageSize: number;
  /** The query of the page that starts at `offset`; it answers that page's rows and the total. */
  page: (offset: number) => UseQueryOptions<Page, Error, Page, Key>;
  rowHeight: number;
  overscan: number;
  scrollRef: RefObject<HTMLElement | null>;
}

/** The loaded pages of a paged list and the range of rows it must load them for. */
function useRowPages<Page extends RowPage<unknown>, Key extends QueryKey>(
  pageSize: number,
  page: (offset: number) => UseQueryOptions<Page, Error, Page, Key>,
) {
  type Row = Page['items'][number];
  const [range, setRange] = useState({ start: 0, end: 0 });
  const pageIndexes = pagesAround(range.start, range.end, pageSize);
  const pages = useQueries({ queries: pageIndexes.map((index) => page(index * pageSize)) });
  const total = pages[0]?.data?.total;
  const rowAt = (index: number): Row | undefined => {
    const at = pageIndexes.indexOf(Math.floor(index / pageSize));
    return at < 0 ? undefined : pages[at]?.data?.items[index % pageSize];
  };
  return { pages, total, rowAt, range, setRange, failed: pages.find((p) => p.error) };
}

/** Keeps the loaded range on the rows the virtualizer draws. */
function useDrawnRows<S extends Element | Window, E extends Element>(
  rows: ReturnType<typeof useRowPages>,
  virtualizer: Virtualizer<S, E>,
) {
  const visible = virtualizer.getVirtualItems();
  const first = visible[0]?.index ?? 0;
  const last = visible.at(-1)?.index ?? 0;
  const { range, setRange } = rows;
  useEffect(() => {
    if (first !== range.start || last !== range.end) setRange({ start: first, end: last });
  }, [first, last, range.start, range.end, setRange]);
  return visible;
}

/**
 * A long list read from the server a page at a time and drawn virtualized (TanStack Virtual):
 * only the rows in view are drawn, and only the pages they fall in are loaded, as the list
 * scrolls inside its own box (`scrollRef`). The search results use it.
 */
export function usePagedRows<Page extends RowPage<unknown>, Key extends QueryKey = QueryKey>({
  pageSize,
  page,
  rowHeight,
  overscan,
  scrollRef,
}: PagedRowsOptions<Page, Key>) {
  const rows = useRowPages(pageSize, page);
  const virtualizer = useVirtualizer({
    count: rows.total ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
  });
  const visible = useDrawnRows(rows, virtualizer);
  return {
    pages: rows.pages,
    total: rows.total,
    rowAt: rows.rowAt,
    virtualizer,
    visible,
    failed: rows.failed,
  };
}

export interface WindowPagedRowsOptions<Page extends RowPage<unknown>, Key extends QueryKey>
  extends Omit<PagedRowsOptions<Page, Key>, 'scrollRef'> {
  /** The list element: where it starts on the page offsets its rows. */
  listRef: RefObject<HTMLElement | null>;
}

/**
 * usePagedRows for a list that scrolls with the page (the cycle page's items): rows may differ
 * in height (each is measured once drawn: `ref={virtualizer.measureElement}` and `data-index`),
 * and each row's `start` counts from the list's top (`start - scrollMargin`).
 */
export function useWindowPagedRows<Page extends RowPage<unknown>, Key extends QueryKey = QueryKey>({
  pageSize,
  page,
  rowHeight,
  overscan,
  listRef,
}: WindowPagedRowsOptions<Page, Key>) {
  const rows = useRowPages(pageSize, page);
  const [scrollMargin, setScrollMargin] = useState(0);
  // What stands above the list (filters, messages) may change its place on the page.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const top = Math.round(list.getBoundingClientRect().top + window.scrollY);
    if (top !== scrollMargin) setScrollMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.total ?? 0,
    estimateSize: () => rowHeight,
    overscan,
    scrollMargin,
  });
  const visible = useDrawnRows(rows, virtualizer);
  return {
    pages: rows.pages,
    total: rows.total,
    rowAt: rows.rowAt,
    virtualizer,
    visible,
    failed: rows.failed,
  };
}
