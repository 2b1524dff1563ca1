import type { CycleCounts, CycleItemState } from '@verdict/contract';

/**
 * How the screens name and order the five item states (docs/product/cycles-screens.md,
 * "Progress"). Done is every state but untested.
 */
export const STATE_LABELS: Record<CycleItemState, string> = {
  untested: 'Untested',
  passed: 'Passed',
  failed: 'Failed',
  blocked: 'Blocked',
  skipped: 'Skipped',
};

/** The state filter's choices, in the order work moves. */
export const CYCLE_ITEM_STATE_OPTIONS = (
  ['untested', 'passed', 'failed', 'blocked', 'skipped'] as const satisfies readonly CycleItemState[]
).map((value) => ({ value, label: STATE_LABELS[value] }));

/** The order of the progress bar's segments and of its legend. */
export const PROGRESS_ORDER: readonly CycleItemState[] = [
  'passed',
  'failed',
  'blocked',
  'skipped',
  'untested',
];

export function doneOf(counts: CycleCounts): number {
  return counts.total - counts.untested;
}

/** A whole percentage, never 100 before every item is done. */
export function percentDone(counts: CycleCounts): number {
  if (counts.total === 0) return 0;
  const done = doneOf(counts);
  const percent = Math.round((done / counts.total) * 100);
  return done < counts.total ? Math.min(percent, 99) : 100;
}

const numberFormat = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => numberFormat.format(n);

/** The bar's words for screen readers and its visible summary: '12 of 40 done (30%)'. */
export function progressSummary(counts: CycleCounts): string {
  return `${formatCount(doneOf(counts))} of ${formatCount(counts.total)} done (${percentDone(counts)}%)`;
}

/** '8 passed, 2 failed, 1 blocked, 1 skipped, 28 untested' (states with none left out). */
export function countsText(counts: CycleCounts): string {
  const parts = PROGRESS_ORDER.filter((state) => counts[state] > 0).map(
    (state) => `${formatCount(counts[state])} ${state}`,
  );
  return parts.length > 0 ? parts.join(', ') : 'no items';
}

/** '1:05', '12:00', '1:02:03': a duration in milliseconds as a clock shows it. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** A test's duration as a report gives it: '0.42 s', '12.3 s', '2:05' from a minute on. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return formatElapsed(ms);
}
