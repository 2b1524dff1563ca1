import { useEffect, useId, useRef } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/page';
import { formatCount } from '@/lib/format-number';
import type { ImportProgress } from '@/lib/import-file';
import { ImportFailure } from './import-failure';
import './import.css';

/** What the card reads of the import's mutation. */
export interface ImportRunState {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  data?: { message: string };
  error: unknown;
}

export interface ImportRunProps {
  /** How many rows the file imports, and how they are counted: '5 cases'. */
  count: number;
  countText: (n: number) => string;
  /** The rows in the words of the failure box: 'cases'. */
  what: string;
  /** Why the button is disabled, or null when the file can be imported. */
  blocked: string | null;
  progress: ImportProgress | null;
  run: ImportRunState;
  /** Where the link after a finished import goes: 'Back to Project'. */
  back: { to: string; label: string };
  onImport: () => void;
  onAgain: () => void;
}

/**
 * 'Import N cases', then a progress bar with 'n of N cases' as the lines of the answer come, then
 * the server's message with a link back, or why nothing was imported
 * (docs/product/case-import-screens.md, "Import").
 */
export function ImportRun({
  count,
  countText,
  what,
  blocked,
  progress,
  run,
  back,
  onImport,
  onAgain,
}: ImportRunProps) {
  const reasonId = useId();
  const outcome = useRef<HTMLDivElement>(null);
  const ended = run.isSuccess || run.isError;
  // The button is gone (or was disabled while busy): focus goes to what happened.
  useEffect(() => {
    if (ended) outcome.current?.focus();
  }, [ended]);
  const total = progress?.total ?? count;
  const done = progress?.done ?? 0;
  return (
    <Card title="Import" className="import-run">
      {run.isSuccess ? null : (
        <div className="import-actions">
          <Button
            busy={run.isPending}
            disabled={blocked !== null}
            aria-describedby={blocked ? reasonId : undefined}
            onClick={onImport}
          >
            {run.isPending ? 'Importing...' : `Import ${countText(count)}`}
          </Button>
          {blocked && !run.isPending ? (
            <p id={reasonId} className="import-muted">
              {blocked}
            </p>
          ) : null}
        </div>
      )}
      {run.isPending ? (
        <progress className="import-progress" max={total || 1} value={done} aria-label="Import progress" />
      ) : null}
      <div ref={outcome} tabIndex={-1} className="import-outcome">
        <div role="status">
          {run.isPending ? (
            <p>
              {formatCount(done)} of {countText(total)}
            </p>
          ) : run.isSuccess && run.data ? (
            <p className="import-message">{run.data.message}</p>
          ) : null}
        </div>
        {run.isSuccess ? (
          <div className="form-actions">
            <ButtonLink to={back.to}>{back.label}</ButtonLink>
            <Button variant="secondary" onClick={onAgain}>
              Import another file
            </Button>
          </div>
        ) : null}
        {run.isError ? <ImportFailure error={run.error} what={what} /> : null}
      </div>
    </Card>
  );
}
