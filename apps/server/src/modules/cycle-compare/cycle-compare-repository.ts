import type { ComparedCase, ComparedCycle } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoText } from '../../db/iso-time.ts';

/** Every case in either cycle whose state differs or that is in one only, with both sides. */
export function comparedCases(db: Tx, fromId: number, toId: number): Promise<ComparedCase[]> {
  return queryRows<ComparedCase>(
    db,
    sql`
    select c.id, c.name, f.state as from_state, t.state as to_state, f.elapsed_ms as from_ms,
      t.elapsed_ms as to_ms
    from (select * from cycle_items where cycle_id = ${fromId}) f
    full join (select * from cycle_items where cycle_id = ${toId}) t
      on t.case_id = f.case_id and t.parameter_row = f.parameter_row
    join test_cases c on c.id = coalesce(f.case_id, t.case_id)
    where f.id is null or t.id is null or f.state = 'failed' or t.state = 'failed'
    order by c.id, coalesce(f.parameter_row, t.parameter_row)`,
  );
}

/** The cycle with its kept counts and duration (cycle_counts, db/triggers/cycle-counts.sql). */
export async function cycleSide(db: Tx, id: number): Promise<ComparedCycle> {
  const [row] = await queryRows<ComparedCycle & { duration_ms: number | string }>(
    db,
    sql`
    select y.id, y.name, y.branch, ${isoText(sql`y.created_at`)} as created_at,
      json_build_object('total', k.total, 'untested', k.untested, 'passed', k.passed, 'failed', k.failed,
        'blocked', k.blocked, 'skipped', k.skipped, 'retest', k.retest) as counts,
      k.duration_ms
    from test_cycles y join cycle_counts k on k.cycle_id = y.id where y.id = ${id}`,
  );
  return { ...row!, duration_ms: Number(row!.duration_ms) };
}
