import type { CaseParameters, CaseStatus, TestRun } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { ROLLUP_OF } from '../../db/tree-sql.ts';

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
 * The next cases of a project by id, each with its path and its roll-up, in work that follows
 * the rows read however deep the tree (a 2,000-level chain once took 27 s, every case walking
 * its whole subtree and all its ancestors):
 *
 * - `tops` are the batch's cases whose parent is not in the batch: top-level cases, and cases
 *   under a case of an earlier batch, whose path is read by one walk up their ancestors.
 * - `walk` goes down from the tops through the batch once, so it meets each case of the batch
 *   once and builds its path from its parent's.
 * - `below` goes on under the batch, to the cases that count in its roll-ups, each with the
 *   case of the batch it hangs from (`root`): their subtrees do not overlap, so each case below
 *   is met once.
 * - `marks` carries the statuses up from each case of the batch (its own, and those below it)
 *   to its ancestors in the batch; an ancestor already marked with a status stops the climb
 *   (UNION drops the repeat), so each case is marked at most once per status.
 *
 * Ids grow from parent to child, so a parent always comes before its children in the file, the
 * batch holds every case of the project between its first and last id, and a case whose parent
 * id is at most `afterId` has its parent in an earlier batch. Each step is an index probe
 * (OFFSET 0 keeps it one) and the answer is one aggregate, so no join is left for the planner
 * to choose on its row estimates.
 */
export function caseExportBatch(db: Tx, projectId: number, afterId: number, limit: number) {
  const columns = sql`id, parent_id, suite_id, name, description, latest_run_status`;
  const childrenOf = (parent: SQL, range: SQL, wanted: SQL) =>
    sql`lateral (select ${wanted} from test_cases k where k.parent_id = ${parent} and k.id ${range} offset 0) k`;
  const last = sql`(select max(id) from batch)`;
  return queryRows<CaseExportRow>(
    db,
    sql`
    with recursive batch as materialized (
      select ${columns} from test_cases c
      where c.project_id = ${projectId} and c.id > ${afterId}
      order by c.id limit ${limit}
    ), above as (
      select b.id as top, b.parent_id as next, 0 as level, b.name from batch b where b.parent_id <= ${afterId}
      union all
      select u.top, a.parent_id, u.level + 1, a.name
      from above u cross join lateral (select a.parent_id, a.name from test_cases a where a.id = u.next offset 0) a
    ), tops as (
      select top, string_agg(name, ' / ' order by level desc) as path from above group by top
    ), walk as (
      select b.*, b.name as path from batch b where b.parent_id is null
      union all
      select c.*, t.path
      from tops t cross join lateral (select ${columns} from test_cases c where c.id = t.top offset 0) c
      union all
      select k.*, w.path || ' / ' || k.name
      from walk w cross join ${childrenOf(sql`w.id`, sql`<= ${last}`, columns)}
    ), below as (
      select k.id, w.id as root, w.parent_id as root_parent, k.latest_run_status as status
      from walk w cross join ${childrenOf(sql`w.id`, sql`> ${last}`, sql`id, latest_run_status`)}
      union all
      select k.id, u.root, u.root_parent, k.latest_run_status
      from below u cross join ${childrenOf(sql`u.id`, sql`> ${afterId}`, sql`id, latest_run_status`)}
    ), marks as (
      select parent_id as id, latest_run_status as status
      from walk where latest_run_status is not null and parent_id > ${afterId}
      union
      select root_parent, status from below where status is not null and root_parent > ${afterId}
      union
      select a.parent_id, m.status
      from marks m cross join lateral (select a.parent_id from test_cases a where a.id = m.id offset 0) a
      where a.parent_id > ${afterId}
    ), parts as (
      select w.id, w.parent_id, w.suite_id, w.path, w.name, w.description, w.latest_run_status as status,
        w.latest_run_status as mark
      from walk w
      union all
      select root, null, null, null, null, null, null, status from below
      union all
      select id, null, null, null, null, null, null, status from marks
    )
    select r.id, max(r.parent_id) as parent_id, (select s.name from suites s where s.id = max(r.suite_id)) as suite,
      max(r.path) as path, max(r.name) as name, max(r.description) as description, max(r.status) as status,
      ${ROLLUP_OF(sql`r.mark`)} as rollup
    from parts r group by r.id
    order by r.id`,
  );
}

export interface CaseContentRow {
  id: number;
  preconditions: string;
  priority: string;
  tags: string[];
  steps: { action: string; expected: string }[];
  custom_fields: Record<string, unknown>;
  parameters: CaseParameters | null;
  /**
   * For a case that uses shared steps, each entry of its steps as written: how many steps it
   * stands for (1 for a written step) and, for a reference, the set's name. Null otherwise.
   */
  step_layout: { size: number; name: string | null }[] | null;
}

/** The rich content of these cases (docs/product/rich-cases.md), by primary key. */
export function caseContentBatch(db: Tx, ids: number[]) {
  return queryRows<CaseContentRow>(
    db,
    sql`select c.id, c.preconditions, c.priority, c.tags, expanded_steps(c.steps) as steps, c.custom_fields,
      c.parameters,
      case when c.steps @? '$[*].shared_steps_id' then (
        select jsonb_agg(jsonb_build_object(
            'size', case when e.step ? 'shared_steps_id' then coalesce(jsonb_array_length(t.steps), 0) else 1 end,
            'name', t.name) order by e.ord)
        from jsonb_array_elements(c.steps) with ordinality as e(step, ord)
        left join shared_step_sets t on t.id = (e.step ->> 'shared_steps_id')::int
      ) end as step_layout
    from test_cases c
    where c.id = any(${sql.param(ids)}::int[])`,
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
