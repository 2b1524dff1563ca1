import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../src/db/client.ts';

/**
 * Whole-database checks shared by the stats and consistency tests. Each answers the offending
 * rows, so an assertion failure shows exactly what went wrong.
 */

/** Projects whose trigger-kept counters differ from a recount (or that lack their row). */
export function statsMismatches(db: Tx) {
  return queryRows(
    db,
    sql`
    with recount as (
      select p.id as project_id,
        (select count(*)::int from suites s where s.project_id = p.id) as suites,
        (select count(*)::int from test_runs r where r.project_id = p.id and r.status = 'passed') as passed,
        (select count(*)::int from test_runs r where r.project_id = p.id and r.status = 'failed') as failed
      from projects p)
    select coalesce(rc.project_id, ps.project_id) as project_id, rc.suites, rc.passed, rc.failed,
      ps.suites as kept_suites, ps.passed as kept_passed, ps.failed as kept_failed
    from recount rc full join project_stats ps on ps.project_id = rc.project_id
    where rc.project_id is null or ps.project_id is null
      or (rc.suites, rc.passed, rc.failed) is distinct from (ps.suites, ps.passed, ps.failed)`,
  );
}

/** Cases whose trigger-kept latest run status differs from a recount over their runs. */
export function staleLatestStatuses(db: Tx) {
  return queryRows(
    db,
    sql`
    select c.id, c.latest_run_status as kept,
      (select r.status from test_runs r where r.case_id = c.id order by r.id desc limit 1) as latest
    from test_cases c
    where c.latest_run_status is distinct from
      (select r.status from test_runs r where r.case_id = c.id order by r.id desc limit 1)`,
  );
}

/**
 * Cases outside their project, suite or parent's project and suite; runs whose case is gone or
 * in another project; memberships whose project, user or role is gone.
 */
export function orphans(db: Tx) {
  return queryRows(
    db,
    sql`
    select 'case' as kind, c.id from test_cases c
      left join projects p on p.id = c.project_id
      left join suites s on s.id = c.suite_id
      left join test_cases parent on parent.id = c.parent_id
      where p.id is null
        or (c.suite_id is not null and (s.id is null or s.project_id <> c.project_id))
        or (c.parent_id is not null and (parent.id is null or parent.project_id <> c.project_id
          or parent.suite_id is distinct from c.suite_id))
    union all
    select 'run', r.id from test_runs r left join test_cases c on c.id = r.case_id
      where c.id is null or c.project_id <> r.project_id
    union all
    select 'membership', pm.user_id from project_members pm
      left join projects p on p.id = pm.project_id
      left join users u on u.id = pm.user_id
      left join roles ro on ro.id = pm.role_id
      where p.id is null or u.id is null or ro.id is null`,
  );
}

/** Dashboard numbers for a user, recounted from the base tables over the projects they see. */
export async function recountDashboard(db: Tx, userId: number) {
  const [row] = await queryRows<{
    totalProjects: number;
    totalTestSuites: number;
    totalPassed: number;
    totalFailed: number;
  }>(
    db,
    sql`
    with seen as (
      select p.id from projects p
      where p.created_by = ${userId}
        or exists (select 1 from project_members pm where pm.project_id = p.id and pm.user_id = ${userId})
        or exists (select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
                   join permissions perm on perm.id = rp.permission_id
                   where ur.user_id = ${userId} and perm.name = 'view_all_projects'))
    select (select count(*)::int from seen) as "totalProjects",
      (select count(*)::int from suites where project_id in (select id from seen)) as "totalTestSuites",
      (select count(*)::int from test_runs where status = 'passed' and project_id in (select id from seen)) as "totalPassed",
      (select count(*)::int from test_runs where status = 'failed' and project_id in (select id from seen)) as "totalFailed"`,
  );
  return row!;
}
