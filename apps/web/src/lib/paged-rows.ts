import { type QueryKey, type UseQueryOptions, useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect, useState } from 'react';

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

/**
 * A long list read from the server a page at a time and drawn virtualized (TanStack Virtual):
 * only the rows in view are drawn, and only the pages they fall in are loaded, as the list
 * scrolls. The cycle page's items and the search results use it.
 */
export function usePagedRows<Page extends RowPage<unknown>, Key extends QueryKey = QueryKey>({
  pageSize,
  page,
  rowHeight,
  overscan,
  scrollRef,
}: PagedRowsOptions<Page, Key>) {
  type Row = Page['items'][number];
  const [range, setRange] = useState({ start: 0, end: 0 });
  const pageIndexes = pagesAround(range.start, range.end, pageSize);
  const pages = useQueries({ queries: pageIndexes.map((index) => page(index * pageSize)) });
  const total = pages[0]?.data?.total;
  const rowAt = (index: number): Row | undefined => {
    const at = pageIndexes.indexOf(Math.floor(index / pageSize));
    return at < 0 ? undefined : pages[at]?.data?.items[index % pageSize];
  };
  const virtualizer = useVirtualizer({
    count: total ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
  });
  const visible = virtualizer.getVirtualItems();
  const first = visible[0]?.index ?? 0;
  const last = visible.at(-1)?.index ?? 0;
  useEffect(() => {
    if (first !== range.start || last !== range.end) setRange({ start: first, end: last });
  }, [first, last, range.start, range.end]);
  return { pages, total, rowAt, virtualizer, visible, failed: pages.find((p) => p.error) };
}
