import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResponse } from '@verdict/contract';
import { STORAGE_KEYS } from '@verdict/contract';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const API_BASE = import.meta.env.VITE_API_BASE ?? '';

export interface ImportProgress {
  /** 'uploading' while bytes go out, then 'importing' while the server works. */
  phase: 'uploading' | 'importing';
  /** Share of the file sent, 0 to 1. */
  sent: number;
}

function bodyOf(xhr: XMLHttpRequest): unknown {
  try {
    return xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
  } catch {
    return xhr.responseText;
  }
}

/**
 * Uploads a JUnit XML file as the raw request body. XMLHttpRequest rather than the app's fetch
 * client, because only it reports upload progress; failures become the same `ApiError`.
 */
export function importJunitReport(
  projectId: number,
  file: Blob,
  onProgress: (progress: ImportProgress) => void = () => {},
): Promise<ImportResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/api/projects/${projectId}/import/junit`);
    const token = localStorage.getItem(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', 'application/xml');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onProgress({ phase: 'uploading', sent: event.total ? event.loaded / event.total : 1 });
    };
    xhr.upload.onload = () => onProgress({ phase: 'importing', sent: 1 });
    xhr.onload = () => {
      const body = bodyOf(xhr);
      if (xhr.status >= 200 && xhr.status < 300 && typeof body === 'object' && body !== null) {
        resolve(body as ImportResponse);
        return;
      }
      const statusText = xhr.statusText ? ` ${xhr.statusText}` : '';
      reject(
        new ApiError({
          kind: 'response',
          status: xhr.status,
          reason: `HTTP ${xhr.status}${statusText}`,
          body,
        }),
      );
    };
    xhr.onerror = () => reject(new ApiError({ kind: 'no-response', reason: 'The upload failed' }));
    xhr.onabort = () => reject(new ApiError({ kind: 'no-response', reason: 'The upload was cancelled' }));
    onProgress({ phase: 'uploading', sent: 0 });
    xhr.send(file);
  });
}

/** Imports a report into a project, then refreshes what shows its suites, cases, runs and counts. */
export function useImportJunitReport(projectId: number, onProgress: (progress: ImportProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importJunitReport(projectId, file, onProgress),
    onSuccess: () => {
      for (const queryKey of [
        queryKeys.suites.all,
        queryKeys.cases.all,
        queryKeys.runs.all,
        queryKeys.projects.all,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
