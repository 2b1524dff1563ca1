import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvidenceRetention, EvidenceRetentionMutation } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A project's retention of CI evidence (docs/product/attachments.md, "Retention of CI evidence"). */

export function useEvidenceRetention(projectId: number) {
  return useQuery({
    queryKey: queryKeys.evidenceRetention(projectId),
    queryFn: () => api.get<EvidenceRetention>(`/api/projects/${projectId}/evidence-retention`),
  });
}

export function useSaveEvidenceRetention(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EvidenceRetention) =>
      api.put<EvidenceRetentionMutation>(`/api/projects/${projectId}/evidence-retention`, body),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.evidenceRetention(projectId), answer.retention),
  });
}
