import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The keys of every cached query a call marked stale, as sorted JSON, for comparing in tests. */
export function invalidatedKeys(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => JSON.stringify(query.queryKey))
    .sort();
}

/** Query keys in the form `invalidatedKeys` answers. */
export const keyStrings = (...list: QueryKey[]): string[] => list.map((key) => JSON.stringify(key)).sort();
