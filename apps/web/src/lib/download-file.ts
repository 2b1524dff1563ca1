import { STORAGE_KEYS } from '@verdict/contract';
import { ApiError } from './api-client';

const API_BASE = import.meta.env.VITE_API_BASE ?? '';

/**
 * The file name of a `Content-Disposition` header: RFC 6266's `filename*=UTF-8''…` when there
 * is one (names beyond ASCII), else `filename="…"`; null without either.
 */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const match = /filename="([^"]+)"/i.exec(disposition);
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

export interface DownloadOptions {
  accept?: string;
  /** The type of the Blob; the answer's Content-Type when left out. */
  type?: string;
  onProgress?: (bytes: number) => void;
  signal?: AbortSignal;
}

/**
 * Downloads a file with the session's bearer token (a plain link or `<img src>` could not carry
 * it), reporting the bytes received as they arrive. The file ends up in a Blob: the browser then
 * saves or shows it from memory.
 */
export async function downloadFile(
  path: string,
  { accept = '*/*', type, onProgress = () => {}, signal }: DownloadOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
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
    blob: new Blob(parts, { type: type ?? response.headers.get('Content-Type') ?? '' }),
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
