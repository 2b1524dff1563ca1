import type {
  CaseParameters,
  CasePriority,
  CaseStepEntry,
  CustomFieldValues,
  ListQuery,
  TestCase,
  TestCaseDetail,
} from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoText } from '../../db/iso-time.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';
import { CHILDREN_OF, ROLLUP_OF } from '../../db/tree-sql.ts';
import { pageClause, textMatches } from '../../lib/list-paging.ts';
import { batchPerHandle, NaturalBatch } from '../../lib/natural-batch.ts';
import { updateCasesVersioned } from '../case-versions/version-record.ts';

/** A case as the rules see it (access checks, locks); answers add `status` and `rollup`. */
export type CaseRow = Omit<TestCase, 'status' | 'rollup'>;

// has_children is one index probe on (parent_id, id) per row, inside the same query.
const COLUMNS = sql`c.id, c.name, c.description, c.project_id, c.suite_id, c.parent_id,
  exists (select 1 from test_cases k where k.parent_id = c.id) as has_children, c.priority, c.tags`;

/** What the single-case answer adds to the list shape (docs/product/rich-cases.md, "In lists"). */
const DETAIL_COLUMNS = sql`c.preconditions, c.steps, c.custom_fields, c.parameters, c.version, c.source_id`;

/** A case's rich content as the rules write it. */
export interface CaseContentValues {
  preconditions: string;
  priority: CasePriority;
  tags: string[];
  steps: CaseStepEntry[];
  custom_fields: CustomFieldValues;
  parameters: CaseParameters | null;
}

/** Which cases a list shows; each matches one of the (…, parent_id, id) indexes. */
export const CASES_OF = {
  projectTopLevel: (projectId: number) => sql`c.project_id = ${projectId} and c.parent_id is null`,
  suiteTopLevel: (suiteId: number) => sql`c.suite_id = ${suiteId} and c.parent_id is null`,
  children: (caseId: number) => sql`c.parent_id = ${caseId}`,
  /** The tree's project node with suites shown: top-level cases in no suite. */
  projectOutsideSuites: (projectId: number) =>
    sql`c.project_id = ${projectId} and c.parent_id is null and c.suite_id is null`,
};

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
  return caseViewsFrom(sql`test_cases c`, where, tail);
}

/** caseViews over the cases of `from` (aliased c) that match `where`. */
function caseViewsFrom(from: SQL, where: SQL, tail: SQL = sql``): SQL {
  return sql`
    with recursive listed as (
      select c.id, c.name, c.description, c.project_id, c.suite_id, c.parent_id, c.latest_run_status,
        c.priority, c.tags
      from ${from} where ${where} order by c.id${tail}
    ), subtree as (
      select l.id as root, l.id, l.latest_run_status as status, l.latest_run_status as own,
        l.name, l.description, l.project_id, l.suite_id, l.parent_id, l.priority, l.tags
      from listed l
      union all
      select s.root, k.id, k.latest_run_status, null::text, null::text, null::text, null::int, null::int, null::int,
        null::text, null::text[]
      from subtree s cross join ${CHILDREN_OF(sql`s.id`)}
    )
    select root as id, max(name) as name, max(description) as description, max(project_id) as project_id,
      max(suite_id) as suite_id, max(parent_id) as parent_id, count(*) > 1 as has_children,
      max(own) as status, ${ROLLUP_OF(sql`status`)} as rollup, max(priority) as priority, max(tags) as tags
    from subtree group by root
    order by root`;
}

export function selectCaseViews(db: Tx, where: SQL, tail: SQL = sql``): Promise<TestCase[]> {
  return queryRows<TestCase>(db, caseViews(where, tail));
}

export async function selectCaseViewsByIds(db: Tx, ids: readonly number[]): Promise<TestCase[]> {
  if (ids.length === 0) return [];
  return selectCaseViews(db, sql`c.id = any(${`{${ids.join(',')}}`}::int[])`);
}

export function listCases(db: Tx, where: SQL, query: ListQuery): Promise<TestCase[]> {
  return selectCaseViews(db, listedWhere(where, query), pageClause(query));
}

/**
 * One window of a list (`limit` cases from `offset`, by id), as every case endpoint answers
 * them. The window is chosen on the list's (…, parent_id, id) index before any subtree is
 * walked, so only its own cases' roll-ups are read.
 */
export function selectCaseWindow(db: Tx, where: SQL, offset: number, limit: number): Promise<TestCase[]> {
  return selectCaseViews(db, where, sql` limit ${limit} offset ${offset}`);
}

/** How many cases a list holds, counted on its index. */
export async function countCases(db: Tx, where: SQL): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from test_cases c where ${where}`,
  );
  return row?.total ?? 0;
}

const listedWhere = (where: SQL, query: ListQuery) => sql`${where} and ${textMatches(query.q, sql`c.name`)}`;

/** Cases per piece of listCasesJson's text (about 50 KB of JSON). */
const LIST_PIECE_ROWS = 250;

/**
 * A case list's answer as JSON text, made by the database: a few values cross from the database
 * instead of a row per case, and the server never builds (and serializes) an object per case,
 * which for a 10,000-case list on the embedded database was most of the time it took.
 *
 * The text comes in pieces of LIST_PIECE_ROWS cases, joined here. One value for the whole list
 * made the database build it in one growing buffer and copy it whole for its answer: on the
 * embedded database that memory is WebAssembly memory, which never shrinks, and a 10,000-case
 * list left it 13 MB larger for the life of the server (decision record 260).
 */
export async function listCasesJson(db: Tx, where: SQL, query: ListQuery): Promise<string> {
  const views = caseViews(listedWhere(where, query), pageClause(query));
  const rows = await queryRows<{ json: string }>(
    db,
    sql`select string_agg(w.row, ',' order by w.id) as json
    from (
      select v.id, row_to_json(v)::text as row,
        (row_number() over (order by v.id) - 1) / ${LIST_PIECE_ROWS} as piece
      from (${views}) v
    ) w
    group by w.piece order by w.piece`,
  );
  return `[${rows.map((row) => row.json).join(',')}]`;
}

/**
 * The project of the rows a case list shows, with its list version; null when the suite, case
 * or project is missing. A suite's lists (its cases, and the children of any of its cases) use
 * the suite's own version (suite_list_versions, db/triggers/list-versions.sql), so writes in other
 * suites keep them; a project's top-level list, and the children of cases in no suite, use the
 * project's.
 * The version reads `s<n>` or `p<n>`; `scope_id` is that suite's or project's id.
 */
export async function findListScope(
  db: Tx,
  scope: 'project' | 'suite' | 'parent',
  id: number,
): Promise<ListScope | null> {
  const source = {
    project: sql`select ${id}::int as project_id, null::int as suite_id`,
    suite: sql`select project_id, id as suite_id from suites where id = ${id}`,
    parent: sql`select project_id, suite_id from test_cases where id = ${id}`,
  }[scope];
  const [row] = await queryRows<ListScope>(
    db,
    sql`select ps.project_id, coalesce(o.suite_id, ps.project_id) as scope_id,
      case when o.suite_id is null then 'p' || ps.version
        else 's' || coalesce((select v.version from suite_list_versions v where v.suite_id = o.suite_id), 0)
      end as version
    from (${source}) o join project_stats ps on ps.project_id = o.project_id`,
  );
  return row ?? null;
}

export interface ListScope {
  project_id: number;
  /** The suite's id for a version `s<n>`, the project's for `p<n>`. */
  scope_id: number;
  version: string;
}

/** What changed in a list's scope since a version: the rows to put in place of the candidates. */
export interface ListChanges {
  /** The scope's version the rows below were read at, `s<n>` or `p<n>`. */
  version: string;
  /**
   * False when the changes cannot be applied: a version's rows were pruned, or a write was too
   * large to list its cases (case_list_changes, db/triggers/list-versions.sql). The list is then
   * read whole.
   */
  complete: boolean;
  /** Every case whose row in the list may have changed: the changed cases and their ancestors. */
  candidates: number[];
  /** The candidates the list shows now, in id order, each as the whole list writes it. */
  rows: string[];
  ids: number[];
}

/**
 * The changes to a case list since `since` (the number of its `s<n>`/`p<n>` version), in one
 * statement, so the version, the changes and the rows are one snapshot. Every change's case and
 * ancestors are candidates (a result changes its ancestors' roll-ups; a new or deleted child
 * their has_children); the candidates the list still shows are read as the list reads them
 * (caseViews, so each row is the same text as in a whole read). Walks up one primary-key probe
 * per level and reads each candidate by primary key, whatever the planner estimates.
 */
export async function listChanges(
  db: Tx,
  scope: Pick<ListScope, 'scope_id' | 'version'>,
  since: number,
  where: SQL,
  query: ListQuery,
): Promise<ListChanges> {
  const suite = scope.version.startsWith('s');
  const current = suite
    ? sql`select coalesce((select version from suite_list_versions where suite_id = ${scope.scope_id}), 0) as version`
    : sql`select version from project_stats where project_id = ${scope.scope_id}`;
  const changed = suite
    ? sql`x.suite_id = ${scope.scope_id} and x.suite_version > ${since} and x.suite_version <= cur.version`
    : sql`x.project_id = ${scope.scope_id} and x.project_version > ${since} and x.project_version <= cur.version`;
  const version = suite ? sql`x.suite_version` : sql`x.project_version`;
  const candidates = sql`(select c0.* from test_cases c0 where c0.id = any(array(select id from up)) offset 0) c`;
  const views = caseViewsFrom(candidates, listedWhere(where, query));
  const [row] = await queryRows<{
    version: string;
    versions: number | string;
    too_large: boolean | null;
    candidates: number[];
    ids: number[];
    rows: string[];
  }>(
    db,
    sql`
    with recursive cur as (${current}),
    ch as (select x.case_id, x.parent_id, ${version} as v from case_list_changes x, cur where ${changed}),
    up as (
      select case_id as id from ch where case_id is not null
      union select parent_id from ch where parent_id is not null
      union select a.parent_id from up u
        cross join lateral (select a.parent_id from test_cases a where a.id = u.id offset 0) a
        where a.parent_id is not null
    ),
    views as (${views})
    select (select version from cur)::text as version,
      (select count(distinct v) from ch) as versions,
      (select bool_or(case_id is null) from ch) as too_large,
      array(select id from up order by id) as candidates,
      array(select v.id from views v order by v.id) as ids,
      array(select row_to_json(v)::text from views v order by v.id) as rows`,
  );
  if (!row) throw new Error('the list changes statement returned no row');
  const kind = suite ? 's' : 'p';
  const missing = Number(row.version) - since;
  return {
    version: `${kind}${row.version}`,
    complete: !row.too_large && Number(row.versions) === missing,
    candidates: row.candidates,
    ids: row.ids,
    rows: row.rows,
  };
}

/** Forgets list changes older than `keepSeconds`; a list kept from before then is read again. */
export async function pruneListChanges(db: Tx, keepSeconds: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from case_list_changes where at < now() - make_interval(secs => ${keepSeconds}) returning 1)
    select count(*)::int as n from gone`,
  );
  return row?.n ?? 0;
}

/**
 * One case as the endpoints answer it, read together with the other cases asked for at the
 * same moment (lib/natural-batch.ts): one statement serves many single-case reads. Outside
 * transactions only; null when missing.
 */
export function findCaseViewBatched(db: Tx, id: number): Promise<TestCaseDetail | null> {
  return caseViewBatchOf(db).call(id);
}

const caseViewBatchOf = batchPerHandle(
  (db: Tx) =>
    new NaturalBatch<number, TestCaseDetail | null>(async (ids) => {
      const unique = [...new Set(ids)];
      const rows = await selectCaseDetails(db, sql`c.id = any(${`{${unique.join(',')}}`}::int[])`);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
);

/** The list shape of the cases `where` picks, with their whole content. */
function selectCaseDetails(db: Tx, where: SQL): Promise<TestCaseDetail[]> {
  return queryRows<TestCaseDetail>(
    db,
    // The content by primary key, one probe per case (a join would leave the planner a choice).
    sql`select v.*, c.* from (${caseViews(where)}) v
    cross join lateral (select ${DETAIL_COLUMNS} from test_cases c where c.id = v.id offset 0) c
    order by v.id`,
  );
}

/** One case as the single-case endpoint answers it; null when missing. */
export async function findCaseView(db: Tx, id: number): Promise<TestCaseDetail | null> {
  const [row] = await selectCaseDetails(db, sql`c.id = ${id}`);
  return row ?? null;
}

/** A case's content and version as the version rules read them; null when missing. */
export async function findCaseContent(
  db: Tx,
  id: number,
): Promise<
  (CaseContentValues & { name: string; description: string; version: number; created_at: string }) | null
> {
  const [row] = await queryRows<
    CaseContentValues & { name: string; description: string; version: number; created_at: string }
  >(
    db,
    sql`select c.name, c.description, ${DETAIL_COLUMNS}, c.priority, c.tags, ${isoText(sql`c.created_at`)} as created_at
    from test_cases c where c.id = ${id}`,
  );
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
const fresh = (row: Omit<TestCaseDetail, 'status' | 'rollup'>): TestCaseDetail => ({
  ...row,
  status: null,
  rollup: null,
});

export async function insertCase(
  tx: Tx,
  values: {
    projectId: number;
    suiteId: number | null;
    parentId: number | null;
    name: string;
    description: string;
  } & CaseContentValues,
): Promise<TestCaseDetail> {
  const [row] = await queryRows<Omit<TestCaseDetail, 'status' | 'rollup'>>(
    tx,
    sql`
    insert into test_cases as c (project_id, suite_id, parent_id, name, description,
      preconditions, priority, tags, steps, custom_fields, parameters)
    values (${values.projectId}, ${values.suiteId}, ${values.parentId}, ${values.name}, ${values.description},
      ${values.preconditions}, ${values.priority}, ${sql.param(values.tags)}::text[],
      ${JSON.stringify(values.steps)}::jsonb, ${JSON.stringify(values.custom_fields)}::jsonb,
      ${values.parameters === null ? null : JSON.stringify(values.parameters)}::jsonb)
    returning ${COLUMNS}, ${DETAIL_COLUMNS}`,
  );
  if (!row) throw new Error('insert into test_cases returned no row');
  return fresh(row);
}

/** Writes a case's whole content and, when `version` is given, its new version number. */
export async function updateCase(
  tx: Tx,
  id: number,
  values: { name: string; description: string; version: number } & CaseContentValues,
): Promise<CaseRow | null> {
  const [row] = await queryRows<CaseRow>(
    tx,
    sql`
    update test_cases as c
    set name = ${values.name}, description = ${values.description}, preconditions = ${values.preconditions},
      priority = ${values.priority}, tags = ${sql.param(values.tags)}::text[],
      steps = ${JSON.stringify(values.steps)}::jsonb, custom_fields = ${JSON.stringify(values.custom_fields)}::jsonb,
      parameters = ${values.parameters === null ? null : JSON.stringify(values.parameters)}::jsonb,
      version = ${values.version}
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

/** Tags of a project that start with `prefix` (already lower-case), most used first. */
export function selectProjectTags(
  db: Tx,
  projectId: number,
  prefix: string,
  limit: number,
): Promise<{ tag: string; cases: number }[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return queryRows(
    db,
    sql`select tag, cases from project_tags where project_id = ${projectId} and tag like ${pattern}
    order by cases desc, tag limit ${limit}`,
  );
}

/**
 * How many steps each of these sets of the project has, by id (a set of another project, or none,
 * is left out), locked so none is deleted or changed while a case that names it is saved.
 */
export async function sharedStepSetSizes(
  tx: Tx,
  projectId: number,
  ids: number[],
): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; size: number }>(
    tx,
    sql`select id, jsonb_array_length(steps) as size from shared_step_sets
    where project_id = ${projectId} and id = any(${`{${ids.join(',')}}`}::int[]) order by id for key share`,
  );
  return new Map(rows.map((row) => [row.id, row.size]));
}

/** The case's steps with every shared step set's steps in its reference's place. */
export async function findExpandedSteps(db: Tx, id: number): Promise<TestCaseDetail['steps']> {
  const [row] = await queryRows<{ steps: TestCaseDetail['steps'] }>(
    db,
    sql`select expanded_steps(steps) as steps from test_cases where id = ${id}`,
  );
  return row?.steps ?? [];
}

/** `(id, value)` pairs as rows `v(id, value)` for a set-based change. */
const pairs = (values: Map<number, unknown>) =>
  sql`select * from unnest(${sql.param([...values.keys()])}::int[], ${sql.param(
    [...values.values()].map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
  )}::text[]) as v(id, value)`;

/**
 * Gives these cases their new names, each as a new version with `note` (an import whose tests
 * name their cases by key: the history stays with the case).
 */
export function renameCases(
  tx: Tx,
  authorId: number,
  names: Map<number, string>,
  note: string,
): Promise<number> {
  const rows = pairs(names);
  return updateCasesVersioned(tx, {
    cases: sql`select v.id from (${rows}) v`,
    set: sql`name = (select v.value from (${rows}) v where v.id = c.id)`,
    unchanged: sql`c.name = (select v.value from (${rows}) v where v.id = c.id)`,
    changed: ['name'],
    authorId,
    note,
  });
}

/** Writes these steps into the cases that have none, each as a new version with `note`. */
export function setStepsOfEmptyCases(
  tx: Tx,
  authorId: number,
  steps: Map<number, { action: string; expected: string }[]>,
  note: string,
): Promise<number> {
  const rows = pairs(steps);
  return updateCasesVersioned(tx, {
    cases: sql`select v.id from (${rows}) v`,
    set: sql`steps = (select v.value::jsonb from (${rows}) v where v.id = c.id)`,
    unchanged: sql`c.steps <> '[]'::jsonb`,
    changed: ['steps'],
    authorId,
    note,
  });
}

/**
 * The end of a merge of cases (modules/case-merge): the surviving case takes its new version
 * number, its latest result without a run is worked out again from its results (the moved items
 * brought theirs, db/triggers/case-unrun-results.sql), and the merged case goes.
 */
export async function finishCaseMerge(tx: Tx, fromId: number, toId: number, version: number): Promise<void> {
  await tx.execute(sql`update test_cases set version = ${version} where id = ${toId}`);
  await tx.execute(sql`select case_unrun_results_recompute(array[${toId}]::int[])`);
  await deleteCaseTree(tx, fromId);
}
