import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** A list's search text and page, wherever they are kept. */
export interface ListState {
  query: string;
  /** 1-based; the list clamps it to the pages it has. */
  page: number;
  setQuery: (query: string) => void;
  setPage: (page: number) => void;
}

/** `?page=` as a page number: a positive integer, anything else page 1. */
export function pageFromParam(value: string | null): number {
  if (value === null || !/^[1-9]\d{0,8}$/.test(value)) return 1;
  return Number(value);
}

/** The params with `name` set to `value`, or without it when `value` is its default (''). */
export function withParam(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const updated = new URLSearchParams(params);
  if (value === '') updated.delete(name);
  else updated.set(name, value);
  return updated;
}

/** The address's names for a list's search and page; a screen with two lists names one apart. */
export interface ListParams {
  /** Default `q`. */
  queryParam?: string;
  /** Default `page`. */
  pageParam?: string;
}

/**
 * Keeps a list's search (`?q=`) and page (`?page=`) in the address, so Back, a reload or a shared
 * link returns to the same page of the same search (docs/product/errors-and-keyboard.md, "Lists
 * in the address"). Typing replaces the history entry (no entry per key); a new page pushes one.
 * A new search goes back to page 1, as a list always does.
 */
export function useUrlListState({ queryParam = 'q', pageParam = 'page' }: ListParams = {}): ListState {
  const [params, setParams] = useSearchParams();
  // Both setters may run in one event (search, then page 1): each builds on what the other set.
  const latest = useRef(params);
  latest.current = params;
  const query = params.get(queryParam) ?? '';
  const page = pageFromParam(params.get(pageParam));

  const apply = useCallback(
    (updated: URLSearchParams, replace: boolean) => {
      if (updated.toString() === latest.current.toString()) return;
      latest.current = updated;
      setParams(updated, { replace });
    },
    [setParams],
  );

  const setQuery = useCallback(
    (next: string) => apply(withParam(withParam(latest.current, queryParam, next), pageParam, ''), true),
    [apply, queryParam, pageParam],
  );
  const setPage = useCallback(
    (next: number) => apply(withParam(latest.current, pageParam, next <= 1 ? '' : String(next)), false),
    [apply, pageParam],
  );

  return useMemo(() => ({ query, page, setQuery, setPage }), [query, page, setQuery, setPage]);
}
