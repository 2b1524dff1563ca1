import {
  type BranchFlakiness,
  FLAKY_DEFAULTS,
  type FlakySettings,
  type FlakyTest,
  type HistoryItem,
  type Quarantine,
} from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoTimeOrNull } from '../../lib/timestamps.ts';

/**
 * SQL of result history, flakiness and quarantine (docs/product/flaky-tests.md). The figures of
 * case_flakiness are written by the trigger on cycle_results (db/triggers/flakiness.sql); this file
 * reads them, and works them out again when a project's window changes.
 */

/**
 * The case's last `limit` results in any cycle, newest first: the last `limit` of each of its
 * items by cycle_results_item_idx, then the newest of those (decision record 171).
 */
export async function caseHistory(db: Tx, caseId: number, limit: number): Promise<HistoryItem[]> {
  const rows = await queryRows<HistoryItem & { created_at: Date | string }>(
    db,
    sql`
    select r.id as result_id, y.id as cycle_id, y.name as cycle_name, y.branch, r.state, r.elapsed_ms,
      r.failure_message, r.created_at
    from cycle_items i
      cross join lateral (
        select r.id, r.state, r.elapsed_ms, r.failure_message, r.created_at from cycle_results r
        where r.item_id between i.id and i.id order by r.item_id desc, r.id desc limit ${limit}
      ) r
      join test_cycles y on y.id = i.cycle_id
    where i.case_id = ${caseId}
    order by r.id desc
    limit ${limit}`,
  );
  return rows.map((row) => ({ ...row, created_at: isoTimeOrNull(row.created_at)! }));
}

export async function flakySettings(db: Tx, projectId: number): Promise<FlakySettings> {
  const [row] = await queryRows<FlakySettings>(
    db,
    sql`select window_size as window, flip_threshold as flips from project_flaky_settings
      where project_id = ${projectId}`,
  );
  return row ?? { ...FLAKY_DEFAULTS };
}

/** Stores the settings and works out every row of the project's cases again under the new window. */
export async function saveFlakySettings(db: Tx, projectId: number, settings: FlakySettings): Promise<void> {
  await db.execute(sql`
    insert into project_flaky_settings (project_id, window_size, flip_threshold)
    values (${projectId}, ${settings.window}, ${settings.flips})
    on conflict (project_id) do update set window_size = excluded.window_size,
      flip_threshold = excluded.flip_threshold`);
  await db.execute(sql`
    update case_flakiness f set (results, flips, first_flip_at, last_flip_at) = (
      select s.results, s.flips, s.first_flip_at, s.last_flip_at
      from case_flakiness_stats(f.states, f.flip_ats, ${settings.window}) s)
    where f.case_id in (select c.id from test_cases c where c.project_id = ${projectId})`);
}

export async function branchFlakiness(db: Tx, caseId: number, threshold: number): Promise<BranchFlakiness[]> {
  const rows = await queryRows<{ branch: string; flips: number; results: number }>(
    db,
    sql`select branch, flips, results from case_flakiness where case_id = ${caseId}
      order by flips desc, branch`,
  );
  return rows.map((row) => ({
    branch: row.branch === '' ? null : row.branch,
    flips: row.flips,
    results: row.results,
    flaky: row.flips >= threshold,
  }));
}

/** The project's flaky cases (one row per case and branch), highest flip rate first. */
export async function flakyTests(
  db: Tx,
  projectId: number,
  threshold: number,
  today: string,
): Promise<FlakyTest[]> {
  const rows = await queryRows<
    Omit<FlakyTest, 'first_flip_at' | 'last_flip_at'> & {
      first_flip_at: Date | string | null;
      last_flip_at: Date | string | null;
    }
  >(
    db,
    sql`
    select f.case_id, c.name, s.name as suite_name, nullif(f.branch, '') as branch, f.flips, f.results,
      f.flips::float8 / greatest(f.results - 1, 1) as flip_rate, f.first_flip_at, f.last_flip_at,
      exists (select 1 from case_quarantines q where q.case_id = f.case_id
        and (q.until is null or q.until > ${today}::date)) as quarantined
    from case_flakiness f
      join test_cases c on c.id = f.case_id
      left join suites s on s.id = c.suite_id
    where f.flips >= 2 and f.flips >= ${threshold} and c.project_id = ${projectId}
    order by flip_rate desc, f.flips desc, f.last_flip_at desc, f.case_id, f.branch
    limit 1000`,
  );
  return rows.map((row) => ({
    ...row,
    flip_rate: Math.round(row.flip_rate * 1000) / 1000,
    first_flip_at: isoTimeOrNull(row.first_flip_at),
    last_flip_at: isoTimeOrNull(row.last_flip_at),
  }));
}

/** The case's quarantine row, ended or not. */
export async function findQuarantine(db: Tx, caseId: number): Promise<Quarantine | null> {
  const [row] = await queryRows<{
    reason: string;
    until: string | null;
    by_id: number | null;
    by_name: string | null;
    at: Date | string;
  }>(
    db,
    sql`select q.reason, q.until::text as until, u.id as by_id, u.username as by_name, q.created_at as at
      from case_quarantines q left join users u on u.id = q.created_by where q.case_id = ${caseId}`,
  );
  if (!row) return null;
  return {
    reason: row.reason,
    until: row.until,
    by: row.by_id === null ? null : { id: row.by_id, username: row.by_name ?? '' },
    at: isoTimeOrNull(row.at)!,
  };
}

export async function saveQuarantine(
  db: Tx,
  caseId: number,
  reason: string,
  until: string | null,
  by: number,
): Promise<void> {
  await db.execute(sql`
    insert into case_quarantines (case_id, reason, until, created_by)
    values (${caseId}, ${reason}, ${until}::date, ${by})
    on conflict (case_id) do update set reason = excluded.reason, until = excluded.until,
      created_by = excluded.created_by, created_at = now()`);
}

export async function deleteQuarantine(db: Tx, caseId: number): Promise<void> {
  await db.execute(sql`delete from case_quarantines where case_id = ${caseId}`);
}

/**
 * A merge of cases: `fromId`'s flakiness rows move to `toId` on the branches it has none of (on a
 * branch both have, the surviving case's row stays), its quarantine likewise, and the surviving
 * case's rows take its new version, so the next results continue them.
 */
export async function mergeCaseFlakiness(
  tx: Tx,
  fromId: number,
  toId: number,
  version: number,
): Promise<void> {
  await tx.execute(sql`delete from case_flakiness f where f.case_id = ${fromId}
    and exists (select 1 from case_flakiness t where t.case_id = ${toId} and t.branch = f.branch)`);
  await tx.execute(sql`update case_flakiness set case_id = ${toId} where case_id = ${fromId}`);
  await tx.execute(
    sql`update case_flakiness set version = ${version} where case_id = ${toId} and version is not null`,
  );
  await tx.execute(sql`delete from case_quarantines q where q.case_id = ${fromId}
    and exists (select 1 from case_quarantines t where t.case_id = ${toId})`);
  await tx.execute(sql`update case_quarantines set case_id = ${toId} where case_id = ${fromId}`);
}
