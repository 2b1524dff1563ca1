import type { CaseResultEntry } from '@verdict/contract';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { AttachmentPanel } from '@/entities/attachment/attachment-panel';
import { ParameterRowLabel } from '@/entities/case/parameter-row';
import { CycleStateBadge } from '@/entities/cycle/cycle-progress';
import { ResultFailure } from '@/entities/result/cycle-result';
import { formatDateTime, isoDateTime } from '@/lib/format-date';
import { formatDuration } from '@/lib/format-duration';
import { paths } from '@/lib/paths';
import { useCaseResults } from '../api/case-results';
import './case-results.css';

/**
 * A case's one history of results, newest first (docs/product/cases.md, "Results"): each result
 * once, whatever recorded it (a test run, a test cycle, an import), with its state, where it came
 * from (and the data row of a parameterized case it was recorded on), who recorded it, how long it
 * took, when, its comment and what an imported report said of a failure (its message, and its type
 * and text behind Details), and the files of a cycle's or an import's result (an import's screenshots and
 * traces among them).
 * 'Show older results' loads the next page.
 */
export function CaseResults({ caseId }: { caseId: number }) {
  const results = useCaseResults(caseId);
  if (results.error && !results.data) {
    return <LoadFailed what="the results" error={results.error} onRetry={() => void results.refetch()} />;
  }
  if (!results.data) return <Loading text="Loading results..." />;
  const entries = results.data.pages.flatMap((page) => page.items);
  const total = results.data.pages.at(-1)?.total ?? entries.length;
  if (entries.length === 0) {
    return (
      <p className="case-results-empty">
        No results yet. Test runs, test cycles and imports record them here.
      </p>
    );
  }
  return (
    <section className="case-results" aria-labelledby={`case-results-${caseId}`}>
      <h3 id={`case-results-${caseId}`} className="case-results-title">
        All results ({total})
      </h3>
      <ul className="case-results-list" aria-label="Results, newest first">
        {entries.map((entry) => (
          <ResultLine key={`${entry.run_id ?? ''}-${entry.result_id ?? ''}`} entry={entry} />
        ))}
      </ul>
      {results.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          busy={results.isFetchingNextPage}
          onClick={() => void results.fetchNextPage()}
        >
          {results.isFetchingNextPage ? 'Loading...' : 'Show older results'}
        </Button>
      ) : null}
    </section>
  );
}

/** Where a result came from: 'Test run #12', 'Test cycle' or 'Import' with a link to the cycle. */
function ResultSource({ entry }: { entry: CaseResultEntry }) {
  if (entry.source === 'run' || !entry.cycle) {
    return <span className="case-results-source">Test run{entry.run_id ? ` #${entry.run_id}` : ''}</span>;
  }
  return (
    <span className="case-results-source">
      {entry.source === 'import' ? 'Import' : 'Test cycle'}{' '}
      <Link to={paths.cycleDetail(entry.cycle.id)}>{entry.cycle.name}</Link>
    </span>
  );
}

/** Who recorded it and how long it took: ['alice', '1.2 s']. */
export function entryFacts(entry: CaseResultEntry): string[] {
  const facts: string[] = [];
  if (entry.executor) facts.push(entry.executor.username);
  else if (entry.executed_by !== null) facts.push(`ID: ${entry.executed_by}`);
  if (entry.elapsed_ms !== null) facts.push(formatDuration(entry.elapsed_ms));
  return facts;
}

function ResultLine({ entry }: { entry: CaseResultEntry }) {
  const facts = entryFacts(entry);
  return (
    <li className="case-results-line">
      <div className="case-results-head">
        <CycleStateBadge state={entry.state} />
        <ResultSource entry={entry} />
        <ParameterRowLabel row={entry.parameter_row} />
        <span className="case-results-meta">
          {facts.length > 0 ? `${facts.join(' · ')} · ` : ''}
          <time dateTime={isoDateTime(entry.created_at)}>{formatDateTime(entry.created_at)}</time>
        </span>
      </div>
      {entry.comment ? <p className="case-results-comment">{entry.comment}</p> : null}
      <ResultFailure result={entry} />
      {entry.result_id !== null ? (
        <AttachmentPanel
          owner={{ kind: 'result', id: entry.result_id }}
          canEdit={false}
          compact
          title={`Files of the result of ${formatDateTime(entry.created_at)}`}
        />
      ) : null}
    </li>
  );
}
