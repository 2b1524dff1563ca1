import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseFieldList, CaseImportPreview, CaseImportResult } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { type ChosenFile, type ImportProgress, runImport, useImportPreview } from '@/lib/import-file';
import type { ImportMapping } from '@/lib/import-mapping';
import { queryKeys } from '@/lib/query-keys';

/** The calls of Import Test Cases (packages/contract/src/case-import.ts; lib/import-file.ts). */

const importsOf = (projectId: number) => `/api/projects/${projectId}/case-imports`;

/** The preview of the chosen file with `mapping` (null: the server's guess). */
export function useCaseImportPreview(
  projectId: number,
  chosen: ChosenFile | null,
  mapping: ImportMapping | null,
) {
  return useImportPreview<CaseImportPreview>(importsOf(projectId), chosen, mapping);
}

/** The import itself; on success every list that may show the new suites and cases reloads. */
export function useRunCaseImport(projectId: number, onProgress: (progress: ImportProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: ImportMapping }) =>
      runImport<CaseImportResult>(importsOf(projectId), file, mapping, onProgress),
    onSuccess: () => {
      for (const queryKey of [queryKeys.suites.all, queryKeys.cases.all, queryKeys.projects.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

/** The project's custom fields, in their order, as targets of the mapping. */
export function useImportFields(projectId: number) {
  return useQuery({
    queryKey: queryKeys.caseFields.byProject(projectId),
    queryFn: () => api.get<CaseFieldList>(`/api/projects/${projectId}/case-fields`),
    select: (answer) => [...answer.fields].sort((a, b) => a.position - b.position || a.id - b.id),
  });
}
