import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/** SQL of a cycle's new failures (cycle-failures.ts says what "new" means). */

/**
 * The names of up to `limit` failed items of the cycle whose case (and parameter row) was not
 * failed in the previous cycle, in item order, each row with the whole count. The previous cycle
 * is the project's latest one made before it on the same branch (no branch: among those with none).
 */
export async function findNewFailures(
  db: Tx,
  cycleId: number,
  limit: number,
): Promise<{ names: string[]; total: number }> {
  const rows = await queryRows<{ name: string; total: number }>(
    db,
    sql`
    with this as (select id, project_id, branch from test_cycles where id = ${cycleId}),
    previous as (
      select p.id from test_cycles p, this
      where p.project_id = this.project_id and coalesce(p.branch, '') = coalesce(this.branch, '')
        and p.id < this.id
      order by p.id desc limit 1
    )
    select c.name, count(*) over ()::int as total
    from cycle_items i join test_cases c on c.id = i.case_id
    where i.cycle_id = ${cycleId} and i.state = 'failed'
      and not exists (
        select 1 from cycle_items f
        where f.cycle_id = (select id from previous) and f.case_id = i.case_id
          and f.parameter_row = i.parameter_row and f.state = 'failed'
      )
    order by i.id
    limit ${limit}`,
  );
  return { names: rows.map((row) => row.name), total: rows[0]?.total ?? 0 };
}
