import type { CycleCounts } from '@verdict/contract';

/**
 * The columns of a `cycle_counts` row (or of a sum of them) as a statement selects them, and the
 * answer's `counts` made from them: for the cycles' answers and the milestones' sums alike.
 */
export interface CycleCountColumns {
  total: number;
  untested: number;
  passed: number;
  failed: number;
  blocked: number;
  skipped: number;
  retest: number;
}

export function countsOf(row: CycleCountColumns): CycleCounts {
  return {
    total: row.total,
    untested: row.untested,
    passed: row.passed,
    failed: row.failed,
    blocked: row.blocked,
    skipped: row.skipped,
    retest: row.retest,
  };
}
