import type { ReportBranches, ReportCycle, ReportTest } from '@verdict/contract';
import type { SelectOption } from '@/components/ui/form-field';
import { formatDuration } from '@/lib/format-duration';
import { paths } from '@/lib/paths';

/**
 * The words and choices of the Reports screen and the cycle comparison
 * (docs/product/reports-screens.md).
 */

/**
 * The branch select's value, which is also the screen's `?branch=`: '*' every branch (git
 * refuses '*' in a branch name, so no branch is called that), '' the cycles that name no branch
 * (as the API reads `branch=`), otherwise the branch's name.
 */
export const ALL_BRANCHES = '*';
export const NO_BRANCH = '';

/**
 * The branch a report shows: the link's `?branch=`, else the project's default branch (main or
 * master), else every branch; undefined while the branches load and the link names none.
 */
export function branchValue(param: string | null, branches: ReportBranches | undefined): string | undefined {
  if (param !== null) return param;
  if (!branches) return undefined;
  return branches.default_branch ?? ALL_BRANCHES;
}

/** The reports' query string for a branch value: none for every branch, `?branch=` for no branch. */
export function reportQuery(value: string): string {
  return value === ALL_BRANCHES ? '' : `?branch=${encodeURIComponent(value)}`;
}

export function branchLabel(value: string): string {
  if (value === ALL_BRANCHES) return 'All branches';
  return value === NO_BRANCH ? 'No branch' : value;
}

/** 'All branches', then each branch with cycles; a linked branch the list lacks is kept. */
export function branchOptions(
  branches: ReportBranches | undefined,
  value: string | undefined,
): SelectOption[] {
  const values = [ALL_BRANCHES, ...(branches?.branches ?? []).map((branch) => branch.name ?? NO_BRANCH)];
  if (value !== undefined && !values.includes(value)) values.push(value);
  return values.map((option) => ({ value: option, label: branchLabel(option) }));
}

/** '80%': a rate from 0 to 1 as a whole percentage. */
export const percentText = (rate: number) => `${Math.round(rate * 100)}%`;

const plural = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

function firstAndLast<T>(values: readonly T[], format: (value: T) => string): string {
  const first = values[0];
  const last = values[values.length - 1];
  if (first === undefined || last === undefined) return '';
  return values.length === 1 ? `: ${format(first)}` : `, from ${format(first)} to ${format(last)}`;
}

/** 'Pass rate of the last 12 cycles, from 80% to 95%' (cycles with nothing executed left out). */
export function passRateSummary(cycles: readonly ReportCycle[]): string {
  const rates = cycles.flatMap((cycle) => (cycle.pass_rate === null ? [] : [cycle.pass_rate]));
  const what = `Pass rate of the last ${plural(cycles.length, 'cycle', 'cycles')}`;
  if (rates.length === 0) return `${what}: nothing executed yet`;
  return `${what}${firstAndLast(rates, percentText)}`;
}

/** 'Duration of the last 12 cycles, from 1:05 to 58.2 s' */
export function durationSummary(cycles: readonly ReportCycle[]): string {
  const what = `Duration of the last ${plural(cycles.length, 'cycle', 'cycles')}`;
  return `${what}${firstAndLast(
    cycles.map((cycle) => cycle.duration_ms),
    formatDuration,
  )}`;
}

/** The import cycles of a trend, the only ones that count flaky tests. */
export const importCycles = (cycles: readonly ReportCycle[]) =>
  cycles.filter((cycle) => cycle.flaky_count !== null);

/** 'Flaky tests after each of the last 8 imports, from 0 to 2' */
export function flakySummary(imports: readonly ReportCycle[]): string {
  const what = `Flaky tests after ${imports.length === 1 ? 'the last import' : `each of the last ${imports.length} imports`}`;
  return `${what}${firstAndLast(
    imports.map((cycle) => cycle.flaky_count ?? 0),
    String,
  )}`;
}

/** The tests of the slowest list that carry a duration. */
export const timedTests = (tests: readonly ReportTest[]) => tests.filter((test) => test.average_ms !== null);

/** 'Average duration of the 20 slowest tests, from 12.3 s (checkout) to 0.42 s (login)' */
export function slowestSummary(tests: readonly ReportTest[]): string {
  const what = `Average duration of the ${plural(tests.length, 'slowest test', 'slowest tests')}`;
  return `${what}${firstAndLast(tests, (test) => `${formatDuration(test.average_ms ?? 0)} (${test.name})`)}`;
}

/** 'Failures of the 20 most often failing tests, from 9 (checkout) to 1 (login)' */
export function failingSummary(tests: readonly ReportTest[]): string {
  const what = `Failures of the ${plural(tests.length, 'most often failing test', 'most often failing tests')}`;
  return `${what}${firstAndLast(tests, (test) => `${test.failures} (${test.name})`)}`;
}

/** '+1.2 s', '−0.80 s' (a real minus sign), '±0.00 s': how much longer `to` took than `from`. */
export function durationChangeText(ms: number): string {
  if (ms > 0) return `+${formatDuration(ms)}`;
  if (ms < 0) return `\u2212${formatDuration(-ms)}`;
  return `\u00b1${formatDuration(0)}`;
}

/** The comparison screen's address; either cycle may be left for the user to pick. */
export function compareLink(projectId: number, from: number | null, to: number | null): string {
  const query = new URLSearchParams();
  if (from !== null) query.set('from', String(from));
  if (to !== null) query.set('to', String(to));
  const search = query.toString();
  return search ? `${paths.cycleCompare(projectId)}?${search}` : paths.cycleCompare(projectId);
}

/** 'Showing 500 of 812' when a comparison's list was cut; null when it is whole. */
export function shownText(shown: number, count: number): string | null {
  return count > shown ? `Showing ${shown} of ${count}` : null;
}
