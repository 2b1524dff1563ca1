import type { Attachment } from '@verdict/contract';
import { useEffect, useId, useState } from 'react';
import { FileIcon } from '@/components/shell/icons';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { useToast } from '@/components/ui/toast';
import {
  type AttachmentOwner,
  downloadAttachment,
  formatSize,
  formatTotalSize,
  pastedFiles,
  useAttachments,
  useAttachmentUsage,
  useDeleteAttachment,
  useUploadFiles,
} from '@/entities/attachment/attachments';
import { FileDropZone } from '@/entities/attachment/file-drop-zone';
import { errorText } from '@/lib/api-client';
import { saveFile } from '@/lib/download-file';
import { formatDateTime } from '@/lib/format-date';
import './attachment-panel.css';

export interface AttachmentPanelProps {
  owner: AttachmentOwner;
  /** Upload and delete (edit_test_case for a case, execute_test_cycle on an open cycle for a result). */
  canEdit: boolean;
  /** The panel's heading; 'Attachments' unless told. */
  title?: string;
  /** Take image pastes anywhere on the page (a case page), not only inside the drop zone. */
  pasteAnywhere?: boolean;
  /**
   * Inside a result of the execution view: no heading (the list is named by `title`), nothing at
   * all while there is no file and nothing may be added, and a one-line drop zone.
   */
  compact?: boolean;
  /** The project the files count against: shows how much of its attachment quota is used. */
  projectId?: number;
}

/**
 * The files of a case or a result (docs/product/rich-cases-screens.md, "Attachments"): a list
 * with thumbnails for images, download and delete; and a drop zone that takes dropped files,
 * pasted images and the file picker, with the upload's progress.
 */
export function AttachmentPanel({
  owner,
  canEdit,
  title = 'Attachments',
  pasteAnywhere,
  compact,
  projectId,
}: AttachmentPanelProps) {
  const files = useAttachments(owner);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const upload = useUploadFiles(owner, (sent, total) => setProgress({ sent, total }));
  const { show } = useToast();
  const headingId = useId();

  const send = (chosen: File[]) => {
    if (chosen.length === 0 || upload.isPending) return;
    setProgress({ sent: 0, total: chosen.reduce((n, f) => n + f.size, 0) });
    upload.mutate(chosen, {
      onSuccess: (answer) => show(answer.message),
      onSettled: () => setProgress(null),
    });
  };

  useEffect(() => {
    if (!canEdit || !pasteAnywhere) return;
    const onPaste = (event: globalThis.ClipboardEvent) => {
      const pasted = pastedFiles(event.clipboardData);
      if (pasted.length === 0) return;
      event.preventDefault();
      send(pasted);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  });

  if (compact && !canEdit && (files.data?.length ?? 0) === 0) return null;
  return (
    <section
      className={compact ? 'attachment-panel is-compact' : 'attachment-panel'}
      {...(compact ? { 'aria-label': title } : { 'aria-labelledby': headingId })}
    >
      {compact ? null : (
        <h2 id={headingId} className="attachment-title">
          {title}
        </h2>
      )}
      {files.isPending && !compact ? <p>Loading attachments...</p> : null}
      {files.isError ? (
        <ErrorBox message={errorText(files.error, 'Failed to fetch the attachments')} />
      ) : null}
      {files.data && files.data.length === 0 && !compact ? (
        <p className="attachment-empty">No files attached.</p>
      ) : null}
      {files.data && files.data.length > 0 ? (
        <ul className="attachment-list" aria-label={title}>
          {files.data.map((file) => (
            <AttachmentRow key={file.id} owner={owner} file={file} canEdit={canEdit} />
          ))}
        </ul>
      ) : null}
      {canEdit ? (
        <FileDropZone
          onFiles={send}
          busy={upload.isPending}
          progress={progress}
          error={upload.error}
          compact={compact}
        />
      ) : null}
      {projectId !== undefined && !compact ? <QuotaUsage projectId={projectId} /> : null}
    </section>
  );
}

/** "Project files: 12.3 MB of 1 GB", a line under the list; nothing while it loads or fails. */
function QuotaUsage({ projectId }: { projectId: number }) {
  const usage = useAttachmentUsage(projectId);
  if (!usage.data) return null;
  const { used_bytes: used, quota_bytes: quota } = usage.data;
  return (
    <p className={used >= quota ? 'attachment-usage is-full' : 'attachment-usage'}>
      Project files: {formatTotalSize(used)} of {formatTotalSize(quota)}
      {used >= quota ? ' (full: delete files to add more)' : null}
    </p>
  );
}

function AttachmentRow({
  owner,
  file,
  canEdit,
}: {
  owner: AttachmentOwner;
  file: Attachment;
  canEdit: boolean;
}) {
  const remove = useDeleteAttachment(owner);
  const confirm = useConfirm();
  const { show } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const got = await downloadAttachment(file.id);
      saveFile({ blob: got.blob, filename: got.filename ?? file.name });
    } catch (error) {
      show(errorText(error, 'Failed to download'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const onDelete = async () => {
    if (!(await confirm({ text: `Delete the file "${file.name}"?`, confirmLabel: 'Yes, Delete' }))) return;
    remove.mutate(file.id, {
      onSuccess: () => show(`File "${file.name}" deleted`),
      onError: (error) => show(errorText(error, 'Failed to delete the file'), 'error'),
    });
  };
  return (
    <li className="attachment-row">
      {file.is_image ? (
        <Thumbnail file={file} />
      ) : (
        <span className="attachment-icon" aria-hidden="true">
          <FileIcon />
        </span>
      )}
      <div className="attachment-meta">
        <button type="button" className="attachment-name" onClick={() => void download()} disabled={busy}>
          <span className="visually-hidden">Download </span>
          {file.name}
        </button>
        <span className="attachment-facts">
          {formatSize(file.size)} · {file.created_by?.username ?? 'unknown'} ·{' '}
          {formatDateTime(file.created_at)}
        </span>
        {isPlaywrightTrace(file) ? <TraceNote /> : null}
      </div>
      {canEdit ? (
        <Button size="sm" variant="danger" onClick={() => void onDelete()} aria-label={`Delete ${file.name}`}>
          Delete
        </Button>
      ) : null}
    </li>
  );
}

/**
 * A Playwright trace (trace.zip, as the runner names it; docs/product/report-formats.md, "Evidence"):
 * no browser opens it, Playwright's trace viewer does.
 */
export function isPlaywrightTrace(file: Attachment): boolean {
  return (
    /^trace(?:[-_.][\w.-]*)?\.zip$/i.test(file.name) &&
    (file.content_type === 'application/zip' || file.content_type === 'application/octet-stream')
  );
}

function TraceNote() {
  return (
    <span className="attachment-note">
      Open it with <code>npx playwright show-trace trace.zip</code> or at{' '}
      <a href="https://trace.playwright.dev" target="_blank" rel="noreferrer">
        trace.playwright.dev
      </a>
    </span>
  );
}

/** An image fetched with the session's token; its object URL goes when the row does. */
function Thumbnail({ file }: { file: Attachment }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    downloadAttachment(file.id)
      .then(({ blob }) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => {});
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file.id]);
  return url ? (
    <img className="attachment-thumb" src={url} alt={file.name} />
  ) : (
    <span className="attachment-thumb attachment-thumb-loading" aria-hidden="true" />
  );
}
