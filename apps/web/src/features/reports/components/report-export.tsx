import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { downloadFile, saveFile } from '@/lib/download-file';
import { withWarningSign } from '@/lib/warning-sign';

/** The reports the server answers as CSV (docs/product/reports.md, "CSV"). */
export type CsvReport = 'cycles' | 'slowest-tests' | 'failing-tests' | 'workload';

/** A report's CSV under the screen's branch and filters (`query`, as the report itself asks). */
export const csvPath = (projectId: number, report: CsvReport, query: string) =>
  `/api/projects/${projectId}/reports/${report}.csv${query}`;

/**
 * 'Download CSV' of a section: fetched with the session's token (a plain link could not carry
 * it), then saved under the server's file name. Its name says which section it downloads.
 */
export function CsvButton({
  projectId,
  report,
  query,
  what,
}: {
  projectId: number;
  report: CsvReport;
  query: string;
  /** The section, for the button's accessible name: 'Download CSV of Slowest tests'. */
  what: string;
}) {
  const download = useMutation({
    mutationFn: async () => {
      const file = await downloadFile(csvPath(projectId, report, query), {
        accept: 'text/csv',
        type: 'text/csv;charset=utf-8',
      });
      saveFile({ blob: file.blob, filename: file.filename ?? `project-${projectId}-report-${report}.csv` });
    },
  });
  return (
    <span className="report-csv">
      <Button
        variant="secondary"
        size="sm"
        busy={download.isPending}
        aria-label={`Download CSV of ${what}`}
        onClick={() => download.mutate()}
      >
        Download CSV
      </Button>
      {download.isError ? (
        <span className="report-csv-error" role="alert">
          {withWarningSign(errorText(download.error, 'Failed to download the CSV'))}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Printing lays the report out for paper (reports.css, `@media print`); a folded table would
 * print folded, so every section's table opens for the print and folds back after it.
 */
export function useTablesOpenForPrint() {
  useEffect(() => {
    let opened: HTMLDetailsElement[] = [];
    const before = () => {
      opened = [...document.querySelectorAll<HTMLDetailsElement>('details.report-details:not([open])')];
      for (const details of opened) details.open = true;
    };
    const after = () => {
      for (const details of opened) details.open = false;
      opened = [];
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
}

export function PrintButton() {
  return (
    <Button variant="secondary" onClick={() => window.print()}>
      Print
    </Button>
  );
}
