import type { CaseCycleResult } from '@verdict/contract';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card } from '@/components/ui/page';
import { useCaseCycleResults } from '@/entities/cycle/cycle-api';
import { CycleStateBadge } from '@/entities/cycle/cycle-progress';
import { ResultFailure, resultFacts } from '@/entities/result/cycle-result';
import { formatDateTime } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import './cycles.css';

/**
 * The case page's latest cycle results, newest first (docs/product/cycles-screens.md, "On the
 * case page"): the state, the cycle, who and when, the time taken, the comment, and what an
 * imported report said of a failure. Shown only when there are some.
 */
export function CaseCycleResults({ caseId }: { caseId: number }) {
  const results = useCaseCycleResults(caseId, true);
  if (results.error) {
    return (
      <Card title="Cycle Results">
        <LoadFailed what="the cycle results" error={results.error} onRetry={() => void results.refetch()} />
      </Card>
    );
  }
  if (!results.data) {
    return (
      <Card title="Cycle Results">
        <Loading text="Loading cycle results..." />
      </Card>
    );
  }
  if (results.data.results.length === 0) return null;
  return (
    <Card title="Cycle Results">
      <ul className="result-list" aria-label="Cycle results, newest first">
        {results.data.results.map((entry) => (
          <CaseResultLine key={entry.result.id} entry={entry} />
        ))}
      </ul>
    </Card>
  );
}

function CaseResultLine({ entry }: { entry: CaseCycleResult }) {
  const { result, cycle } = entry;
  return (
    <li className="result-line">
      <div className="result-line-head">
        <CycleStateBadge state={result.state} />
        <Link to={paths.cycleDetail(cycle.id)}>{cycle.name}</Link>
        <span className="result-meta">
          {resultFacts(result).join(' · ')} · {formatDateTime(result.created_at)}
        </span>
      </div>
      {result.comment ? <p className="result-comment">{result.comment}</p> : null}
      <ResultFailure result={result} />
    </li>
  );
}
