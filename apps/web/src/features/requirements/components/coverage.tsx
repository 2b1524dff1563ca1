import type { CycleItemState, RequirementCounts, RequirementCoverage } from '@verdict/contract';
import { CycleStateBadge } from '@/entities/cycle/cycle-progress';
import { STATE_LABELS } from '@/entities/cycle/cycle-states';
import { COVERAGE_LABELS } from '@/entities/requirement/requirement-api';
import { countsText } from '../requirement-text';

/** A requirement's coverage as a badge with its word; the colour only adds to it. */
export function CoverageBadge({ coverage }: { coverage: RequirementCoverage }) {
  return <span className={`coverage-badge coverage-${coverage}`}>{COVERAGE_LABELS[coverage]}</span>;
}

/**
 * Its linked cases by their latest result as one bar (passed, failing, untested), named in words
 * for a screen reader ('3 cases: 2 passed, 1 failing'); an empty bar when it has none.
 */
export function CoverageBar({ counts }: { counts: RequirementCounts }) {
  const parts = [
    ['passed', counts.passed],
    ['failing', counts.failing],
    ['untested', counts.untested],
  ] as const;
  return (
    <span className="coverage-bar" role="img" aria-label={countsText(counts)}>
      {counts.cases > 0
        ? parts
            .filter(([, count]) => count > 0)
            .map(([part, count]) => (
              <span
                key={part}
                className={`coverage-bar-part coverage-bar-${part}`}
                style={{ width: `${(count / counts.cases) * 100}%` }}
              />
            ))
        : null}
    </span>
  );
}

/** A case's latest result as the cycle screens show a state; 'Not run' when it never ran. */
export function LatestResult({ state }: { state: string | null }) {
  if (state === null) return <span className="coverage-not-run">Not run</span>;
  if (state in STATE_LABELS) return <CycleStateBadge state={state as CycleItemState} />;
  return <span className="coverage-not-run">{state}</span>;
}
