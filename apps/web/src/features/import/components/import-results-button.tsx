import type { ImportSummary } from '@verdict/contract';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { errorText } from '@/lib/api-client';
import { type ImportProgress, useImportJunitReport } from '../api/import-junit-report';
import './import-results-button.css';

export interface ImportResultsButtonProps {
  projectId: number;
}

const plural = (n: number, noun: string) => `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`;

function createdText(summary: ImportSummary): string | null {
  if (summary.suitesCreated + summary.casesCreated === 0) return null;
  return `Created ${plural(summary.suitesCreated, 'suite')} and ${plural(summary.casesCreated, 'case')}.`;
}

/**
 * 'Import results': pick a JUnit XML report, upload it with a progress bar, then show what was
 * recorded. Gate it with `import_results` where it is placed.
 */
export function ImportResultsButton({ projectId }: ImportResultsButtonProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState('');
  const [progress, setProgress] = useState<ImportProgress>({ phase: 'uploading', sent: 0 });
  const upload = useImportJunitReport(projectId, setProgress);
  const summary = upload.data?.summary;

  return (
    <div className="import-results">
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".xml,application/xml,text/xml"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="JUnit XML report"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Clearing the value lets the same file be picked again for a second import.
          event.target.value = '';
          if (!file) return;
          setFileName(file.name);
          upload.mutate(file);
        }}
      />
      <Button variant="secondary" busy={upload.isPending} onClick={() => input.current?.click()}>
        {upload.isPending ? 'Importing...' : 'Import results'}
      </Button>

      {upload.isIdle ? null : (
        <div className="import-results-panel" role="status" aria-live="polite">
          {upload.isPending ? (
            <>
              <p>
                {progress.phase === 'uploading'
                  ? `Uploading ${fileName}… ${Math.round(progress.sent * 100)}%`
                  : `Importing ${fileName}…`}
              </p>
              <progress
                className="import-results-progress"
                max={1}
                value={progress.phase === 'uploading' ? progress.sent : undefined}
                aria-label={`Import of ${fileName}`}
              />
            </>
          ) : null}
          {upload.isError ? (
            <ErrorBox message={`${fileName}: ${errorText(upload.error, 'Failed to import results')}`} />
          ) : null}
          {summary && upload.data ? (
            <>
              <p className="import-results-message">{upload.data.message}</p>
              <dl className="import-results-counts">
                <div>
                  <dt>Passed</dt>
                  <dd className="import-results-passed">{summary.passed.toLocaleString()}</dd>
                </div>
                <div>
                  <dt>Failed</dt>
                  <dd className="import-results-failed">{summary.failed.toLocaleString()}</dd>
                </div>
                <div>
                  <dt>Errors</dt>
                  <dd>{summary.errors.toLocaleString()}</dd>
                </div>
                <div>
                  <dt>Skipped</dt>
                  <dd>{summary.skipped.toLocaleString()}</dd>
                </div>
              </dl>
              {createdText(summary) ? <p className="muted">{createdText(summary)}</p> : null}
              {summary.warnings.map((warning) => (
                <p key={warning} className="muted">
                  {warning}
                </p>
              ))}
            </>
          ) : null}
          {upload.isPending ? null : (
            <Button variant="ghost" size="sm" onClick={() => upload.reset()}>
              Dismiss
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
