import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FlakySettings,
  FlakySettingsMutation,
  FlakyTestList,
  MessageResponse,
  QuarantineBody,
  QuarantineMutation,
} from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The calls of result history, flaky tests and quarantine (docs/product/flaky-tests.md). */

export function useFlakyTests(projectId: number | null) {
  return useQuery({
    queryKey: queryKeys.flaky.byProject(projectId ?? 0),
    queryFn: () => api.get<FlakyTestList>(`/api/projects/${projectId}/flaky-tests`),
    enabled: projectId !== null,
  });
}

/** Quarantine and its end: the case's history and every flaky list (and searches) follow. */
export function useQuarantine(caseId: number) {
  const queryClient = useQueryClient();
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.flaky.history(caseId) });
    await queryClient.invalidateQueries({ queryKey: ['cycles', 'flaky'] });
    await queryClient.invalidateQueries({ queryKey: ['cases', 'search'] });
  };
  const start = useMutation({
    mutationFn: (body: QuarantineBody) =>
      api.put<QuarantineMutation>(`/api/test-cases/${caseId}/quarantine`, body),
    onSuccess: reload,
  });
  const end = useMutation({
    mutationFn: () => api.del<MessageResponse>(`/api/test-cases/${caseId}/quarantine`),
    onSuccess: reload,
  });
  return { start, end };
}

export function useSaveFlakySettings(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FlakySettings) =>
      api.put<FlakySettingsMutation>(`/api/projects/${projectId}/flaky-settings`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.flaky.byProject(projectId) }),
  });
}
