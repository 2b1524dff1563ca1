import { STORAGE_KEYS } from '@verdict/contract';
import { ApiError } from '@/lib/api-client';

const API_BASE = import.meta.env.VITE_API_BASE ?? '';

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

/** The file name of `Content-Disposition: attachment; filename="…"`, when there is one. */
export function filenameOf(disposition: string | null): string | null {
  const match = disposition ? /filename="([^"]+)"/i.exec(disposition) : null;
  return match?.[1] ?? null;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

async function failure(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return new ApiError({
    kind: 'response',
    status: response.status,
    reason: `HTTP ${response.status}${statusText}`,
    body,
  });
}

/**
 * Downloads a CSV export with the session's bearer token (a plain link could not carry it),
 * reporting the bytes received as they arrive. The file ends up in a Blob: the browser then
 * saves it from memory, as it would a normal download.
 */
export async function downloadCsv(
  path: string,
  onProgress: (bytes: number) => void = () => {},
  signal?: AbortSignal,
): Promise<{ blob: Blob; filename: string | null }> {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({
      kind: 'no-response',
      reason: cause instanceof Error ? cause.message : String(cause),
    });
  }
  if (!response.ok) throw await failure(response);

  const parts: BlobPart[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  } else {
    const text = await response.text();
    parts.push(text);
    onProgress(text.length);
  }
  return {
    blob: new Blob(parts, { type: 'text/csv;charset=utf-8' }),
    filename: filenameOf(response.headers.get('Content-Disposition')),
  };
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
