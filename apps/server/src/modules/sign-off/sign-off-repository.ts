import { SIGN_OFF_FAILURES_MAX, type SignOffFailure, type SignOffTester } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoTime } from '../../lib/timestamps.ts';

/**
 * The rows of a sign-off report that no owner answers whole (docs/product/milestones.md,
 * "Sign-off report"): the failed items of a milestone's cycles with their latest result and
 * defects, and who recorded what. Read-only statements of the report's own, over the cycles the
 * cycles module listed (decision 176: a repository may read rows for its own operation).
 */

interface FailureRow {
  item_id: number;
  case_id: number;
  case_name: string;
  cycle_id: number;
  cycle_name: string;
  message: string | null;
  recorded_by: string | null;
  recorded_at: Date | string | null;
}

/** The failed items of these cycles, newest cycle first, at most SIGN_OFF_FAILURES_MAX, and how many there are. */
export async function failuresOf(
  db: Tx,
  cycleIds: number[],
): Promise<{ rows: Omit<SignOffFailure, 'configurations'>[]; count: number }> {
  if (cycleIds.length === 0) return { rows: [], count: 0 };
  const ids = sql`${sql.param(cycleIds)}::int[]`;
  const [counted] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from cycle_items where cycle_id = any(${ids}) and state = 'failed'`,
  );
  const rows = await queryRows<FailureRow>(
    db,
    sql`
    select i.id as item_id, i.case_id, c.name as case_name, y.id as cycle_id, y.name as cycle_name,
      coalesce(nullif(r.comment, ''), r.failure_message) as message, u.username as recorded_by,
      r.created_at as recorded_at
    from cycle_items i
    join test_cycles y on y.id = i.cycle_id
    join test_cases c on c.id = i.case_id
    left join lateral (select r.comment, r.failure_message, r.executed_by, r.created_at from cycle_results r
      where r.item_id = i.id order by r.id desc limit 1) r on true
    left join users u on u.id = r.executed_by
    where i.cycle_id = any(${ids}) and i.state = 'failed'
    order by i.cycle_id desc, i.id
    limit ${SIGN_OFF_FAILURES_MAX}`,
  );
  const defects = await defectsOf(
    db,
    rows.map((row) => row.item_id),
  );
  return {
    count: counted?.count ?? 0,
    rows: rows.map((row) => ({
      item_id: row.item_id,
      case_id: row.case_id,
      case_name: row.case_name,
      cycle_id: row.cycle_id,
      cycle_name: row.cycle_name,
      message: row.message,
      recorded_by: row.recorded_by,
      recorded_at: row.recorded_at === null ? null : isoTime(row.recorded_at),
      defects: defects.get(row.item_id) ?? [],
    })),
  };
}

/** Per item: the defects linked to it or one of its results (both carry item_id), or to its case, each once. */
async function defectsOf(db: Tx, itemIds: number[]): Promise<Map<number, { defect: string; url: string }[]>> {
  const byItem = new Map<number, { defect: string; url: string }[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await queryRows<{ item_id: number; defect: string; url: string }>(
    db,
    sql`
    with items as (select id, case_id from cycle_items where id = any(${sql.param(itemIds)}::int[]))
    select distinct on (x.item_id, x.defect) x.item_id, x.defect, x.url from (
      select i.id as item_id, d.defect, d.url from items i join defect_links d on d.item_id = i.id
      union all
      select i.id, d.defect, d.url from items i join defect_links d on d.case_id = i.case_id and d.item_id is null
    ) x
    order by x.item_id, x.defect`,
  );
  for (const { item_id, ...defect } of rows) {
    const list = byItem.get(item_id) ?? [];
    list.push(defect);
    byItem.set(item_id, list);
  }
  return byItem;
}

/** Each tester's results in these cycles by state, most results first; an import's (no one) last. */
export async function testersOf(db: Tx, cycleIds: number[]): Promise<SignOffTester[]> {
  if (cycleIds.length === 0) return [];
  return queryRows<SignOffTester>(
    db,
    sql`
    select r.executed_by as user_id, u.username, count(*)::int as results,
      (count(*) filter (where r.state = 'passed'))::int as passed,
      (count(*) filter (where r.state = 'failed'))::int as failed,
      (count(*) filter (where r.state = 'blocked'))::int as blocked,
      (count(*) filter (where r.state = 'skipped'))::int as skipped,
      (count(*) filter (where r.state = 'retest'))::int as retest,
      count(distinct i.cycle_id)::int as cycles
    from cycle_results r
    join cycle_items i on i.id = r.item_id
    left join users u on u.id = r.executed_by
    where i.cycle_id = any(${sql.param(cycleIds)}::int[])
    group by r.executed_by, u.username
    order by (r.executed_by is null), results desc, lower(u.username)`,
  );
}
