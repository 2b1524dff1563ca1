import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseFieldList, CaseImportPreview, CaseImportResult } from '@verdict/contract';
import { ApiError, api, sendFile } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { contentTypeOf, type ImportMapping, mappingQuery } from '../import-mapping';
import { readJsonLines } from '../json-lines';

/** The calls of Import Test Cases (packages/contract/src/case-import.ts). */

/** A file chosen on the screen; `serial` tells two choices of the same file apart. */
export interface ChosenFile {
  file: File;
  serial: number;
}

/** `POST /api/projects/{id}/case-imports/preview`: the file read as it would be imported. */
export async function previewCaseImport(
  projectId: number,
  file: File,
  mapping: ImportMapping | null,
  signal?: AbortSignal,
): Promise<CaseImportPreview> {
  const path = `/api/projects/${projectId}/case-imports/preview${mappingQuery(mapping)}`;
  const response = await sendFile(path, file, contentTypeOf(file), { signal });
  try {
    return (await response.json()) as CaseImportPreview;
  } catch {
    throw new ApiError({
      kind: 'response',
      status: response.status,
      reason: 'The server answered with something that is not JSON',
    });
  }
}

/** One line of the import's answer as the cases go in. */
export interface ImportProgress {
  done: number;
  total: number;
}

function isProgress(line: unknown): line is ImportProgress {
  return typeof line === 'object' && line !== null && 'done' in line && 'total' in line;
}

function isResult(line: unknown): line is CaseImportResult {
  return typeof line === 'object' && line !== null && 'message' in line && 'created' in line;
}

function isFailure(line: unknown): line is { message: string; error: true } {
  return typeof line === 'object' && line !== null && (line as { error?: unknown }).error === true;
}

/**
 * `POST /api/projects/{id}/case-imports`, all or nothing, read as JSON lines: `onProgress` hears
 * each `{done, total}`; the last line is the result, or a failure (thrown as an `ApiError` with
 * the server's message). An answer that breaks off before its last line throws a 'no-response'.
 */
export async function runCaseImport(
  projectId: number,
  file: File,
  mapping: ImportMapping,
  onProgress: (progress: ImportProgress) => void,
): Promise<CaseImportResult> {
  const path = `/api/projects/${projectId}/case-imports${mappingQuery(mapping)}`;
  const response = await sendFile(path, file, contentTypeOf(file), { accept: 'application/x-ndjson' });
  let result: CaseImportResult | undefined;
  try {
    if (response.body) {
      for await (const line of readJsonLines(response.body)) {
        if (isFailure(line)) {
          throw new ApiError({
            kind: 'response',
            status: response.status,
            reason: 'The import failed',
            body: line,
          });
        }
        if (isProgress(line)) onProgress({ done: line.done, total: line.total });
        else if (isResult(line)) result = line;
      }
    }
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    throw new ApiError({
      kind: 'no-response',
      reason: cause instanceof Error && cause.message ? cause.message : String(cause),
    });
  }
  if (!result) {
    throw new ApiError({ kind: 'no-response', reason: 'The answer ended before the import finished' });
  }
  return result;
}

/**
 * The preview of the chosen file with `mapping` (null: the server's guess). The previous preview
 * stays on screen while the next one comes; a file is read again only when the mapping changes.
 */
export function useCaseImportPreview(
  projectId: number,
  chosen: ChosenFile | null,
  mapping: ImportMapping | null,
) {
  return useQuery({
    queryKey: queryKeys.caseImportPreview(projectId, chosen?.serial ?? 0, mappingQuery(mapping)),
    queryFn: ({ signal }) => previewCaseImport(projectId, (chosen as ChosenFile).file, mapping, signal),
    enabled: chosen !== null,
    // Another mapping of the same file keeps the last preview in view; another file does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === chosen?.serial ? previous : undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
}

/** The import itself; on success every list that may show the new suites and cases reloads. */
export function useRunCaseImport(projectId: number, onProgress: (progress: ImportProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: ImportMapping }) =>
      runCaseImport(projectId, file, mapping, onProgress),
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
