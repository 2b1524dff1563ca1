import type { WorkloadRow } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { ReportFilters } from './report-filters.ts';

/**
 * The SQL of the reports' filters (docs/product/reports.md, "Filters"; decisions 186 and 187).
 * Cycles are aliased `y`, items `i` and results `r` in every statement that uses these pieces.
 */

/**
 * The one place a report reads a cycle's milestone: by id, the milestone's cycles and its
 * sub-milestones' (test_cycles_milestone_idx); by name, the milestone name the cycle carries,
 * matched exactly ('' for the cycles in none).
 */
export function onMilestone(milestone: ReportFilters['milestone']): SQL {
  if (milestone === undefined) return sql``;
  const parts: SQL[] = [];
  if (milestone.id !== undefined) {
    parts.push(sql`and y.milestone_id in (select m.id from milestones m
      where m.id = ${milestone.id} or m.parent_id = ${milestone.id})`);
  }
  if (milestone.name !== undefined) parts.push(sql`and coalesce(y.milestone, '') = ${milestone.name}`);
  return sql.join(parts, sql` `);
}

const onBranch = (branch: string | undefined): SQL =>
  branch === undefined ? sql`` : sql`and coalesce(y.branch, '') = ${branch}`;

/** Cycles by their branch and milestone. */
const onCycle = (filters: ReportFilters): SQL =>
  sql`${onBranch(filters.branch)} ${onMilestone(filters.milestone)}`;

/** Cycles by branch, milestone and creation date: the cycles a per-cycle figure counts. */
function cyclesInRange(filters: ReportFilters): SQL {
  const parts = [onCycle(filters)];
  if (filters.from !== undefined) parts.push(sql`and y.created_at >= ${filters.from}::timestamptz`);
  if (filters.toExclusive !== undefined)
    parts.push(sql`and y.created_at < ${filters.toExclusive}::timestamptz`);
  return sql.join(parts, sql` `);
}

/** The cycle trend's conditions: the cycles in range, and those the tester recorded a result in. */
export function trendConditions(filters: ReportFilters): SQL {
  if (filters.tester === undefined) return cyclesInRange(filters);
  return sql`${cyclesInRange(filters)} and exists (
    select 1 from cycle_items ti join cycle_results tr on tr.item_id = ti.id
    where ti.cycle_id = y.id and tr.executed_by = ${filters.tester})`;
}

/** Results by their cycle's branch and milestone, the time they were recorded, and who recorded them. */
function resultsInRange(filters: ReportFilters): SQL {
  const parts = [onCycle(filters)];
  if (filters.from !== undefined) parts.push(sql`and r.created_at >= ${filters.from}::timestamptz`);
  if (filters.toExclusive !== undefined)
    parts.push(sql`and r.created_at < ${filters.toExclusive}::timestamptz`);
  if (filters.tester !== undefined) parts.push(sql`and r.executed_by = ${filters.tester}`);
  return sql.join(parts, sql` `);
}

/**
 * Each case's passed and failed results under the filters, counted from the results themselves
 * in the shape of case_result_stats (the kept figures are per branch only).
 */
export function filteredCaseStats(projectId: number, filters: ReportFilters): SQL {
  return sql`select i.case_id, count(*)::int as results,
      (count(*) filter (where r.state = 'failed'))::int as failures, count(r.elapsed_ms)::int as timed,
      coalesce(sum(r.elapsed_ms), 0)::float8 as duration_sum
    from cycle_results r
      join cycle_items i on i.id = r.item_id
      join test_cycles y on y.id = i.cycle_id
    where y.project_id = ${projectId} and r.state in ('passed', 'failed') ${resultsInRange(filters)}
    group by i.case_id`;
}

/**
 * Per user: the items assigned to them in the cycles in range, by state, and the results they
 * recorded in range (decision 187). Ordered by name, deleted users last.
 */
export async function workloadRows(
  db: Tx,
  projectId: number,
  filters: ReportFilters,
): Promise<WorkloadRow[]> {
  const assignee = filters.tester === undefined ? sql`` : sql`and i.assignee_id = ${filters.tester}`;
  return queryRows<WorkloadRow>(
    db,
    sql`
    with assigned as (
      select i.assignee_id as user_id, count(*)::int as assigned,
          (count(*) filter (where i.state = 'untested'))::int as untested,
          (count(*) filter (where i.state = 'retest'))::int as retest
        from cycle_items i join test_cycles y on y.id = i.cycle_id
        where y.project_id = ${projectId} and i.assignee_id is not null ${assignee} ${cyclesInRange(filters)}
        group by 1
    ), recorded as (
      select r.executed_by as user_id, count(*)::int as results
        from cycle_results r
          join cycle_items i on i.id = r.item_id
          join test_cycles y on y.id = i.cycle_id
        where y.project_id = ${projectId} and r.executed_by is not null ${resultsInRange(filters)}
        group by 1
    )
    select w.user_id, u.username, coalesce(a.assigned, 0) as assigned, coalesce(a.untested, 0) as untested,
        coalesce(a.retest, 0) as retest,
        coalesce(a.assigned - a.untested - a.retest, 0) as done, coalesce(d.results, 0) as results
      from (select user_id from assigned union select user_id from recorded) w
        left join assigned a on a.user_id = w.user_id
        left join recorded d on d.user_id = w.user_id
        left join users u on u.id = w.user_id
      order by lower(u.username) nulls last, w.user_id`,
  );
}
