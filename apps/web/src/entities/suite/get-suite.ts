import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Suite } from '@verdict/contract';
import { PROJECT_FRESH_MS } from '@/entities/project/get-project';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A suite, shared by its own screens and every breadcrumb trail that passes through it. */
export const getSuite = (id: number) => api.get<Suite>(`/api/testsuites/detail/${id}`);

/** Fresh as long as the project detail (decision 189): the page and its trail ask once. */
export const suiteQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.suites.detail(id),
    queryFn: () => getSuite(id),
    staleTime: PROJECT_FRESH_MS,
  });

/** `id` null (a malformed route param) never fetches. */
export function useSuite(id: number | null | undefined) {
  return useQuery({ ...suiteQuery(id ?? 0), enabled: id != null && id > 0 });
}
