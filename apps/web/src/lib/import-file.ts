import { useQuery } from '@tanstack/react-query';
import { CASE_IMPORT_CONTENT_TYPES } from '@verdict/contract';
import { useRef } from 'react';
import { ApiError, sendFile } from './api-client';
import { type ImportMapping, mappingQuery } from './import-mapping';
import { readJsonLines } from './json-lines';
import { queryKeys } from './query-keys';

/**
 * The calls of the spreadsheet import screens (Import Test Cases, Import Requirements): the chosen
 * file is the body, as it is; `{base}/preview` reads it, `{base}` imports it all or nothing,
 * answering JSON lines (packages/contract/src/case-import.ts, requirement-import.ts).
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the file picker offers: CSV and XLSX, by extension and by type. */
export const FILE_ACCEPT = `.csv,.xlsx,text/csv,${XLSX_TYPE}`;

/**
 * The Content-Type a file goes with: its own when the server takes it, else by its extension
 * (browsers give a CSV 'application/vnd.ms-excel' or nothing at all), CSV by default.
 */
export function contentTypeOf(file: Pick<File, 'name' | 'type'>): string {
  if ((CASE_IMPORT_CONTENT_TYPES as readonly string[]).includes(file.type)) return file.type;
  return /\.xlsx$/i.test(file.name) ? XLSX_TYPE : 'text/csv';
}

/** A file chosen on the screen; `serial` tells two choices of the same file apart. */
export interface ChosenFile {
  file: File;
  serial: number;
}

/** One line of the import's answer as the rows go in. */
export interface ImportProgress {
  done: number;
  total: number;
}

/** `POST {base}/preview`: the file read as it would be imported. */
export async function previewImport<Preview>(
  base: string,
  file: File,
  mapping: ImportMapping | null,
  signal?: AbortSignal,
): Promise<Preview> {
  const response = await sendFile(`${base}/preview${mappingQuery(mapping)}`, file, contentTypeOf(file), {
    signal,
  });
  try {
    return (await response.json()) as Preview;
  } catch {
    throw new ApiError({
      kind: 'response',
      status: response.status,
      reason: 'The server answered with something that is not JSON',
    });
  }
}

function isProgress(line: unknown): line is ImportProgress {
  return typeof line === 'object' && line !== null && 'done' in line && 'total' in line;
}

function isResult(line: unknown): boolean {
  return typeof line === 'object' && line !== null && 'message' in line && 'created' in line;
}

function isFailure(line: unknown): line is { message: string; error: true } {
  return typeof line === 'object' && line !== null && (line as { error?: unknown }).error === true;
}

/**
 * `POST {base}`, all or nothing, read as JSON lines: `onProgress` hears each `{done, total}`; the
 * last line is the result, or a failure (thrown as an `ApiError` with the server's message). An
 * answer that breaks off before its last line throws a 'no-response'.
 */
export async function runImport<Result>(
  base: string,
  file: File,
  mapping: ImportMapping,
  onProgress: (progress: ImportProgress) => void,
): Promise<Result> {
  const response = await sendFile(`${base}${mappingQuery(mapping)}`, file, contentTypeOf(file), {
    accept: 'application/x-ndjson',
  });
  let result: Result | undefined;
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
        else if (isResult(line)) result = line as Result;
      }
    }
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    throw new ApiError({
      kind: 'no-response',
      reason: cause instanceof Error && cause.message ? cause.message : String(cause),
    });
  }
  if (result === undefined) {
    throw new ApiError({ kind: 'no-response', reason: 'The answer ended before the import finished' });
  }
  return result;
}

/**
 * The preview of the chosen file with `mapping` (null: the server's guess). The previous preview
 * stays on screen while the next one comes; a file is read again only when the mapping changes.
 */
export function useImportPreview<Preview>(
  base: string,
  chosen: ChosenFile | null,
  mapping: ImportMapping | null,
) {
  return useQuery({
    queryKey: queryKeys.importPreview(base, chosen?.serial ?? 0, mappingQuery(mapping)),
    queryFn: ({ signal }) => previewImport<Preview>(base, (chosen as ChosenFile).file, mapping, signal),
    enabled: chosen !== null,
    // Another mapping of the same file keeps the last preview in view; another file does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === chosen?.serial ? previous : undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
}

/**
 * The preview to show: the current one, or, while the next one of the same file fails, the last
 * one that came (it stays in view with its error).
 */
export function useShownPreview<Preview>(
  chosen: ChosenFile | null,
  preview: { data: Preview | undefined; isPlaceholderData: boolean },
): Preview | undefined {
  const last = useRef<{ serial: number; preview: Preview } | null>(null);
  if (chosen && preview.data && !preview.isPlaceholderData) {
    last.current = { serial: chosen.serial, preview: preview.data };
  }
  return (
    preview.data ?? (chosen && last.current?.serial === chosen.serial ? last.current.preview : undefined)
  );
}
