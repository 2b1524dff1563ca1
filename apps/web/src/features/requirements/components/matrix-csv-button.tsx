import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { downloadFile, saveFile } from '@/lib/download-file';
import { withWarningSign } from '@/lib/warning-sign';
import { type TraceabilityFilters, traceabilityCsvPath } from '../api/requirements';

/**
 * 'Download CSV': the whole matrix under the screen's filters, fetched with the session's token
 * (a plain link could not carry it), saved under the server's file name.
 */
export function MatrixCsvButton({ projectId, filters }: { projectId: number; filters: TraceabilityFilters }) {
  const download = useMutation({
    mutationFn: async () => {
      const file = await downloadFile(traceabilityCsvPath(projectId, filters), {
        accept: 'text/csv',
        type: 'text/csv;charset=utf-8',
      });
      saveFile({ blob: file.blob, filename: file.filename ?? `project-${projectId}-traceability.csv` });
    },
  });
  return (
    <span className="report-csv">
      <Button
        variant="secondary"
        size="sm"
        busy={download.isPending}
        aria-label="Download CSV of the traceability matrix"
        onClick={() => download.mutate()}
      >
        Download CSV
      </Button>
      {download.isError ? (
        <span role="alert">{withWarningSign(errorText(download.error, 'Failed to download the CSV'))}</span>
      ) : null}
    </span>
  );
}
