import type { CaseStatus, TestRun } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { CHILDREN_OF, ROLLUP_OF } from '../cases/cases-repository.ts';

/**
 * Batches of the CSV exports, read by keyset paging (`id > last order by id limit n`): every
 * batch is one short query on an index, whatever the offset, on PGlite and PostgreSQL alike,
 * and no connection or transaction stays open while the client downloads (each batch of cases
 * is its own short transaction, only to turn JIT off: see without-jit.ts).
 */

export interface CaseExportRow {
  id: number;
  parent_id: number | null;
  suite: string | null;
  /** The names from the top-level case down to this one, joined with ' / '. */
  path: string;
  name: string;
  description: string;
  status: CaseStatus;
  rollup: CaseStatus;
}

/**
 * The next cases of a project by id, each with its path (a walk up its ancestors) and its
 * roll-up (a walk down its subtree over the trigger-kept latest statuses). Ids grow from parent
 * to child, so a parent always comes before its children in the file.
 */
export function caseExportBatch(db: Tx, projectId: number, afterId: number, limit: number) {
  return queryRows<CaseExportRow>(
    db,
    sql`
    with recursive batch as (
      select c.id, c.parent_id, c.suite_id, c.name, c.description, c.latest_run_status
      from test_cases c where c.project_id = ${projectId} and c.id > ${afterId}
      order by c.id limit ${limit}
    ), up as (
      select b.id, b.parent_id as next, b.name as path from batch b
      union all
      select u.id, a.parent_id, a.name || ' / ' || u.path from up u
      cross join lateral (select a.parent_id, a.name from test_cases a where a.id = u.next offset 0) a
    ), down as (
      select b.id as root, b.id, b.latest_run_status as status from batch b
      union all
      select d.root, k.id, k.latest_run_status from down d cross join ${CHILDREN_OF(sql`d.id`)}
    ), rolled as (
      select root, ${ROLLUP_OF(sql`status`)} as rollup from down group by root
    )
    select b.id, b.parent_id, s.name as suite, u.path, b.name, b.description,
      b.latest_run_status as status, r.rollup
    from batch b
    join up u on u.id = b.id and u.next is null
    join rolled r on r.root = b.id
    left join suites s on s.id = b.suite_id
    order by b.id`,
  );
}

export interface RunExportRow {
  id: number;
  status: TestRun['status'];
  executed_by: number | null;
  executor: string | null;
  created_at: Date | string;
}

/** The next runs of a case by id, on the (case_id, id) index. */
export function runExportBatch(db: Tx, caseId: number, afterId: number, limit: number) {
  return queryRows<RunExportRow>(
    db,
    sql`
    select r.id, r.status, r.executed_by, u.username as executor, r.created_at
    from test_runs r left join users u on u.id = r.executed_by
    where r.case_id = ${caseId} and r.id > ${afterId}
    order by r.id limit ${limit}`,
  );
}
