import { useQuery } from '@tanstack/react-query';
import type {
  CycleComparison,
  CycleTrend,
  ReportBranches,
  TestReport,
  WorkloadReport,
} from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The calls of the Reports screen and the cycle comparison (docs/product/reports.md,
 * docs/product/cycle-compare.md). `query` is a report's query string: '' (every branch),
 * '?branch=' (cycles naming no branch) or '?branch=main', then its filters
 * ('?branch=main&milestone=R2'); `null` waits for the branch to be known.
 */

export function useReportBranches(projectId: number | null) {
  return useQuery({
    queryKey: queryKeys.reports.branches(projectId ?? 0),
    queryFn: () => api.get<ReportBranches>(`/api/projects/${projectId}/reports/branches`),
    enabled: projectId !== null,
  });
}

function useReport<T>(projectId: number | null, kind: string, query: string | null) {
  return useQuery({
    queryKey: queryKeys.reports.report(projectId ?? 0, kind, query ?? ''),
    queryFn: () => api.get<T>(`/api/projects/${projectId}/reports/${kind}${query}`),
    enabled: projectId !== null && query !== null,
  });
}

export const useCycleTrend = (projectId: number | null, query: string | null) =>
  useReport<CycleTrend>(projectId, 'cycles', query);

export const useSlowestTests = (projectId: number | null, query: string | null) =>
  useReport<TestReport>(projectId, 'slowest-tests', query);

export const useFailingTests = (projectId: number | null, query: string | null) =>
  useReport<TestReport>(projectId, 'failing-tests', query);

/** Each tester's assigned items and recorded results; '' (no filter) lists every tester. */
export const useWorkload = (projectId: number | null, query: string | null) =>
  useReport<WorkloadReport>(projectId, 'workload', query);

/** Both ids null or missing waits for the user to pick them. */
export function useCycleComparison(from: number | null, to: number | null) {
  return useQuery({
    queryKey: queryKeys.reports.compare(from ?? 0, to ?? 0),
    queryFn: () => api.get<CycleComparison>(`/api/cycles/compare?from=${from}&to=${to}`),
    enabled: from !== null && to !== null,
  });
}
