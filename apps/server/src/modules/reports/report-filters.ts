import type { ReportQuery } from '@verdict/contract';
import { BadRequestError } from '../../lib/errors.ts';

/**
 * The filters of a report's query (docs/product/reports.md, "Filters"; decision 186) as the
 * repositories take them: the dates turned into a half-open range of instants.
 */
export interface ReportFilters {
  /** undefined: every branch; '': the cycles naming none. */
  branch: string | undefined;
  /**
   * The cycles' milestone: `id`, that milestone's cycles and its sub-milestones'; `name`, the
   * cycles whose milestone bears that name ('' for the cycles in none). Undefined: every cycle.
   * Read in one place, report-filters-repository.ts `onMilestone`.
   */
  milestone: { id?: number | undefined; name?: string | undefined } | undefined;
  /** Inclusive lower bound, an ISO instant. */
  from: string | undefined;
  /** Exclusive upper bound, an ISO instant. */
  toExclusive: string | undefined;
  /** The user who recorded the results. */
  tester: number | undefined;
}

const DAY_MS = 86_400_000;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A day from its start (UTC); an instant as it is. */
const lowerBound = (from: string) => new Date(isDay(from) ? `${from}T00:00:00Z` : from).toISOString();

/** A day to its end (UTC); an instant up to and including its millisecond. */
const upperBound = (to: string) =>
  new Date(isDay(to) ? Date.parse(`${to}T00:00:00Z`) + DAY_MS : Date.parse(to) + 1).toISOString();

/** The filters of a report on a branch alone (undefined: every branch). */
export const branchOnly = (branch: string | undefined): ReportFilters => ({
  branch,
  milestone: undefined,
  from: undefined,
  toExclusive: undefined,
  tester: undefined,
});

export function reportFiltersOf(query: ReportQuery): ReportFilters {
  const from = query.from === undefined ? undefined : lowerBound(query.from);
  const toExclusive = query.to === undefined ? undefined : upperBound(query.to);
  if (from !== undefined && toExclusive !== undefined && from >= toExclusive) {
    const message = 'The report cannot start (from) after it ends (to)';
    throw new BadRequestError(message, [{ field: 'from', message }]);
  }
  const milestone =
    query.milestone_id === undefined && query.milestone === undefined
      ? undefined
      : { id: query.milestone_id, name: query.milestone };
  return { branch: query.branch, milestone, from, toExclusive, tester: query.tester };
}

/**
 * Whether a filter beyond the branch is set: the kept figures are per case and branch only, so
 * such a report counts the matching results themselves.
 */
export const narrowsResults = (filters: ReportFilters) =>
  filters.milestone !== undefined ||
  filters.from !== undefined ||
  filters.toExclusive !== undefined ||
  filters.tester !== undefined;
