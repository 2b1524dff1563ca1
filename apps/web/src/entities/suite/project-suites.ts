import { useQuery } from '@tanstack/react-query';
import type { Suite } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * A project's suites (docs/product/suites.md, "The calls"); only with home_test_suit there. Shared
 * by the suite list and the test cycle screens (their case picker and suite filter).
 */
export function useProjectSuites(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.suites.byProject(projectId),
    queryFn: ({ signal }) => api.get<Suite[]>(`/api/testsuites/project/${projectId}`, { signal }),
    enabled,
  });
}
