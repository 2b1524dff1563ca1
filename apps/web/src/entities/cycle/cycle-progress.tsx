import type { CycleCounts } from '@verdict/contract';
import { countsText, PROGRESS_ORDER, progressSummary, STATE_LABELS } from '@/entities/cycle/cycle-states';
import './cycle-progress.css';

export interface CycleProgressProps {
  counts: CycleCounts;
  /** Shows the legend with each state's count under the bar (the cycle page). */
  legend?: boolean;
}

/**
 * A cycle's progress: one bar of six coloured segments (passed, failed, blocked, skipped, retest,
 * untested) with its summary in words, so it reads the same without colour or sight.
 */
export function CycleProgress({ counts, legend = false }: CycleProgressProps) {
  const summary = progressSummary(counts);
  return (
    <div className="cycle-progress">
      <div className="cycle-progress-bar" role="img" aria-label={`${summary}: ${countsText(counts)}`}>
        {counts.total > 0
          ? PROGRESS_ORDER.filter((state) => counts[state] > 0).map((state) => (
              <span
                key={state}
                className={`cycle-progress-segment cycle-state-${state}`}
                style={{ width: `${(counts[state] / counts.total) * 100}%` }}
              />
            ))
          : null}
      </div>
      <p className="cycle-progress-summary" aria-hidden="true">
        {summary}
      </p>
      {legend ? (
        <ul className="cycle-progress-legend" aria-label="Items by state">
          {PROGRESS_ORDER.map((state) => (
            <li key={state}>
              <span className={`cycle-legend-swatch cycle-state-${state}`} aria-hidden="true" />
              {STATE_LABELS[state]} <strong>{counts[state].toLocaleString('en-US')}</strong>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** An item's state as a small badge with its word (colour only adds to it). */
export function CycleStateBadge({ state }: { state: keyof typeof STATE_LABELS }) {
  return <span className={`cycle-badge cycle-badge-${state}`}>{STATE_LABELS[state]}</span>;
}
