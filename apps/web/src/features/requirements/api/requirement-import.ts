import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequirementImportPreview, RequirementImportResult } from '@verdict/contract';
import { type ChosenFile, type ImportProgress, runImport, useImportPreview } from '@/lib/import-file';
import type { ImportMapping } from '@/lib/import-mapping';
import { queryKeys } from '@/lib/query-keys';

/**
 * The calls of Import Requirements (packages/contract/src/requirement-import.ts): the same
 * preview → import flow as the case import (lib/import-file.ts).
 */

const importsOf = (projectId: number) => `/api/projects/${projectId}/requirement-imports`;

/** The preview of the chosen file with `mapping` (null: the server's guess). */
export function useRequirementImportPreview(
  projectId: number,
  chosen: ChosenFile | null,
  mapping: ImportMapping | null,
) {
  return useImportPreview<RequirementImportPreview>(importsOf(projectId), chosen, mapping);
}

/**
 * The import itself; on success everything under queryKeys.requirements.all reloads (the lists,
 * pages and the matrix, whose coverage a new parent changes).
 */
export function useRunRequirementImport(projectId: number, onProgress: (progress: ImportProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: ImportMapping }) =>
      runImport<RequirementImportResult>(importsOf(projectId), file, mapping, onProgress),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.requirements.all });
    },
  });
}
