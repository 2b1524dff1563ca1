import type { ListQuery, TestCase } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { pageClause, textMatches } from '../../lib/list-paging.ts';
import { batchPerHandle, NaturalBatch } from '../../lib/natural-batch.ts';
import { LOCK, type RowLock } from '../projects/row-locks.ts';

/** A case as the rules see it (access checks, locks); answers add `status` and `rollup`. */
export type CaseRow = Omit<TestCase, 'status' | 'rollup'>;

// has_children is one index probe on (parent_id, id) per row, inside the same query.
const COLUMNS = sql`c.id, c.name, c.description, c.project_id, c.suite_id, c.parent_id,
  exists (select 1 from test_cases k where k.parent_id = c.id) as has_children`;

/** Which cases a list shows; each matches one of the (…, parent_id, id) indexes. */
export const CASES_OF = {
  projectTopLevel: (projectId: number) => sql`c.project_id = ${projectId} and c.parent_id is null`,
  suiteTopLevel: (suiteId: number) => sql`c.suite_id = ${suiteId} and c.parent_id is null`,
  children: (caseId: number) => sql`c.parent_id = ${caseId}`,
};

/** The roll-up of a group of latest statuses: failed beats passed, nothing ran is null. */
export const ROLLUP_OF = (status: SQL): SQL =>
  sql`case when bool_or(${status} = 'failed') then 'failed' when bool_or(${status} = 'passed') then 'passed' end`;

/**
 * One step down a tree: the children of `parent`, each one index probe on (parent_id, id).
 * OFFSET 0 keeps the planner from turning the step into a hash join over the whole table, which
 * it prefers once its (pessimistic) estimate of a recursive walk grows: a seq scan of every case
 * per level, whatever the size of the subtree.
 */
export const CHILDREN_OF = (parent: SQL) =>
  sql`lateral (select k.id, k.latest_run_status from test_cases k where k.parent_id = ${parent} offset 0) k`;

/**
 * Cases as every case endpoint answers them, in one statement: the chosen cases, then one
 * recursive walk down all their subtrees at once, reading each node's trigger-kept
 * latest_run_status (no probe of test_runs, no query per node). The walk also answers
 * has_children. Its cost is the size of the listed subtrees: a list of 10,000 leaves walks
 * 10,000 nodes.
 *
 * The statement has no join for the planner to choose: each listed case's own columns ride on
 * its own row of the walk (its descendants carry nulls there), so one aggregate by listed case
 * answers the list. Joining the walk's roll-ups back to the listed cases left the planner a
 * choice that depends on its row estimates: on tables never analysed it guesses that a list
 * holds one case and picks a nested loop that scans the other side once per case, 50 million
 * rows for a 10,000-case suite.
 */
function caseViews(where: SQL, tail: SQL = sql``): SQL {
  return sql`
    with recursive listed as (
      select c.id, c.name, c.description, c.project_id, c.suite_id, c.parent_id, c.latest_run_status
      from test_cases c where ${where} order by c.id${tail}
    ), subtree as (
      select l.id as root, l.id, l.latest_run_status as status, l.latest_run_status as own,
        l.name, l.description, l.project_id, l.suite_id, l.parent_id
      from listed l
      union all
      select s.root, k.id, k.latest_run_status, null::text, null::text, null::text, null::int, null::int, null::int
      from subtree s cross join ${CHILDREN_OF(sql`s.id`)}
    )
    select root as id, max(name) as name, max(description) as description, max(project_id) as project_id,
      max(suite_id) as suite_id, max(parent_id) as parent_id, count(*) > 1 as has_children,
      max(own) as status, ${ROLLUP_OF(sql`status`)} as rollup
    from subtree group by root
    order by root`;
}

export function selectCaseViews(db: Tx, where: SQL, tail: SQL = sql``): Promise<TestCase[]> {
  return queryRows<TestCase>(db, caseViews(where, tail));
}

export function listCases(db: Tx, where: SQL, query: ListQuery): Promise<TestCase[]> {
  return selectCaseViews(db, listedWhere(where, query), pageClause(query));
}

const listedWhere = (where: SQL, query: ListQuery) => sql`${where} and ${textMatches(query.q, sql`c.name`)}`;

/**
 * A case list's answer as JSON text, made by the database: one value crosses from the database
 * instead of a row per case, and the server never builds (and serializes) an object per case,
 * which for a 10,000-case list on the embedded database was most of the time it took.
 */
export async function listCasesJson(db: Tx, where: SQL, query: ListQuery): Promise<string> {
  const views = caseViews(listedWhere(where, query), pageClause(query));
  const [row] = await queryRows<{ json: string }>(
    db,
    sql`select coalesce('[' || string_agg(row_to_json(v)::text, ',' order by v.id) || ']', '[]') as json
    from (${views}) v`,
  );
  return row?.json ?? '[]';
}

/**
 * The project of the rows a case list shows, with its list version; null when the suite, case
 * or project is missing. A suite's lists (its cases, and the children of any of its cases) use
 * the suite's own version (suite_list_versions, migration 0008), so writes in other suites keep
 * them; a project's top-level list, and the children of cases in no suite, use the project's.
 */
export async function findListScope(
  db: Tx,
  scope: 'project' | 'suite' | 'parent',
  id: number,
): Promise<{ project_id: number; version: string } | null> {
  const source = {
    project: sql`select ${id}::int as project_id, null::int as suite_id`,
    suite: sql`select project_id, id as suite_id from suites where id = ${id}`,
    parent: sql`select project_id, suite_id from test_cases where id = ${id}`,
  }[scope];
  const [row] = await queryRows<{ project_id: number; version: string }>(
    db,
    sql`select ps.project_id,
      case when o.suite_id is null then 'p' || ps.version
        else 's' || coalesce((select v.version from suite_list_versions v where v.suite_id = o.suite_id), 0)
      end as version
    from (${source}) o join project_stats ps on ps.project_id = o.project_id`,
  );
  return row ?? null;
}

/**
 * One case as the endpoints answer it, read together with the other cases asked for at the
 * same moment (lib/natural-batch.ts): one statement serves many single-case reads. Outside
 * transactions only; null when missing.
 */
export function findCaseViewBatched(db: Tx, id: number): Promise<TestCase | null> {
  return caseViewBatchOf(db).call(id);
}

const caseViewBatchOf = batchPerHandle(
  (db: Tx) =>
    new NaturalBatch<number, TestCase | null>(async (ids) => {
      const unique = [...new Set(ids)];
      const rows = await selectCaseViews(db, sql`c.id = any(${`{${unique.join(',')}}`}::int[])`);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
);

/** One case as the endpoints answer it; null when missing. */
export async function findCaseView(db: Tx, id: number): Promise<TestCase | null> {
  const [row] = await selectCaseViews(db, sql`c.id = ${id}`);
  return row ?? null;
}

export async function findCase(db: Tx, id: number, lock: RowLock = LOCK.none): Promise<CaseRow | null> {
  const [row] = await queryRows<CaseRow>(
    db,
    sql`select ${COLUMNS} from test_cases c where c.id = ${id}${lock}`,
  );
  return row ?? null;
}

/** A new case has no runs and no children yet. */
const fresh = (row: CaseRow): TestCase => ({ ...row, status: null, rollup: null });

export async function insertCase(
  tx: Tx,
  values: {
    projectId: number;
    suiteId: number | null;
    parentId: number | null;
    name: string;
    description: string;
  },
): Promise<TestCase> {
  const [row] = await queryRows<CaseRow>(
    tx,
    sql`
    insert into test_cases as c (project_id, suite_id, parent_id, name, description)
    values (${values.projectId}, ${values.suiteId}, ${values.parentId}, ${values.name}, ${values.description})
    returning ${COLUMNS}`,
  );
  if (!row) throw new Error('insert into test_cases returned no row');
  return fresh(row);
}

export async function updateCase(
  tx: Tx,
  id: number,
  values: { name: string; description?: string | undefined },
): Promise<CaseRow | null> {
  const [row] = await queryRows<CaseRow>(
    tx,
    sql`
    update test_cases as c
    set name = ${values.name}, description = coalesce(${values.description ?? null}::text, c.description)
    where c.id = ${id}
    returning ${COLUMNS}`,
  );
  return row ?? null;
}

/**
 * One statement deletes the case and every descendant (their runs cascade) and answers how many
 * cases went. Naming the whole subtree keeps a deep tree from nesting one cascade per level. The
 * subtree is locked in id order first (a parent's id is below its children's, so that is
 * top-down), the order in which the JUnit import locks the cases it records runs for: the two
 * never wait on each other in a cycle. The walk takes each level by index probes, and the lock
 * and the delete find the walked ids on the primary key (`= any(array)`), so no step scans
 * the table whatever the planner estimates.
 */
export async function deleteCaseTree(tx: Tx, id: number): Promise<number> {
  const rows = await queryRows(
    tx,
    sql`
    with recursive tree as (
      select ${id}::int as id
      union all
      select k.id from tree t cross join ${CHILDREN_OF(sql`t.id`)}
    ), locked as (
      select c.id from test_cases c where c.id = any(array(select id from tree)) order by c.id for update of c
    )
    delete from test_cases where id = any(array(select id from locked)) returning id`,
  );
  return rows.length;
}

/**
 * The level of a case in its tree (1 for a top-level case), counted by walking up from it, one
 * primary-key probe per level, no further than `limit` levels: a case deeper than that answers
 * `limit`. Null when the case is missing.
 */
export async function caseLevel(db: Tx, id: number, limit: number): Promise<number | null> {
  const [row] = await queryRows<{ level: number | null }>(
    db,
    sql`
    with recursive up as (
      select c.parent_id, 1 as level from test_cases c where c.id = ${id}
      union all
      select a.parent_id, u.level + 1
      from up u cross join lateral (select a.parent_id from test_cases a where a.id = u.parent_id offset 0) a
      where u.level < ${limit}
    )
    select max(level)::int as level from up`,
  );
  return row?.level ?? null;
}
