import { type ClipboardEvent, type DragEvent, useId, useRef, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { formatSize, pastedFiles } from '@/entities/attachment/attachments';
import { errorText } from '@/lib/api-client';
import './attachment-panel.css';

/**
 * Where files come in (docs/product/rich-cases-screens.md, "Attachments"): dropped on it, pasted
 * into it, or chosen with the file picker behind its label; shows an upload's progress and error.
 */
export interface FileDropZoneProps {
  onFiles: (files: File[]) => void;
  busy?: boolean;
  progress?: { sent: number; total: number } | null;
  error?: unknown;
  /** One short line, for a result in the execution view. */
  compact?: boolean | undefined;
  /** What the files are for, read by screen readers as the group's name. */
  legend?: string;
}

export function FileDropZone({
  onFiles,
  busy = false,
  progress = null,
  error = null,
  compact,
  legend = 'Attach files',
}: FileDropZoneProps) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };
  const onPaste = (event: ClipboardEvent) => {
    const pasted = pastedFiles(event.clipboardData);
    if (pasted.length === 0) return;
    event.preventDefault();
    event.stopPropagation();
    onFiles(pasted);
  };
  return (
    <fieldset
      className={`attachment-drop${compact ? ' is-compact' : ''}${over ? ' is-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      onPaste={onPaste}
    >
      <legend className="visually-hidden">{legend}</legend>
      <p>
        {compact ? 'Drop or paste files, or' : 'Drop files here or paste an image, or'}{' '}
        <label htmlFor={inputId} className="attachment-pick">
          choose files
        </label>
        .
      </p>
      <input
        ref={input}
        id={inputId}
        className="visually-hidden"
        type="file"
        multiple
        disabled={busy}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      {progress ? (
        <div className="attachment-progress">
          <progress max={progress.total || 1} value={progress.sent} aria-label="Upload progress" />
          <span role="status">
            Uploading {formatSize(progress.sent)} of {formatSize(progress.total)}
          </span>
        </div>
      ) : null}
      {error ? <ErrorBox message={errorText(error, 'Failed to upload')} /> : null}
    </fieldset>
  );
}
