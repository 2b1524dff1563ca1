import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AttachmentList,
  type AttachmentsUploaded,
  type AttachmentUsage,
  type MessageResponse,
  STORAGE_KEYS,
} from '@verdict/contract';
import { ApiError, api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';

const API_BASE = import.meta.env.VITE_API_BASE ?? '';

/**
 * Files on cases and cycle results (docs/product/attachments.md): the calls, and the helpers the
 * attachment panel and the execution view share.
 */

/** What files hang on: a case, or a result recorded in a cycle. */
export type AttachmentOwner = { kind: 'case'; id: number } | { kind: 'result'; id: number };

const ownerPath = (owner: AttachmentOwner) =>
  owner.kind === 'case'
    ? `/api/test-cases/${owner.id}/attachments`
    : `/api/cycle-results/${owner.id}/attachments`;

export const attachmentKeys = {
  of: (owner: AttachmentOwner) => ['attachments', owner.kind, owner.id] as const,
  usage: (projectId: number) => ['attachments', 'usage', projectId] as const,
};

/** How much of its attachment quota a project's files use. */
export function useAttachmentUsage(projectId: number | undefined) {
  return useQuery({
    queryKey: attachmentKeys.usage(projectId ?? 0),
    queryFn: () => api.get<AttachmentUsage>(`/api/projects/${projectId}/attachments/usage`),
    enabled: projectId !== undefined,
  });
}

/** Every project's usage is read again after files were added or deleted (a cheap sum). */
const refreshUsage = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['attachments', 'usage'] });

/**
 * Reads an owner's files again after they changed. A list shown a moment before the change may
 * still be on its first read, begun before the change: TanStack Query hands a query without data
 * that read's answer instead of reading again, and the new files would not show until the next
 * visit. So that read is cancelled first.
 */
export async function refreshAttachments(queryClient: QueryClient, owner: AttachmentOwner): Promise<void> {
  const queryKey = attachmentKeys.of(owner);
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

export function useAttachments(owner: AttachmentOwner) {
  return useQuery({
    queryKey: attachmentKeys.of(owner),
    queryFn: () => api.get<AttachmentList>(ownerPath(owner)),
    select: (answer) => answer.attachments,
  });
}

/**
 * Sends files as one multipart request, reporting the bytes sent (XMLHttpRequest: fetch cannot
 * report upload progress). Answers the stored files; a refusal (413 too large, 403, 409 closed
 * cycle) is an ApiError with the server's message.
 */
export function uploadFiles(
  owner: AttachmentOwner,
  files: readonly File[],
  onProgress: (sent: number, total: number) => void,
): Promise<AttachmentsUploaded> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${ownerPath(owner)}`);
    const token = localStorage.getItem(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total);
    xhr.onerror = () =>
      reject(new ApiError({ kind: 'no-response', reason: 'The upload could not reach the server' }));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as AttachmentsUploaded);
      else reject(new ApiError({ kind: 'response', status: xhr.status, reason: `HTTP ${xhr.status}`, body }));
    };
    xhr.send(form);
  });
}

export function useUploadFiles(owner: AttachmentOwner, onProgress: (sent: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: readonly File[]) => uploadFiles(owner, files, onProgress),
    onSettled: () => Promise.all([refreshAttachments(queryClient, owner), refreshUsage(queryClient)]),
  });
}

export function useDeleteAttachment(owner: AttachmentOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.del<MessageResponse>(`/api/attachments/${id}`),
    onSettled: () => Promise.all([refreshAttachments(queryClient, owner), refreshUsage(queryClient)]),
  });
}

export function downloadAttachment(id: number) {
  return downloadFile(`/api/attachments/${id}`);
}
/** Files an image paste carries (a screenshot from the clipboard), named when the browser did not. */
export function pastedFiles(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files = [...data.files].filter((file) => file.size > 0);
  return files.map((file, i) =>
    file.name && file.name !== 'image.png'
      ? file
      : new File(
          [file],
          `pasted-${new Date().toISOString().replace(/[:.]/g, '-')}${i ? `-${i}` : ''}.${extensionOf(file.type)}`,
          {
            type: file.type,
          },
        ),
  );
}

function extensionOf(type: string): string {
  const known: Record<string, string> = {
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'image/gif': 'gif',
    'image/webp': 'webp',
  };
  return known[type] ?? 'bin';
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A total that may reach gigabytes: a project's use of its quota, and the quota. */
export function formatTotalSize(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${Number((bytes / 1024 ** 3).toFixed(1))} GB` : formatSize(bytes);
}
