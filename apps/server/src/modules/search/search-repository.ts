import type { CaseSearchHit, TestCase } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/** A query as SQL (case-query-sql.ts): a condition on `test_cases c`, and the CTEs it needs. */
export interface QueryPlan {
  where: SQL;
  with: SQL | null;
}

/**
 * The ids of one page of a project's cases matching `where` (on `test_cases c`), in id order, and
 * how many match, counted up to `countMax` (one more tells that there are more): one statement,
 * so both come from one snapshot. Neither materialises every match: the page stops after its
 * last row, the count after `countMax + 1`.
 */
export async function matchingCaseIds(
  db: Tx,
  projectId: number,
  plan: QueryPlan,
  limit: number,
  offset: number,
  countMax: number,
): Promise<{ ids: number[]; total: number; capped: boolean }> {
  const before = plan.with ? sql`with recursive ${plan.with}` : sql``;
  const matches = sql`from test_cases c where c.project_id = ${projectId} and ${plan.where}`;
  const [row] = await queryRows<{ ids: number[]; counted: number }>(
    db,
    sql`
    ${before}
    select (select count(*)::int from (select 1 ${matches} limit ${countMax + 1}) m) as counted,
      array(select c.id ${matches} order by c.id limit ${limit} offset ${offset}) as ids`,
  );
  const counted = row?.counted ?? 0;
  return { ids: row?.ids ?? [], total: Math.min(counted, countMax), capped: counted > countMax };
}

/** The ids of every case of a project matching `where`, in id order (a bulk action's "all matching"). */
export async function allMatchingCaseIds(db: Tx, projectId: number, plan: QueryPlan): Promise<number[]> {
  const before = plan.with ? sql`${plan.with},` : sql``;
  const [row] = await queryRows<{ ids: number[] }>(
    db,
    sql`
    with recursive ${before} matched as materialized (
      select c.id from test_cases c where c.project_id = ${projectId} and ${plan.where}
    )
    select array(select id from matched order by id) as ids`,
  );
  return row?.ids ?? [];
}

/** The cases of a page as lists show them (`views`), each with its suite's name and its ancestors' names. */
export async function searchHits(db: Tx, views: TestCase[]): Promise<CaseSearchHit[]> {
  if (views.length === 0) return [];
  const list = sql`${`{${views.map((view) => view.id).join(',')}}`}::int[]`;
  const places = await queryRows<{ id: number; suite_name: string | null; ancestors: string[] }>(
    db,
    sql`
    with recursive up as (
      select c.id as root, c.parent_id as next, 0 as level, null::text as name
      from test_cases c where c.id = any(${list})
      union all
      select u.root, a.parent_id, u.level + 1, a.name
      from up u cross join lateral (select a.parent_id, a.name from test_cases a where a.id = u.next offset 0) a
      where u.next is not null
    )
    select c.id, (select s.name from suites s where s.id = c.suite_id) as suite_name,
      coalesce((select array_agg(u.name order by u.level desc) from up u where u.root = c.id and u.level > 0),
        '{}') as ancestors
    from test_cases c where c.id = any(${list})`,
  );
  const placeOf = new Map(places.map((p) => [p.id, p]));
  return views.map((view) => ({
    ...view,
    suite_name: placeOf.get(view.id)?.suite_name ?? null,
    ancestors: placeOf.get(view.id)?.ancestors ?? [],
  }));
}
