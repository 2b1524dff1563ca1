import { useQuery } from '@tanstack/react-query';
import type { TestCase } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The case lists the screens show (docs/product/cases.md, "The calls"): whole lists, which the
 * server keeps ready-made (a 10,000-case suite is about 63 KB gzipped); the screen draws one page.
 * Fetched only with home_test_case in the project, as the server answers 403 without it.
 */
export function useSuiteCases(suiteId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.cases.bySuite(suiteId),
    queryFn: ({ signal }) => api.get<TestCase[]>(`/api/test-cases/suite/${suiteId}`, { signal }),
    enabled,
  });
}

export function useChildCases(caseId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.cases.byParent(caseId),
    queryFn: ({ signal }) => api.get<TestCase[]>(`/api/test-cases/parent/${caseId}`, { signal }),
    enabled,
  });
}

/** A project's top-level cases, each with its `suite_id`. */
export function useProjectCases(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.cases.byProject(projectId),
    queryFn: ({ signal }) => api.get<TestCase[]>(`/api/test-cases/project/${projectId}`, { signal }),
    enabled,
  });
}
