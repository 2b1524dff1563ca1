import type { EvidenceRetention } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { FileStoreKind } from './attachments-repository.ts';

/** SQL of the retention of CI evidence (docs/product/attachments.md, "Retention of CI evidence"). */

export async function findRetention(db: Tx, projectId: number): Promise<EvidenceRetention> {
  const [row] = await queryRows<EvidenceRetention>(
    db,
    sql`select keep_cycles, keep_days from project_evidence_retention where project_id = ${projectId}`,
  );
  return row ?? { keep_cycles: null, keep_days: null };
}

/** Saves the rule; one that keeps everything is no row. */
export async function saveRetention(db: Tx, projectId: number, rule: EvidenceRetention): Promise<void> {
  if (rule.keep_cycles === null && rule.keep_days === null) {
    await db.execute(sql`delete from project_evidence_retention where project_id = ${projectId}`);
    return;
  }
  await db.execute(sql`
    insert into project_evidence_retention (project_id, keep_cycles, keep_days)
    values (${projectId}, ${rule.keep_cycles}, ${rule.keep_days})
    on conflict (project_id) do update set keep_cycles = excluded.keep_cycles, keep_days = excluded.keep_days`);
}

/** The projects with a rule, by id, after `afterId` (the sweep goes round them). */
export async function projectsWithRetention(
  db: Tx,
  afterId: number,
  limit: number,
): Promise<(EvidenceRetention & { project_id: number; name: string })[]> {
  return queryRows(
    db,
    sql`select r.project_id, p.name, r.keep_cycles, r.keep_days
        from project_evidence_retention r join projects p on p.id = r.project_id
        where r.project_id > ${afterId} order by r.project_id limit ${limit}`,
  );
}

/** Takes the project's sweep lock for this transaction, or answers false when another instance holds it. */
export async function trySweepLock(tx: Tx, key: number, projectId: number): Promise<boolean> {
  const [row] = await queryRows<{ taken: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${key}, ${projectId}) as taken`,
  );
  return row?.taken ?? false;
}

export interface RemovedFile {
  id: number;
  size: number;
  store: FileStoreKind;
  cycle_id: number;
  cycle_name: string;
}

/**
 * Deletes at most `limit` complete files on the results of the project's import cycles that the
 * rule no longer keeps: a cycle past the newest `keep_cycles` import cycles of its branch (an import
 * that named none is its own branch), or made more than `keep_days` days ago. Manual cycles are
 * never touched. Answers what went.
 */
export async function deleteFilesBeyond(
  tx: Tx,
  projectId: number,
  rule: EvidenceRetention,
  limit: number,
): Promise<RemovedFile[]> {
  const rows = await queryRows<RemovedFile & { size: string | number }>(
    tx,
    sql`
    with ranked as (
      select y.id, y.name, y.created_at,
        row_number() over (partition by coalesce(y.branch, '') order by y.created_at desc, y.id desc) as place
      from test_cycles y where y.project_id = ${projectId} and y.source = 'import'
    ), beyond as (
      select id, name from ranked
      where (${rule.keep_cycles}::int is not null and place > ${rule.keep_cycles}::int)
         or (${rule.keep_days}::int is not null
             and created_at < now() - make_interval(days => ${rule.keep_days}::int))
    ), doomed as (
      select a.id, b.id as cycle_id, b.name as cycle_name
      from beyond b
      join cycle_items i on i.cycle_id = b.id
      join cycle_results r on r.item_id = i.id
      join attachments a on a.result_id = r.id
      where a.complete
      order by a.id limit ${limit}
    )
    delete from attachments a using doomed d where a.id = d.id
    returning a.id, a.size, a.store, d.cycle_id, d.cycle_name`,
  );
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
}
