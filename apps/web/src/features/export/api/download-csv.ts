import { downloadFile } from '@/lib/download-file';

export { filenameOf, saveFile } from '@/lib/download-file';

/** What can be exported, and where from (server: modules/exports). */
export type ExportKind = 'project-cases' | 'case-runs';

export function exportPath(kind: ExportKind, id: number): string {
  return kind === 'project-cases'
    ? `/api/projects/${id}/export/cases.csv`
    : `/api/test-cases/${id}/export/runs.csv`;
}

export function defaultFilename(kind: ExportKind, id: number): string {
  return kind === 'project-cases' ? `project-${id}-cases.csv` : `case-${id}-runs.csv`;
}

/** Downloads a CSV export with the session's token, reporting the bytes received. */
export function downloadCsv(
  path: string,
  onProgress: (bytes: number) => void = () => {},
  signal?: AbortSignal,
) {
  return downloadFile(path, {
    accept: 'text/csv',
    type: 'text/csv;charset=utf-8',
    onProgress,
    ...(signal ? { signal } : {}),
  });
}
