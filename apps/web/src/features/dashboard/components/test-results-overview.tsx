import { Card } from '@/components/ui/page';
import type { DashboardTotals } from '../api/get-dashboard-totals';
import { runShare, shareWidth } from '../dashboard-math';

interface ResultBarProps {
  label: string;
  count: number;
  total: number;
  tone: 'passed' | 'failed';
}

/**
 * One progress bar: the count and its share of all runs
 * (docs/product/dashboard.md, "The screen (`/dashboard`)").
 */
function ResultBar({ label, count, total, tone }: ResultBarProps) {
  const share = runShare(count, total);
  return (
    <div className={`result-bar result-bar-${tone}`}>
      <div className="result-bar-head">
        <span className="result-bar-label">{label}</span>
        <span className="result-bar-value">
          {count} ({share}%)
        </span>
      </div>
      <div
        className="result-bar-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shareWidth(share)}
        aria-valuetext={`${count} of ${total} runs (${share}%)`}
      >
        <div className="result-bar-fill" style={{ width: `${shareWidth(share)}%` }} />
      </div>
    </div>
  );
}

/** 'Test Results Overview': passed and failed bars, then the passed / failed / total summary. */
export function TestResultsOverview({ totals }: { totals: DashboardTotals }) {
  const { totalPassed, totalFailed, totalRuns } = totals;
  return (
    <Card title="Test Results Overview" className="dashboard-card dashboard-results">
      <div className="result-bars">
        <ResultBar label="Passed" count={totalPassed} total={totalRuns} tone="passed" />
        <ResultBar label="Failed" count={totalFailed} total={totalRuns} tone="failed" />
      </div>
      <dl className="results-summary">
        <div className="results-summary-item results-summary-passed">
          <dt>Passed</dt>
          <dd>{totalPassed}</dd>
        </div>
        <div className="results-summary-item results-summary-failed">
          <dt>Failed</dt>
          <dd>{totalFailed}</dd>
        </div>
        <div className="results-summary-item">
          <dt>Total Runs</dt>
          <dd>{totalRuns}</dd>
        </div>
      </dl>
    </Card>
  );
}
