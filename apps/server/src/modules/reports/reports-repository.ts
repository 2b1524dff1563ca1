import {
  FLAKY_DEFAULTS,
  REPORT_CYCLES_MAX,
  REPORT_TESTS_MAX,
  type ReportBranch,
  type ReportCycle,
  type ReportTest,
} from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoTime } from '../../lib/timestamps.ts';
import { branchOnly, narrowsResults, type ReportFilters } from './report-filters.ts';
import { filteredCaseStats, trendConditions } from './report-filters-repository.ts';

/**
 * SQL of the Reports page (docs/product/reports.md). Every figure is kept as results arrive:
 * cycle_counts (counts, duration_ms, flaky_count), case_result_stats and case_result_totals
 * (db/triggers/cycle-counts.sql and case-result-stats.sql); these reads pick the newest cycles by
 * index and rank the project's rows of one branch. A report filtered beyond the branch counts the
 * matching results instead (report-filters-repository.ts).
 */

/** `branch`: undefined for every branch, '' for cycles naming none, else the branch. */
export type BranchFilter = string | undefined;

export async function reportBranches(db: Tx, projectId: number): Promise<ReportBranch[]> {
  const rows = await queryRows<{ name: string | null; cycles: number; last_at: Date | string }>(
    db,
    sql`
    select nullif(b, '') as name, count(*)::int as cycles, max(created_at) as last_at
    from (select coalesce(branch, '') as b, created_at from test_cycles where project_id = ${projectId}) y
    group by b
    order by last_at desc, b
    limit 200`,
  );
  return rows.map((row) => ({ ...row, last_at: isoTime(row.last_at) }));
}

/** The newest REPORT_CYCLES_MAX cycles on the branch (under the filters), oldest first. */
export async function cycleTrend(
  db: Tx,
  projectId: number,
  filter: BranchFilter | ReportFilters,
): Promise<ReportCycle[]> {
  const filters = typeof filter === 'object' ? filter : branchOnly(filter);
  const rows = await queryRows<
    Omit<ReportCycle, 'counts' | 'pass_rate' | 'created_at' | 'duration_ms'> & {
      created_at: Date | string;
      total: number;
      untested: number;
      passed: number;
      failed: number;
      blocked: number;
      skipped: number;
      retest: number;
      duration_ms: number | string;
    }
  >(
    db,
    sql`
    select * from (
      select y.id, y.name, y.branch, y.source, y.created_at, k.total, k.untested, k.passed, k.failed,
        k.blocked, k.skipped, k.retest, k.duration_ms, k.flaky_count
      from test_cycles y join cycle_counts k on k.cycle_id = y.id
      where y.project_id = ${projectId} ${trendConditions(filters)}
      order by y.id desc
      limit ${REPORT_CYCLES_MAX}
    ) newest
    order by id`,
  );
  return rows.map(({ total, untested, passed, failed, blocked, skipped, retest, ...row }) => {
    // Retest is work still to do, as untested is: it is not executed yet (decision 178).
    const executed = total - untested - retest;
    return {
      ...row,
      created_at: isoTime(row.created_at),
      counts: { total, untested, passed, failed, blocked, skipped, retest },
      pass_rate: executed > 0 ? Math.round((passed / executed) * 10_000) / 10_000 : null,
      duration_ms: Number(row.duration_ms),
    };
  });
}

export type TestRanking = 'slowest' | 'failing';

/** The REPORT_TESTS_MAX slowest (by mean duration) or most often failing tests. */
export async function rankedTests(
  db: Tx,
  projectId: number,
  filters: ReportFilters,
  ranking: TestRanking,
): Promise<ReportTest[]> {
  const { branch } = filters;
  // One row per case: its row on the branch, its row over every branch, or a count of the results
  // the filters keep.
  const stats = narrowsResults(filters)
    ? filteredCaseStats(projectId, filters)
    : branch === undefined
      ? sql`select case_id, results, failures, timed, duration_sum::float8 as duration_sum
        from case_result_totals where project_id = ${projectId}`
      : sql`select case_id, results, failures, timed, duration_sum::float8 as duration_sum
        from case_result_stats where project_id = ${projectId} and branch = ${branch}`;
  const order =
    ranking === 'slowest'
      ? sql`where s.timed > 0 order by s.duration_sum / s.timed desc, s.case_id`
      : sql`where s.failures > 0
        order by s.failures desc, s.failures::float8 / greatest(s.results, 1) desc, s.case_id`;
  const rows = await queryRows<{
    case_id: number;
    results: number;
    failures: number;
    timed: number;
    duration_sum: number;
  }>(db, sql`select * from (${stats}) s ${order} limit ${REPORT_TESTS_MAX}`);
  if (rows.length === 0) return [];
  const names = await queryRows<{ id: number; name: string; suite_name: string | null }>(
    db,
    sql`select c.id, c.name, s.name as suite_name from test_cases c left join suites s on s.id = c.suite_id
      where c.id = any(${sql.param(rows.map((row) => row.case_id))}::int[])`,
  );
  const byId = new Map(names.map((row) => [row.id, row]));
  return rows.map((row) => ({
    case_id: row.case_id,
    name: byId.get(row.case_id)?.name ?? '',
    suite_name: byId.get(row.case_id)?.suite_name ?? null,
    results: row.results,
    failures: row.failures,
    failure_rate: row.results > 0 ? Math.round((row.failures / row.results) * 10_000) / 10_000 : 0,
    average_ms: row.timed > 0 ? Math.round(row.duration_sum / row.timed) : null,
  }));
}

/**
 * Called by an import after its results (modules/imports): how many tests are flaky on its branch
 * now, kept on the cycle for the flaky count over time.
 */
export async function storeFlakyCount(
  tx: Tx,
  projectId: number,
  cycle: { id: number; branch: string | null },
): Promise<void> {
  await tx.execute(sql`
    update cycle_counts set flaky_count = (
      select count(*)::int from case_flakiness f join test_cases c on c.id = f.case_id
      where c.project_id = ${projectId} and f.branch = ${cycle.branch ?? ''} and f.flips >= 2
        and f.flips >= coalesce((select flip_threshold from project_flaky_settings
          where project_id = ${projectId}), ${FLAKY_DEFAULTS.flips}))
    where cycle_id = ${cycle.id}`);
}

/** A cycle result whose figures go (passed and failed results count; others are left alone). */
export interface WithdrawnResult {
  resultId: number;
}

/**
 * Subtracts the results from their case's row on their cycle's branch and from its row over every
 * branch: what db/triggers/case-result-stats.sql added when they were inserted.
 */
export async function subtractResults(tx: Tx, results: WithdrawnResult[]): Promise<void> {
  if (results.length === 0) return;
  await tx.execute(sql`
    with gone as (
      select i.case_id, coalesce(y.branch, '') as branch, count(*) as results,
          count(*) filter (where r.state = 'failed') as failures, count(r.elapsed_ms) as timed,
          coalesce(sum(r.elapsed_ms), 0) as duration_sum
        from cycle_results r
          join cycle_items i on i.id = r.item_id
          join test_cycles y on y.id = i.cycle_id
        where r.id = any(${sql.param(results.map((r) => r.resultId))}::int[]) and r.state in ('passed', 'failed')
        group by 1, 2
    ), per_branch as (
      update case_result_stats s set
        results = s.results - g.results, failures = s.failures - g.failures,
        timed = s.timed - g.timed, duration_sum = s.duration_sum - g.duration_sum
      from gone g where s.case_id = g.case_id and s.branch = g.branch
    )
    update case_result_totals s set
      results = s.results - d.results, failures = s.failures - d.failures,
      timed = s.timed - d.timed, duration_sum = s.duration_sum - d.duration_sum
    from (
      select case_id, sum(results) as results, sum(failures) as failures, sum(timed) as timed,
          sum(duration_sum) as duration_sum
        from gone group by case_id
    ) d
    where s.case_id = d.case_id`);
}

/** A merge of cases: `fromId`'s result figures are added to `toId`'s, per branch and over all. */
export async function mergeCaseResultStats(tx: Tx, fromId: number, toId: number): Promise<void> {
  await tx.execute(sql`insert into case_result_stats as s (case_id, branch, project_id, results, failures, timed, duration_sum)
    select ${toId}, branch, project_id, results, failures, timed, duration_sum from case_result_stats
    where case_id = ${fromId} order by branch
    on conflict (case_id, branch) do update set results = s.results + excluded.results,
      failures = s.failures + excluded.failures, timed = s.timed + excluded.timed,
      duration_sum = s.duration_sum + excluded.duration_sum`);
  await tx.execute(sql`insert into case_result_totals as s (case_id, project_id, results, failures, timed, duration_sum)
    select ${toId}, project_id, results, failures, timed, duration_sum from case_result_totals where case_id = ${fromId}
    on conflict (case_id) do update set results = s.results + excluded.results,
      failures = s.failures + excluded.failures, timed = s.timed + excluded.timed,
      duration_sum = s.duration_sum + excluded.duration_sum`);
  await tx.execute(sql`delete from case_result_stats where case_id = ${fromId}`);
  await tx.execute(sql`delete from case_result_totals where case_id = ${fromId}`);
}
