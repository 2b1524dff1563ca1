import { useMutation, useQuery } from '@tanstack/react-query';
import type { SignOffReport } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { downloadFile, saveFile } from '@/lib/download-file';
import { queryKeys } from '@/lib/query-keys';

/**
 * A milestone's sign-off report (docs/product/milestones.md, "Sign-off report") and its PDF. The
 * key sits under the milestones' ('cycles'), so results recorded and live updates read it again.
 */

export const signOffKey = (milestoneId: number) =>
  [...queryKeys.milestones.all, 'sign-off', milestoneId] as const;

export const signOffPdfPath = (milestoneId: number) => `/api/milestones/${milestoneId}/sign-off.pdf`;

/** `milestoneId` null (a malformed route param) never fetches. */
export function useSignOffReport(milestoneId: number | null) {
  return useQuery({
    queryKey: signOffKey(milestoneId ?? 0),
    queryFn: () => api.get<SignOffReport>(`/api/milestones/${milestoneId}/sign-off`),
    enabled: milestoneId !== null && milestoneId > 0,
  });
}

/** 'Download PDF': fetched with the session's token (a plain link could not carry it), saved under the server's name. */
export function useSignOffPdf(milestoneId: number) {
  return useMutation({
    mutationFn: async () => {
      const file = await downloadFile(signOffPdfPath(milestoneId), {
        accept: 'application/pdf',
        type: 'application/pdf',
      });
      saveFile({ blob: file.blob, filename: file.filename ?? `sign-off-milestone-${milestoneId}.pdf` });
    },
  });
}
