import type { ReportCycle, ReportTest, WorkloadRow } from '@verdict/contract';
import { type CsvValue, csvRow } from '../../lib/csv.ts';

/**
 * The reports as CSV (docs/product/reports.md, "CSV"; the format of decision 077): a header row,
 * then one row per cycle, test or user, in the order the report answers them. Rates are the
 * report's fractions (0 to 1), durations milliseconds, times ISO 8601.
 */

export type CsvReport = 'cycles' | 'slowest-tests' | 'failing-tests' | 'workload';

function table(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map(csvRow).join('');
}

export const cyclesCsv = (cycles: readonly ReportCycle[]) =>
  table(
    [
      'cycle_id',
      'name',
      'branch',
      'source',
      'created_at',
      'total',
      'untested',
      'passed',
      'failed',
      'blocked',
      'skipped',
      'retest',
      'pass_rate',
      'duration_ms',
      'flaky_count',
    ],
    cycles.map((c) => [
      c.id,
      c.name,
      c.branch,
      c.source,
      c.created_at,
      c.counts.total,
      c.counts.untested,
      c.counts.passed,
      c.counts.failed,
      c.counts.blocked,
      c.counts.skipped,
      c.counts.retest,
      c.pass_rate,
      c.duration_ms,
      c.flaky_count,
    ]),
  );

export const testsCsv = (tests: readonly ReportTest[]) =>
  table(
    ['case_id', 'name', 'suite', 'results', 'failures', 'failure_rate', 'average_ms'],
    tests.map((t) => [t.case_id, t.name, t.suite_name, t.results, t.failures, t.failure_rate, t.average_ms]),
  );

export const workloadCsv = (users: readonly WorkloadRow[]) =>
  table(
    ['user_id', 'username', 'assigned', 'untested', 'retest', 'done', 'results'],
    users.map((u) => [u.user_id, u.username, u.assigned, u.untested, u.retest, u.done, u.results]),
  );

/** `project-3-report-cycles.csv`: ids only, so no name needs escaping (decision 077). */
export const csvFilename = (projectId: number, report: CsvReport) =>
  `project-${projectId}-report-${report}.csv`;
