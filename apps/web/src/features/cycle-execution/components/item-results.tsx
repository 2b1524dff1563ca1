import type { CycleResult } from '@verdict/contract';
import type { ReactNode } from 'react';
import { AttachmentPanel } from '@/entities/attachment/attachment-panel';
import { CycleStateBadge } from '@/entities/cycle/cycle-progress';
import { STATE_LABELS } from '@/entities/cycle/cycle-states';
import { ResultFailure } from '@/entities/result/cycle-result';
import { formatDateTime, isoDateTime } from '@/lib/format-date';
import { formatDuration } from '@/lib/format-duration';

/**
 * The item's earlier results, oldest first: each one's state, who recorded it and when, how long
 * it took, its comment, what an imported report said of a failure, its step results, and whether
 * the case has changed since.
 */
export function ItemResults({
  results,
  caseVersion,
  mayAttach = false,
  resultExtras,
}: {
  results: readonly CycleResult[];
  /** The case's current version, to say which results were recorded against an older one. */
  caseVersion: number | null;
  /** Files may be added to and deleted from the results (execute_test_cycle, cycle open). */
  mayAttach?: boolean;
  /** What another feature shows under each result (composed in app/routes). */
  resultExtras?: ((result: CycleResult) => ReactNode) | undefined;
}) {
  if (results.length === 0) return <p className="muted">No results yet.</p>;
  return (
    <ol className="execution-results">
      {results.map((result) => (
        <li key={result.id} className="execution-result">
          <p className="execution-result-head">
            <CycleStateBadge state={result.state} />
            <span>by {result.executor?.username ?? 'a deleted user'}</span>
            <time dateTime={isoDateTime(result.created_at)}>{formatDateTime(result.created_at)}</time>
            {result.elapsed_ms !== null ? (
              <span className="muted">took {formatDuration(result.elapsed_ms)}</span>
            ) : null}
          </p>
          {result.comment ? <p className="execution-comment">{result.comment}</p> : null}
          <ResultFailure result={result} />
          <StepResults result={result} />
          {resultExtras?.(result)}
          {result.log ? (
            <details className="result-failure">
              <summary>Log</summary>
              <pre className="result-failure-text">{result.log}</pre>
            </details>
          ) : null}
          {caseVersion !== null && result.case_version !== null && result.case_version < caseVersion ? (
            <p className="execution-version-note">
              The case changed since this result (version {result.case_version} → {caseVersion})
            </p>
          ) : null}
          <AttachmentPanel
            owner={{ kind: 'result', id: result.id }}
            canEdit={mayAttach}
            compact
            title={`Files of the result of ${formatDateTime(result.created_at)}`}
          />
        </li>
      ))}
    </ol>
  );
}

/** What the tester recorded per step: 'Step 2: Failed: the button is missing'. */
function StepResults({ result }: { result: CycleResult }) {
  const steps = result.step_results;
  if (!steps || steps.every((step) => step === null)) return null;
  return (
    <ol className="step-results-list" aria-label="Step results">
      {steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a result's steps are fixed once recorded
        <li key={index}>
          Step {index + 1}: {step ? STATE_LABELS[step.state] : 'no result'}
          {step?.comment ? <span className="muted"> ({step.comment})</span> : null}
        </li>
      ))}
    </ol>
  );
}
