import type { CycleResult } from '@verdict/contract';
import { CycleStateBadge } from '@/components/ui/cycle-progress';
import { ResultFailure } from '@/components/ui/cycle-result';
import { formatDuration } from '@/lib/cycle-states';
import { formatDateTime, isoDateTime } from '@/lib/format-date';

/**
 * The item's earlier results, oldest first: each one's state, who recorded it and when, how long
 * it took, its comment, and what an imported report said of a failure.
 */
export function ItemResults({ results }: { results: readonly CycleResult[] }) {
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
        </li>
      ))}
    </ol>
  );
}
