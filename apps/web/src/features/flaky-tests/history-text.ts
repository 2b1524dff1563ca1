import type { BranchFlakiness, FlakyTest, Quarantine } from '@verdict/contract';

/** The words of result history and flaky tests (docs/product/flaky-tests.md). */

/** "2026-12-01" as the reader's medium date, read as a calendar day (no time zone shift). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

export function quarantineHeadline(quarantine: Quarantine): string {
  return quarantine.until ? `Quarantined until ${formatDay(quarantine.until)}` : 'Quarantined (no end date)';
}

export const branchName = (branch: string | null) => branch ?? 'no branch';

/** "Flaky on main: 4 flips in the last 6 results". */
export function flakinessText(row: BranchFlakiness): string {
  return `${row.flaky ? 'Flaky' : 'Not flaky'} on ${branchName(row.branch)}: ${row.flips} ${row.flips === 1 ? 'flip' : 'flips'} in the last ${row.results} ${row.results === 1 ? 'result' : 'results'}`;
}

/** "80%" */
export const flipRateText = (row: Pick<FlakyTest, 'flip_rate'>) => `${Math.round(row.flip_rate * 100)}%`;

/** Tomorrow, YYYY-MM-DD (UTC): the earliest end date a quarantine may have. */
export function tomorrow(now = new Date()): string {
  return new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
}
