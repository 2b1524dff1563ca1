import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { formatSize, pastedFiles } from '@/entities/attachment/attachments';
import { FileDropZone } from './file-drop-zone';
import './attachment-panel.css';

export interface PendingFilesProps {
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** While the files go up with what they belong to (a result being recorded). */
  progress?: { sent: number; total: number } | null;
  disabled?: boolean;
  /** Take pasted images anywhere on the page while this is shown. */
  pasteAnywhere?: boolean;
}

/**
 * Files chosen for something not saved yet (the result being recorded in the execution view):
 * dropped, pasted or picked, listed with a remove button each, and sent once it is saved
 * (docs/product/rich-cases-screens.md, "Attachments").
 */
export function PendingFiles({ files, onChange, progress, disabled, pasteAnywhere }: PendingFilesProps) {
  const add = (more: File[]) => {
    if (!disabled && more.length > 0) onChange([...files, ...more]);
  };
  useEffect(() => {
    if (!pasteAnywhere || disabled) return;
    const onPaste = (event: ClipboardEvent) => {
      const pasted = pastedFiles(event.clipboardData);
      if (pasted.length === 0) return;
      event.preventDefault();
      onChange([...files, ...pasted]);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  });
  return (
    <div className="attachment-panel is-compact">
      {files.length > 0 ? (
        <ul className="pending-files" aria-label="Files to attach">
          {files.map((file, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be chosen twice; rows only ever go
            <li key={`${file.name}-${index}`} className="pending-file">
              <span className="pending-file-name">{file.name}</span>
              <span className="attachment-facts">{formatSize(file.size)}</span>
              <Button
                size="sm"
                variant="ghost"
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <FileDropZone
        onFiles={add}
        busy={disabled}
        progress={progress ?? null}
        compact
        legend="Files for this result"
      />
    </div>
  );
}
