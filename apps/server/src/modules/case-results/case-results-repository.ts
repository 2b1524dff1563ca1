import { type CaseResultEntry, type CaseResultSource, takenParameterRow } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoText } from '../../db/iso-time.ts';

/**
 * A case's one history of results (docs/product/cases.md, "Results"; decision 180). It owns no
 * table: one statement reads the case's test runs (modules/runs) and its cycle results
 * (modules/cycles), as decision 112 lets a repository read others' tables for its own operation.
 */

interface EntryRow {
  total: number;
  at: string | null;
  run_id: number | null;
  result_id: number | null;
  state: CaseResultEntry['state'];
  executed_by: number | null;
  executor_username: string | null;
  elapsed_ms: number | null;
  comment: string | null;
  failure_message: string | null;
  failure_type: string | null;
  failure_text: string | null;
  cycle_id: number | null;
  cycle_name: string | null;
  cycle_source: string | null;
  parameter_row: number | null;
  parameter_values: { columns: string[]; values: string[] } | null;
}

function sourceOf(row: EntryRow): CaseResultSource {
  if (row.result_id === null) return 'run';
  return row.cycle_source === 'import' ? 'import' : 'cycle';
}

function toEntry(row: EntryRow): CaseResultEntry {
  return {
    source: sourceOf(row),
    state: row.state,
    run_id: row.run_id,
    result_id: row.result_id,
    cycle: row.cycle_id === null ? null : { id: row.cycle_id, name: row.cycle_name ?? '' },
    parameter_row: takenParameterRow(row.parameter_row ?? 0, row.parameter_values),
    executor:
      row.executor_username === null || row.executed_by === null
        ? null
        : { id: row.executed_by, username: row.executor_username },
    executed_by: row.executed_by,
    elapsed_ms: row.elapsed_ms,
    comment: row.comment,
    failure:
      row.failure_message === null && row.failure_type === null && row.failure_text === null
        ? null
        : { message: row.failure_message, type: row.failure_type, text: row.failure_text },
    created_at: row.at!,
  };
}

/**
 * One page of a case's results, newest first, and how many there are. Each test run is one entry,
 * with the cycle result that recorded it when there is one (by cycle_results_run_idx); the cycle
 * results that recorded no run (blocked, skipped, or a run deleted since) are entries of their own,
 * read per item by cycle_results_item_idx (decision 171). Without `withCycles` (the caller may not
 * read test cycles) only the runs are listed, and nothing of a cycle is said.
 */
export async function listCaseResultEntries(
  db: Tx,
  caseId: number,
  withCycles: boolean,
  limit: number,
  offset: number,
): Promise<{ items: CaseResultEntry[]; total: number }> {
  const rows = await queryRows<EntryRow>(
    db,
    sql`
    with entries as (
      select r.created_at as at, r.id as run_id, x.id as result_id, r.status as state,
        r.executed_by, x.item_id, x.elapsed_ms, x.comment, x.failure_message, x.failure_type, x.failure_text
      from test_runs r
        left join lateral (
          select x.id, x.item_id, x.elapsed_ms, x.comment, x.failure_message, x.failure_type, x.failure_text
          from cycle_results x
          where ${withCycles}::boolean and x.run_id = r.id order by x.id limit 1
        ) x on true
      where r.case_id = ${caseId}
      union all
      select x.created_at, null, x.id, x.state, x.executed_by, x.item_id, x.elapsed_ms, x.comment,
        x.failure_message, x.failure_type, x.failure_text
      from cycle_items i
        cross join lateral (
          select x.* from cycle_results x
          where x.item_id between i.id and i.id and x.run_id is null offset 0
        ) x
      where ${withCycles}::boolean and i.case_id = ${caseId}
    ), page as (
      select * from entries
      order by at desc, run_id desc nulls last, result_id desc
      limit ${limit} offset ${offset}
    )
    select t.total, ${isoText(sql`p.at`)} as at, p.run_id, p.result_id, p.state, p.executed_by,
      u.username as executor_username, p.elapsed_ms, p.comment, p.failure_message, p.failure_type,
      p.failure_text,
      y.id as cycle_id, y.name as cycle_name, y.source as cycle_source, i.parameter_row, i.parameter_values
    from (select count(*)::int as total from entries) t
      left join page p on true
      left join cycle_items i on i.id = p.item_id
      left join test_cycles y on y.id = i.cycle_id
      left join users u on u.id = p.executed_by
    order by p.at desc, p.run_id desc nulls last, p.result_id desc`,
  );
  return {
    total: rows[0]?.total ?? 0,
    items: rows.filter((row) => row.at !== null).map(toEntry),
  };
}
