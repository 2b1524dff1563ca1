import type { Milestone, WorkloadReport } from '@verdict/contract';
import type { SelectOption } from '@/components/ui/form-field';
import { milestoneOptions } from '@/entities/milestone/milestone-api';
import { reportQuery } from './report-text';

/**
 * The Reports screen's filters beyond the branch (docs/product/reports-screens.md, "Filters"):
 * kept in the address under the API's own names, so a filtered report can be linked, and sent to
 * every report as they are. An empty value is no filter.
 */
export interface ReportFilterValues {
  /** A day, `2026-03-01` (a whole UTC day, as the server reads it). */
  from: string;
  to: string;
  /** A milestone's id: its cycles and its sub-milestones'. */
  milestone_id: string;
  /** A user id. */
  tester: string;
}

export const FILTER_NAMES = ['from', 'to', 'milestone_id', 'tester'] as const;

export const NO_FILTERS: ReportFilterValues = { from: '', to: '', milestone_id: '', tester: '' };

export function filtersFrom(params: URLSearchParams): ReportFilterValues {
  const value = (name: keyof ReportFilterValues) => params.get(name)?.trim() ?? '';
  return {
    from: value('from'),
    to: value('to'),
    milestone_id: value('milestone_id'),
    tester: value('tester'),
  };
}

export const hasFilters = (filters: ReportFilterValues) => FILTER_NAMES.some((name) => filters[name] !== '');

/** The address with these filters, the branch and anything else kept. */
export function withFilters(params: URLSearchParams, filters: ReportFilterValues): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_NAMES) {
    if (filters[name] === '') next.delete(name);
    else next.set(name, filters[name]);
  }
  return next;
}

/**
 * The reports' query string: the branch's (none for every branch, `?branch=` for no branch), then
 * each filter set, so a report without filters asks exactly as before.
 */
export function filteredQuery(branch: string, filters: ReportFilterValues): string {
  const parts = FILTER_NAMES.filter((name) => filters[name] !== '').map(
    (name) => `${name}=${encodeURIComponent(filters[name])}`,
  );
  const base = reportQuery(branch);
  if (parts.length === 0) return base;
  return `${base}${base === '' ? '?' : '&'}${parts.join('&')}`;
}

/**
 * 'Any milestone', then the project's milestones as the cycle form lists them (each with its
 * sub-milestones); a linked milestone the list lacks is kept.
 */
export function milestoneFilterOptions(
  milestones: readonly Milestone[],
  milestoneId: string,
): SelectOption[] {
  const options: SelectOption[] = [{ value: '', label: 'Any milestone' }];
  for (const option of milestoneOptions(milestones))
    options.push({ value: String(option.value), label: option.label });
  if (milestoneId !== '' && !options.some((option) => option.value === milestoneId)) {
    options.push({ value: milestoneId, label: `Milestone #${milestoneId}` });
  }
  return options;
}

/** A user of the workload as the tester select and the table name them. */
export const testerName = (user: { user_id: number; username: string | null }) =>
  user.username ?? `Deleted user #${user.user_id}`;

/** 'All testers', then everyone with assigned items or results; a linked tester the list lacks is kept. */
export function testerOptions(workload: WorkloadReport | undefined, tester: string): SelectOption[] {
  const options: SelectOption[] = [{ value: '', label: 'All testers' }];
  for (const user of workload?.users ?? [])
    options.push({ value: String(user.user_id), label: testerName(user) });
  if (tester !== '' && !options.some((option) => option.value === tester)) {
    options.push({ value: tester, label: `User #${tester}` });
  }
  return options;
}
