import type { RequirementCounts, RequirementCoverage } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * How requirements get their coverage (decision 207, docs/product/requirements.md): from the
 * figures the database keeps per case and per cycle item, never from the results themselves.
 * - No scope: a case's latest result from any source: its latest run (case_run_states, kept by
 *   db/triggers/case-latest-run.sql; every passed or failed result records one), unless a blocked,
 *   skipped or retest result came after it (case_unrun_results, db/triggers/case-unrun-results.sql).
 * - A milestone (with its sub-milestones) and/or a configuration: the scope's cycles; a case reads
 *   the state of its item in the newest of them where it has a result (an item's state is its
 *   latest result).
 * A requirement's figures count the distinct cases linked to it or to any requirement below it.
 */

export interface CoverageScope {
  milestoneId?: number | undefined;
  configurationId?: number | undefined;
}

export const isScoped = (scope: CoverageScope) =>
  scope.milestoneId !== undefined || scope.configurationId !== undefined;

/** The cycles of the project a scope reads. */
export function scopeCyclesSql(projectId: number, scope: CoverageScope): SQL {
  const milestone =
    scope.milestoneId === undefined
      ? sql``
      : sql` and y.milestone_id in (select ${scope.milestoneId}::int union all
          select m.id from milestones m where m.parent_id = ${scope.milestoneId})`;
  const configuration =
    scope.configurationId === undefined
      ? sql``
      : sql` and exists (select 1 from cycle_configurations cc
          where cc.cycle_id = y.id and cc.configuration_id = ${scope.configurationId})`;
  return sql`select y.id from test_cycles y where y.project_id = ${projectId}${milestone}${configuration}`;
}

/** `passed`, `failing` (failed or blocked) or anything else (untested) of a state or run status. */
const classOf = (state: SQL) =>
  sql`case when ${state} = 'passed' then 'passed' when ${state} in ('failed', 'blocked') then 'failing' else 'untested' end`;

/** (case_id, cls) of every case of the project that has a result in scope. */
function caseStatesSql(projectId: number, scope: CoverageScope): SQL {
  if (!isScoped(scope)) {
    // A case's latest result from any source: its latest run, unless a result that records no run
    // (blocked, skipped, retest) came after it (case_unrun_results, decision 223).
    return sql`select s.case_id, ${classOf(sql`s.status`)} as cls from case_run_states s
      where s.project_id = ${projectId}
        and not exists (select 1 from case_unrun_results u where u.case_id = s.case_id)
      union all
      select u.case_id, ${classOf(sql`u.state`)} from case_unrun_results u where u.project_id = ${projectId}`;
  }
  return sql`select distinct on (i.case_id) i.case_id, ${classOf(sql`i.state`)} as cls
    from cycle_items i
    where i.cycle_id in (${scopeCyclesSql(projectId, scope)}) and i.results > 0
    order by i.case_id, i.cycle_id desc`;
}

/**
 * `with …, cov(id, cases, passed, failing, untested, coverage)` over every requirement of the
 * project (or those `within` names); the caller continues with `, more as (…) select …`. A case linked to a requirement
 * counts for it and its (at most two) ancestors, once each. A requirement with cases below it
 * but an uncovered requirement below it is at best untested: nothing has shown that part works.
 */
export function withCoverage(
  projectId: number,
  scope: CoverageScope,
  within?: { name: string; query: SQL },
): SQL {
  // `within`: a named query of requirement ids, computed once; only they (and what is below them)
  // get their coverage.
  const first = within ? sql`${sql.raw(within.name)} as (${within.query}),` : sql``;
  const ids = within ? sql`select id from ${sql.raw(within.name)}` : sql``;
  const only = within
    ? sql` and (r.id in (${ids}) or r.parent_id in (${ids}) or p.parent_id in (${ids}))`
    : sql``;
  // Each requirement with itself and its ancestors as targets; then one pass over the links, each
  // case counted once per target (count distinct sorts within each group, cheaper than making the
  // pairs distinct first).
  return sql`with ${first} reqs as (
      select r.id, r.parent_id, p.parent_id as grand_id from requirements r
      left join requirements p on p.id = r.parent_id
      where r.project_id = ${projectId}${only}
    ),
    targets as (
      select id, id as target from reqs
      union all
      select id, parent_id from reqs where parent_id is not null
      union all
      select id, grand_id from reqs where grand_id is not null
    ),
    states as (${caseStatesSql(projectId, scope)}),
    sums as (
      select t.target as id, count(distinct l.case_id)::int as cases,
        (count(distinct l.case_id) filter (where s.cls = 'passed'))::int as passed,
        (count(distinct l.case_id) filter (where s.cls = 'failing'))::int as failing
      from requirement_cases l
      join targets t on t.id = l.requirement_id
      left join states s on s.case_id = l.case_id
      where l.project_id = ${projectId}
      group by t.target
    ),
    holes as (
      select q.parent_id as id from reqs q where q.parent_id is not null and q.id not in (select id from sums)
      union
      select q.grand_id from reqs q where q.grand_id is not null and q.id not in (select id from sums)
    ),
    cov as (
      select q.id, coalesce(s.cases, 0) as cases, coalesce(s.passed, 0) as passed,
        coalesce(s.failing, 0) as failing, coalesce(s.cases - s.passed - s.failing, 0) as untested,
        case when s.id is null then 'not_covered' when s.failing > 0 then 'failing'
          when s.cases > s.passed or q.id in (select id from holes) then 'untested'
          else 'passing' end as coverage
      from reqs q left join sums s on s.id = q.id
    )`;
}

export interface CoverageColumns {
  coverage: RequirementCoverage;
  cases: number;
  passed: number;
  failing: number;
  untested: number;
}

export const countsOfRow = (row: CoverageColumns): RequirementCounts => ({
  cases: row.cases,
  passed: row.passed,
  failing: row.failing,
  untested: row.untested,
});

/**
 * `latest_state, latest_at, latest_cycle_id, latest_source` of the case `c` in scope: its latest
 * run (and the cycle whose result recorded it), or its item in the newest cycle of the scope
 * where it has a result.
 */
export function latestOfCaseSql(projectId: number, scope: CoverageScope): SQL {
  if (!isScoped(scope)) {
    // The result without a run, when the case has one newer than its latest run; else that run.
    return sql`left join lateral (
        select u.state as latest_state, u.at as latest_at, i.cycle_id as latest_cycle_id, 0 as pick
        from case_unrun_results u
          join cycle_results cr on cr.id = u.result_id join cycle_items i on i.id = cr.item_id
        where u.case_id = c.id
        union all
        select * from (
          select r.status, r.created_at,
            (select i.cycle_id from cycle_results cr join cycle_items i on i.id = cr.item_id
              where cr.run_id = r.id limit 1), 1
          from test_runs r where r.case_id = c.id order by r.id desc limit 1
        ) run
        order by pick limit 1
      ) lr on true`;
  }
  return sql`left join lateral (
      select i.state as latest_state, i.updated_at as latest_at, i.cycle_id as latest_cycle_id
      from cycle_items i
      where i.case_id = c.id and i.results > 0 and i.cycle_id in (${scopeCyclesSql(projectId, scope)})
      order by i.cycle_id desc limit 1
    ) lr on true`;
}
