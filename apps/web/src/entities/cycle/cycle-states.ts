import type { CycleCounts, CycleItemState } from '@verdict/contract';
import { formatCount } from '@/lib/format-number';

/**
 * How the screens name and order the six item states (docs/product/cycles-screens.md,
 * "Progress"). Done is every state but untested and retest, which are work still to do
 * (decision 178).
 */
export const STATE_LABELS: Record<CycleItemState, string> = {
  untested: 'Untested',
  passed: 'Passed',
  failed: 'Failed',
  blocked: 'Blocked',
  skipped: 'Skipped',
  retest: 'Retest',
};

/** The state filter's choices, in the order work moves. */
export const CYCLE_ITEM_STATE_OPTIONS = (
  [
    'untested',
    'passed',
    'failed',
    'blocked',
    'skipped',
    'retest',
  ] as const satisfies readonly CycleItemState[]
).map((value) => ({ value, label: STATE_LABELS[value] }));

/** The order of the progress bar's segments and of its legend. */
export const PROGRESS_ORDER: readonly CycleItemState[] = [
  'passed',
  'failed',
  'blocked',
  'skipped',
  'retest',
  'untested',
];

export function doneOf(counts: CycleCounts): number {
  return counts.total - counts.untested - counts.retest;
}

/** A whole percentage, never 100 before every item is done. */
export function percentDone(counts: CycleCounts): number {
  if (counts.total === 0) return 0;
  const done = doneOf(counts);
  const percent = Math.round((done / counts.total) * 100);
  return done < counts.total ? Math.min(percent, 99) : 100;
}

/** The bar's words for screen readers and its visible summary: '12 of 40 done (30%)'. */
export function progressSummary(counts: CycleCounts): string {
  return `${formatCount(doneOf(counts))} of ${formatCount(counts.total)} done (${percentDone(counts)}%)`;
}

/** '8 passed, 2 failed, 1 blocked, 1 skipped, 3 retest, 28 untested' (states with none left out). */
export function countsText(counts: CycleCounts): string {
  const parts = PROGRESS_ORDER.filter((state) => counts[state] > 0).map(
    (state) => `${formatCount(counts[state])} ${state}`,
  );
  return parts.length > 0 ? parts.join(', ') : 'no items';
}
