import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { withWarningSign } from '@/lib/warning-sign';
import { defaultFilename, downloadCsv, type ExportKind, exportPath, saveFile } from '../api/download-csv';
import './export-button.css';

export interface ExportButtonProps {
  /** 'project-cases' on the project page, 'case-runs' on the case page. */
  kind: ExportKind;
  /** The project id or the case id. */
  id: number;
}

const LABELS: Record<ExportKind, string> = {
  'project-cases': 'Export cases (CSV)',
  'case-runs': 'Export runs (CSV)',
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Downloads a project's cases or a case's runs as CSV, showing the size received while the
 * server streams it. Gate it with `export_project` (held in that project) where it is placed.
 */
export function ExportButton({ kind, id }: ExportButtonProps) {
  const [received, setReceived] = useState(0);
  const download = useMutation({
    mutationFn: async () => {
      setReceived(0);
      const file = await downloadCsv(exportPath(kind, id), setReceived);
      saveFile({ blob: file.blob, filename: file.filename ?? defaultFilename(kind, id) });
    },
  });

  return (
    <span className="export-button">
      <Button variant="secondary" busy={download.isPending} onClick={() => download.mutate()}>
        {download.isPending ? `Exporting... ${formatBytes(received)}` : LABELS[kind]}
      </Button>
      {download.isPending ? (
        <span className="visually-hidden" role="status">
          Exporting
        </span>
      ) : null}
      {download.isError ? (
        <span className="export-button-error" role="alert">
          {withWarningSign(errorText(download.error, 'Failed to export'))}
        </span>
      ) : null}
    </span>
  );
}
