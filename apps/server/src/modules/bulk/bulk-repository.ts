import type { CasePriority } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { CHILDREN_OF } from '../../db/tree-sql.ts';
import { updateCasesVersioned } from '../case-versions/version-record.ts';

/**
 * The statements of the bulk actions (docs/product/bulk-actions.md): each action is one
 * statement over every case it takes, whatever their number, so 10,000 cases cost one pass.
 */

/** An int[] literal; one text parameter, however many ids. */
export const idArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/** Of these ids, the cases of the project, locked in id order (so two bulk writers never wait in a cycle). */
export async function lockProjectCases(
  tx: Tx,
  projectId: number,
  ids: readonly number[],
  lock: 'update' | 'no key update',
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from test_cases where id = any(${idArray(ids)}) and project_id = ${projectId}
      order by id ${lock === 'update' ? sql`for update` : sql`for no key update`}`,
  );
  return rows.map((r) => r.id);
}

/** The selected cases none of whose ancestors is selected: those a move, copy or delete takes, with their subtrees. */
export async function topmostOf(tx: Tx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`
    with recursive sel as (select unnest(${idArray(ids)}) as id),
    up as (
      select s.id as root, c.parent_id as next from sel s join test_cases c on c.id = s.id
      union all
      select u.root, a.parent_id
      from up u cross join lateral (select a.parent_id from test_cases a where a.id = u.next offset 0) a
      where u.next is not null
    )
    select s.id from sel s
    where not exists (select 1 from up u join sel p on p.id = u.next where u.root = s.id)
    order by s.id`,
  );
  return rows.map((r) => r.id);
}

const SUBTREE = (roots: readonly number[]) => sql`
  sub as (
    select r.id, 0 as depth from unnest(${idArray(roots)}) as r(id)
    union all
    select k.id, s.depth + 1 from sub s cross join ${CHILDREN_OF(sql`s.id`)}
  )`;

/** How many cases the subtrees of `roots` hold (roots included), how deep they go below their roots, and their runs. */
export async function subtreeSize(
  tx: Tx,
  roots: readonly number[],
): Promise<{ cases: number; height: number; runs: number }> {
  if (roots.length === 0) return { cases: 0, height: 0, runs: 0 };
  const [row] = await queryRows<{ cases: number; height: number; runs: number }>(
    tx,
    sql`
    with recursive ${SUBTREE(roots)}
    select count(*)::int as cases, coalesce(max(depth), 0)::int as height,
      (select count(*)::int from test_runs r where r.case_id = any(array(select id from sub))) as runs
    from sub`,
  );
  return row ?? { cases: 0, height: 0, runs: 0 };
}

/** Whether `caseId` lies in one of the subtrees of `roots` (a case cannot move under itself). */
export async function isInSubtrees(tx: Tx, roots: readonly number[], caseId: number): Promise<boolean> {
  const [row] = await queryRows<{ inside: boolean }>(
    tx,
    sql`
    with recursive up as (
      select ${caseId}::int as id
      union all
      select a.parent_id from up u
        cross join lateral (select a.parent_id from test_cases a where a.id = u.id offset 0) a
      where a.parent_id is not null
    )
    select exists (select 1 from up where id = any(${idArray(roots)})) as inside`,
  );
  return row?.inside ?? false;
}

/** Moves the subtrees of `roots` under `parentId` (or to the top level) of `suiteId`, in one statement. */
export async function moveSubtrees(
  tx: Tx,
  roots: readonly number[],
  target: { suiteId: number | null; parentId: number | null },
): Promise<number> {
  const rows = await queryRows(
    tx,
    sql`
    with recursive ${SUBTREE(roots)}
    update test_cases c
      set suite_id = ${target.suiteId}::int,
        parent_id = case when c.id = any(${idArray(roots)}) then ${target.parentId}::int else c.parent_id end
    where c.id = any(array(select id from sub))
    returning c.id`,
  );
  return rows.length;
}

/**
 * Copies the subtrees of `roots` under `parentId` (or to the top level) of `suiteId`: the
 * content of each case, not its runs, history or files; each copy is at its version 1.
 */
export async function copySubtrees(
  tx: Tx,
  projectId: number,
  roots: readonly number[],
  target: { suiteId: number | null; parentId: number | null },
): Promise<number> {
  const rows = await queryRows(
    tx,
    sql`
    with recursive ${SUBTREE(roots)},
    mapped as materialized (
      select s.id as old_id, s.depth, nextval(pg_get_serial_sequence('test_cases', 'id'))::int as new_id
      from sub s
    )
    insert into test_cases (id, project_id, suite_id, parent_id, name, description, preconditions, priority,
      tags, steps, custom_fields, parameters)
    select m.new_id, ${projectId}, ${target.suiteId}::int,
      case when m.depth = 0 then ${target.parentId}::int else pm.new_id end,
      c.name, c.description, c.preconditions, c.priority, c.tags, c.steps, c.custom_fields, c.parameters
    from mapped m join test_cases c on c.id = m.old_id
    left join mapped pm on pm.old_id = c.parent_id and m.depth > 0
    order by m.depth, m.old_id
    returning id`,
  );
  return rows.length;
}

/** Deletes the subtrees of `roots`; their runs go by the cascade. */
export async function deleteSubtrees(tx: Tx, roots: readonly number[]): Promise<number> {
  const rows = await queryRows(
    tx,
    sql`
    with recursive ${SUBTREE(roots)}, locked as (
      select c.id from test_cases c where c.id = any(array(select id from sub)) order by c.id for update of c
    )
    delete from test_cases where id = any(array(select id from locked)) returning id`,
  );
  return rows.length;
}

/**
 * Sets one content field of the cases to `value` (an expression over the case row `c`), as
 * each case's next version: a case with no versions yet first gets its current content written
 * as the version it is at (as an edit does, case-content.ts), and cases whose field already
 * holds the new value are left alone. Answers how many changed.
 */
export function editContent(
  tx: Tx,
  ids: readonly number[],
  field: 'priority' | 'tags' | 'custom_fields',
  value: SQL,
  authorId: number,
): Promise<number> {
  const column = sql.raw(`c.${field}`);
  return updateCasesVersioned(tx, {
    cases: sql`select unnest(${idArray(ids)})`,
    set: sql`${sql.raw(field)} = (${value})`,
    unchanged: sql`${column} is not distinct from (${value})`,
    changed: [field],
    authorId,
  });
}

export const priorityValue = (priority: CasePriority): SQL => sql`${priority}::text`;

/** The case's tags less `remove`, then `add` not yet there, in order. */
export const retagValue = (add: readonly string[], remove: readonly string[]): SQL => sql`
  (select coalesce(array_agg(t.tag order by t.o), '{}'::text[]) from (
    select x.tag, min(x.o) as o from unnest(c.tags || ${sql.param([...add])}::text[]) with ordinality as x(tag, o)
    where x.tag <> all(${sql.param([...remove])}::text[]) group by x.tag
  ) t)`;

/** The case's custom fields with field `fieldId` set to `value` (JSON), or removed when null. */
export const fieldValue = (fieldId: number, value: unknown): SQL =>
  value === null
    ? sql`(c.custom_fields - ${String(fieldId)}::text)`
    : sql`(c.custom_fields || jsonb_build_object(${String(fieldId)}::text, ${JSON.stringify(value)}::jsonb))`;

/** How many of the cases would hold more than `max` tags after the change. */
export async function countOverTagLimit(tx: Tx, ids: readonly number[], value: SQL, max: number) {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from test_cases c where c.id = any(${idArray(ids)}) and cardinality(${value}) > ${max}`,
  );
  return row?.n ?? 0;
}

/** The level of a case (1: top level), as cases-repository's caseLevel, and its suite. */
export async function findTargetCase(
  tx: Tx,
  id: number,
): Promise<{ project_id: number; suite_id: number | null } | null> {
  const [row] = await queryRows<{ project_id: number; suite_id: number | null }>(
    tx,
    sql`select project_id, suite_id from test_cases where id = ${id} for key share`,
  );
  return row ?? null;
}

export async function findTargetSuite(
  tx: Tx,
  id: number,
): Promise<{ project_id: number; name: string } | null> {
  const [row] = await queryRows<{ project_id: number; name: string }>(
    tx,
    sql`select project_id, name from suites where id = ${id} for key share`,
  );
  return row ?? null;
}
