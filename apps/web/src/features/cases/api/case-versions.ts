import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseMutation, CaseVersionPage } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh';

/** How many versions the History tab lists; older ones are behind 'Show older versions'. */
export const VERSIONS_PAGE = 50;

export const getCaseVersions = (caseId: number, limit: number) =>
  api.get<CaseVersionPage>(`/api/test-cases/${caseId}/versions?limit=${limit}&offset=0`);

export function useCaseVersions(caseId: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.cases.versions(caseId), limit],
    queryFn: () => getCaseVersions(caseId, limit),
    enabled,
  });
}

export const restoreCaseVersion = (caseId: number, version: number) =>
  api.post<CaseMutation>(`/api/test-cases/${caseId}/versions/${version}/restore`, {});

export function useRestoreCaseVersion(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => restoreCaseVersion(caseId, version),
    // A restore changes the case like an edit does (its name shows in runs and the tree).
    onSuccess: () => refreshAfter(queryClient, { type: 'case', id: caseId }, ['cases', 'runs']),
  });
}
