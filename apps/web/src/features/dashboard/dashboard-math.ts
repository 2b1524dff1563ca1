/**
 * The dashboard's numbers (docs/product/dashboard.md, "The screen (`/dashboard`)"): a count's
 * share of all runs in percent, with one decimal, and '0' when there are no runs at all.
 */
export function runShare(count: number, totalRuns: number): string {
  if (!(totalRuns > 0) || !Number.isFinite(count)) return '0';
  return ((count / totalRuns) * 100).toFixed(1);
}

/** The width of a progress bar for that share, clamped to 0–100. */
export function shareWidth(share: string): number {
  const value = Number(share);
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}
