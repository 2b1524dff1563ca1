import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../src/db/client.ts';
import { completeAttachment, findResultOwner } from '../src/modules/attachments/attachments-repository.ts';
import { comparedCases } from '../src/modules/cycle-compare/cycle-compare-repository.ts';
import {
  assignItems,
  findItem,
  findItemRef,
  findItems,
  listAssignedItems,
  listItems,
  lockItemsForResults,
} from '../src/modules/cycles/cycle-items-repository.ts';
import {
  insertImportedResults,
  insertResults,
  listCaseResults,
  listResults,
} from '../src/modules/cycles/cycle-results-repository.ts';
import {
  deleteCycleRow,
  findCycle,
  findCycleRef,
  insertCycle,
  insertItems,
  insertItemsWithDescendants,
  listActiveCycles,
  listCyclesOfProject,
  updateCycleRow,
} from '../src/modules/cycles/cycles-repository.ts';
import {
  findItemTarget,
  findResultReport,
  resultBelongsTo,
} from '../src/modules/defects/defects-repository.ts';
import { caseHistory } from '../src/modules/flaky-tests/flaky-tests-repository.ts';
import { gateOf } from '../src/modules/imports/import-gate.ts';
import { cycleTrend, reportBranches, storeFlakyCount } from '../src/modules/reports/reports-repository.ts';
import { parseCaseQuery } from '../src/modules/search/case-query.ts';
import { buildCaseQuery } from '../src/modules/search/case-query-sql.ts';
import { matchingCaseIds } from '../src/modules/search/search-repository.ts';
import {
  explain,
  noProblems,
  type PlanNode,
  planNodes,
  rowsReadFrom,
  statementOf,
  statementsOf,
  statisticsRowsOf,
} from './helpers/plans.ts';
import { useUnanalysedDatabase } from './helpers/unanalysed-database.ts';

/**
 * Every statement that reads or writes test cycles' items and results keeps a plan whose work
 * follows the rows it answers, whatever the planner believes about cycle_results (decision record
 * 171). With results concentrated on a few items, the planner expects hundreds of results for any
 * item, and a "last result of this item" written as `where item_id = … order by id desc limit 1`
 * walked the primary key backwards past every result of every cycle for each listed item without
 * one (a page of 200 items of a cycle took 0.5 s with 20,000 results in the database). Each
 * statement is taken from the repository code and run under EXPLAIN ANALYZE (in a transaction
 * rolled back), on tables never analysed and once analysed, on the embedded database and (with
 * DATABASE_URL) on a PostgreSQL server. Times are never compared: the checks count rows.
 */

const CYCLE_TABLES = ['test_cycles', 'cycle_items', 'cycle_results', 'test_cases', 'test_runs'];
/** Rows of cycle_results a statement may examine, unless its answer needs more. */
const EXAMINED_MAX = 1000;
const LISTED_ITEMS_WITH_RESULTS = 10;
const RESULTS_PER_LISTED_ITEM = 1000;
const NIGHTLY_CASES = 2;

let db: Db;
const ids = {
  user: 0,
  project: 0,
  listed: 0,
  nightly: [] as number[],
  empty: 0,
  /** Items of the listed cycle: the first has no result, the last 1,000. */
  firstItem: 0,
  lastItem: 0,
  /** A case whose items have no result, and one with results in three cycles. */
  caseWithout: 0,
  caseWith: 0,
  result: 0,
  /** How many results the listed cycle holds. */
  listedResults: 0,
};

/**
 * Two projects. The listed one: 3,000 cases, a manual cycle of all of them whose last 10 items
 * hold 1,000 results each (recorded in turn, as testers record them) and whose other items have
 * none, two import cycles of its last 2 cases with one result and run each, and an empty cycle.
 * The other project: a cycle of 2,000 items, 4 of them with 5,000 results each. Results carry a
 * 600-character comment, as real ones carry logs and failure texts: the table is wide.
 */
async function createShape(): Promise<void> {
  const one = async <T>(query: string) => (await queryRows<T>(db, sql.raw(query)))[0]!;
  const q = (query: string) => db.execute(sql.raw(query));
  ids.user = (
    await one<{ id: number }>(
      `insert into users (username, email, password_hash) values ('tester', 'tester@example.com', 'x') returning id`,
    )
  ).id;
  ids.project = (await one<{ id: number }>(`insert into projects (name) values ('Listed') returning id`)).id;
  const other = (await one<{ id: number }>(`insert into projects (name) values ('Other') returning id`)).id;
  const suite = (
    await one<{ id: number }>(
      `insert into suites (project_id, name) values (${ids.project}, 'S') returning id`,
    )
  ).id;
  const otherSuite = (
    await one<{ id: number }>(`insert into suites (project_id, name) values (${other}, 'O') returning id`)
  ).id;
  await q(`insert into test_cases (project_id, suite_id, name)
    select ${ids.project}, ${suite}, 'Case ' || g from generate_series(1, 3000) g`);
  await q(`insert into test_cases (project_id, suite_id, name)
    select ${other}, ${otherSuite}, 'Other ' || g from generate_series(1, 2000) g`);
  const cycle = async (project: number, name: string, imported = false) =>
    (
      await one<{ id: number }>(
        `insert into test_cycles (project_id, name, source, branch)
        values (${project}, '${name}', '${imported ? 'import' : 'manual'}', ${imported ? `'main'` : 'null'})
        returning id`,
      )
    ).id;
  ids.listed = await cycle(ids.project, 'Listed');
  await q(`insert into cycle_items (cycle_id, case_id, assignee_id)
    select ${ids.listed}, id, case when id % 3 = 0 then ${ids.user} end
    from test_cases where project_id = ${ids.project} order by id`);
  for (const name of ['Nightly 1', 'Nightly 2']) {
    const id = await cycle(ids.project, name, true);
    ids.nightly.push(id);
    await q(`insert into cycle_items (cycle_id, case_id, state, results)
      select ${id}, id, 'failed', 1 from test_cases where project_id = ${ids.project} order by id desc limit ${NIGHTLY_CASES}`);
    await q(`insert into test_runs (case_id, project_id, status)
      select case_id, ${ids.project}, 'failed' from cycle_items where cycle_id = ${id} order by id`);
    await q(`insert into cycle_results (item_id, state, run_id, failure_message)
      select i.id, 'failed', r.id, 'assertion failed' from cycle_items i
        join lateral (select max(r.id) as id from test_runs r where r.case_id = i.case_id) r on true
      where i.cycle_id = ${id} order by i.id`);
  }
  ids.empty = await cycle(ids.project, 'Empty');
  const otherCycle = await cycle(other, 'Other');
  await q(`insert into cycle_items (cycle_id, case_id)
    select ${otherCycle}, id from test_cases where project_id = ${other} order by id`);
  await q(`insert into cycle_results (item_id, state, comment)
    select i.id, case when g % 2 = 0 then 'passed' else 'failed' end, repeat('x', 600)
    from cycle_items i, generate_series(1, 5000) g
    where i.cycle_id = ${otherCycle} and i.case_id % 500 = 0 order by g, i.id`);
  await q(`insert into cycle_results (item_id, state, comment)
    select i.id, 'blocked', repeat('y', 600)
    from (select id from cycle_items where cycle_id = ${ids.listed}
      order by id desc limit ${LISTED_ITEMS_WITH_RESULTS}) i,
      generate_series(1, ${RESULTS_PER_LISTED_ITEM}) g
    order by g, i.id`);
  const listed = await one<{ first: number; last: number; without: number; with: number; result: number }>(`
    select min(i.id) as first, max(i.id) as last, min(i.case_id) as without, max(i.case_id) as with,
      (select max(r.id) from cycle_results r where r.item_id = max(i.id)) as result
    from cycle_items i where i.cycle_id = ${ids.listed}`);
  ids.firstItem = listed.first;
  ids.lastItem = listed.last;
  ids.caseWithout = listed.without;
  ids.caseWith = listed.with;
  ids.result = listed.result;
  ids.listedResults = LISTED_ITEMS_WITH_RESULTS * RESULTS_PER_LISTED_ITEM;
}

interface Checked {
  /** The statements of one repository call, in the order it runs them. */
  statements: SQL[];
  /** Run under EXPLAIN ANALYZE (rolled back); false: plan only (a write the seed cannot take twice). */
  run: boolean;
  /** Rows of cycle_results the answer needs, when more than EXAMINED_MAX. */
  examinedMax?: number;
}

const ran = (statements: SQL | SQL[], examinedMax = EXAMINED_MAX): Checked => ({
  statements: Array.isArray(statements) ? statements : [statements],
  run: true,
  examinedMax,
});
const planned = (statements: SQL | SQL[]): Checked => ({ ...ran(statements), run: false });

/** Every statement on test cycles' items and results, as the repositories build it. */
async function statements(): Promise<Record<string, Checked>> {
  const viewer = { id: ids.user, permissions: new Set(['view_all_projects', 'home_test_cycle']) };
  const member = { id: ids.user, permissions: new Set<string>() };
  const page = { limit: 200 };
  const written = (await queryRows<{ id: number; case_id: number; state: string }>(
    db,
    sql`select id, case_id, state from cycle_items where cycle_id = ${ids.nightly[1]} order by id`,
  )) as { id: number; case_id: number; state: string }[];
  const assigneeMe = buildCaseQuery(parseCaseQuery('assignee:me').tree, {
    projectId: ids.project,
    userId: ids.user,
    fields: [],
  });
  return {
    "a project's cycles": ran(await statementOf((tx) => listCyclesOfProject(tx, ids.project))),
    'active cycles': ran(await statementsOf((tx) => listActiveCycles(tx, viewer, 20))),
    'active cycles, by project role': ran(await statementOf((tx) => listActiveCycles(tx, member, 20))),
    'one cycle': ran(await statementOf((tx) => findCycle(tx, ids.listed))),
    'a cycle for access checks': ran(await statementOf((tx) => findCycleRef(tx, ids.listed))),
    'new cycle': planned(
      await statementOf((tx) =>
        insertCycle(tx, {
          projectId: ids.project,
          name: 'N',
          description: '',
          milestone: null,
          environment: null,
          createdBy: ids.user,
        }),
      ),
    ),
    'items chosen by suite, case and another cycle': planned(
      await statementOf((tx) =>
        insertItems(tx, ids.empty, ids.project, {
          suiteIds: [],
          caseIds: [ids.caseWithout],
          allCases: false,
          fromCycleId: ids.listed,
          fromStates: ['untested', 'blocked'],
        }),
      ),
    ),
    'items added with descendants': planned(
      await statementOf((tx) => insertItemsWithDescendants(tx, ids.empty, [ids.caseWithout])),
    ),
    'cycle changed': ran(await statementOf((tx) => updateCycleRow(tx, ids.listed, { name: 'Renamed' }))),
    // Every result of the cycle is looked at, and no other.
    "runs of a deleted cycle's results": ran(
      await statementOf((tx) => deleteCycleRow(tx, ids.listed)),
      ids.listedResults,
    ),
    'first page of items': ran(await statementsOf((tx) => listItems(tx, ids.listed, page))),
    'last page of items (those with results)': ran(
      await statementsOf((tx) => listItems(tx, ids.listed, { limit: 200, offset: 2800 })),
    ),
    'items after an id': ran(
      await statementsOf((tx) => listItems(tx, ids.listed, { limit: 200, after_id: ids.lastItem - 100 })),
    ),
    'filtered page of items': ran(
      await statementsOf((tx) =>
        listItems(tx, ids.listed, { limit: 200, state: 'untested', q: 'case 1', assignee_id: ids.user }),
      ),
    ),
    'one item without results': ran(await statementOf((tx) => findItem(tx, ids.firstItem))),
    'one item with results': ran(await statementOf((tx) => findItem(tx, ids.lastItem))),
    'an item for access checks': ran(await statementOf((tx) => findItemRef(tx, ids.firstItem))),
    'items locked for results': ran(
      await statementOf((tx) => lockItemsForResults(tx, [ids.firstItem, ids.lastItem])),
    ),
    'results recorded': planned(
      await statementOf((tx) =>
        insertResults(tx, [
          {
            itemId: ids.firstItem,
            state: 'passed',
            comment: null,
            elapsedMs: 5,
            runId: null,
            executedBy: ids.user,
            stepResults: null,
            caseVersion: 1,
          },
        ]),
      ),
    ),
    'items answered after results': ran(
      await statementOf((tx) => findItems(tx, [ids.firstItem, ids.firstItem + 1, ids.lastItem])),
    ),
    "an item's results": ran(
      await statementOf((tx) => listResults(tx, { itemId: ids.lastItem })),
      ids.listedResults / 10,
    ),
    'one result': ran(await statementOf((tx) => listResults(tx, { id: ids.result }))),
    "a case's results without any": ran(await statementOf((tx) => listCaseResults(tx, ids.caseWithout, 50))),
    "a case's results in three cycles": ran(await statementOf((tx) => listCaseResults(tx, ids.caseWith, 50))),
    'items assigned': ran(
      await statementOf((tx) => assignItems(tx, ids.listed, [ids.firstItem, ids.lastItem], ids.user)),
    ),
    'my work': ran(await statementOf((tx) => listAssignedItems(tx, viewer, 500))),
    'my work, by project role': ran(await statementOf((tx) => listAssignedItems(tx, member, 500))),
    "an import's items and results": planned(
      await statementsOf((tx) =>
        insertImportedResults(tx, ids.empty, ids.user, [
          {
            caseId: ids.caseWithout,
            caseVersion: 1,
            state: 'failed',
            runId: null,
            elapsedMs: 3,
            failure: { message: 'm', type: null, text: null },
            log: null,
          },
        ]),
      ),
    ),
    "an import's gate": ran(
      await statementsOf((tx) =>
        gateOf(tx, ids.project, { id: ids.nightly[1]!, branch: 'main' }, [
          ...written,
          { id: ids.firstItem, case_id: ids.caseWithout, state: 'failed' },
        ]),
      ),
    ),
    'history of a case without results': ran(await statementOf((tx) => caseHistory(tx, ids.caseWithout, 30))),
    'history of a case with results': ran(await statementOf((tx) => caseHistory(tx, ids.caseWith, 100))),
    'defect link to an item': ran(await statementOf((tx) => findItemTarget(tx, ids.firstItem))),
    'defect link to a result': ran(await statementOf((tx) => resultBelongsTo(tx, ids.result, ids.lastItem))),
    'defect report of a result': ran(await statementOf((tx) => findResultReport(tx, ids.result))),
    'owner of a result file': ran(await statementOf((tx) => findResultOwner(tx, ids.result))),
    'result file completed': ran(
      await statementOf((tx) => completeAttachment(tx, 1, { size: 10, sha256: '' })),
    ),
    'two cycles compared': ran(await statementOf((tx) => comparedCases(tx, ids.listed, ids.nightly[1]!))),
    'search by assignee': ran(
      await statementOf((tx) => matchingCaseIds(tx, ids.project, assigneeMe, 50, 0, 1000)),
    ),
    'report branches': ran(await statementOf((tx) => reportBranches(tx, ids.project))),
    'cycle trend': ran(await statementOf((tx) => cycleTrend(tx, ids.project, 'main'))),
    'flaky count of a cycle': ran(
      await statementOf((tx) => storeFlakyCount(tx, ids.project, { id: ids.nightly[1]!, branch: 'main' })),
    ),
  };
}

/**
 * What in a plan reads cycle_results in proportion to the table rather than to the answer: a
 * full scan, and more rows examined (read, or read and thrown away by a filter, over all loops)
 * than the statement's answer can need, as a walk of the primary key in search of one item's
 * result does.
 */
function cycleProblems(root: PlanNode, examinedMax: number): string[] {
  const problems: string[] = [];
  let examined = 0;
  for (const node of planNodes(root)) {
    if (node['Relation Name'] !== 'cycle_results') continue;
    if (node['Node Type'] === 'Seq Scan') problems.push('Seq Scan on cycle_results');
    const removed = Number((node as { 'Rows Removed by Filter'?: number })['Rows Removed by Filter'] ?? 0);
    examined += ((node['Actual Rows'] ?? 0) + removed) * (node['Actual Loops'] ?? 1);
  }
  if (examined > examinedMax) problems.push(`${Math.round(examined)} rows of cycle_results examined`);
  return problems;
}

class RolledBack extends Error {}

/** The statements' plans; those run are run in a transaction that is rolled back. */
async function plansOf(checked: Checked): Promise<PlanNode[]> {
  const plans: PlanNode[] = [];
  await db
    .transaction(async (tx) => {
      for (const statement of checked.statements) plans.push(await explain(tx, statement, checked.run));
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return plans;
}

async function problemsOfEach(): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [name, checked] of Object.entries(await statements())) {
    found[name] = (await plansOf(checked)).flatMap((plan) =>
      cycleProblems(plan, checked.examinedMax ?? EXAMINED_MAX),
    );
  }
  return found;
}

useUnanalysedDatabase(
  async (opened) => {
    db = opened;
    await createShape();
  },
  { tables: CYCLE_TABLES, timeout: 60_000 },
);

describe('the statements of test cycles read rows in proportion to their answer', () => {
  it('on tables never analysed', async () => {
    expect(await statisticsRowsOf(db, ['cycle_items', 'cycle_results'])).toBe(0);
    const found = await problemsOfEach();
    expect(found).toEqual(noProblems(found));
  });

  it('once the tables are analysed', async () => {
    await db.execute(sql`analyze`);
    const found = await problemsOfEach();
    expect(found).toEqual(noProblems(found));
  });
});

describe("a page of a cycle's items reads its items, not the cycle's", () => {
  // Written `where i.id in (select … limit 200)`, the planner hashed the page against a scan of
  // every item of the database (10 ms of 12,000 items embedded, on every open of the cycle page),
  // and the page's total counted every item of the cycle joined to its case (37 ms): the page is
  // read by key and, unfiltered or by state, its total is the count the database keeps.
  it('probes the primary key for the page and counts nothing', async () => {
    await db.execute(sql`analyze`);
    for (const query of [{ limit: 200 }, { limit: 200, state: 'untested' as const }]) {
      const statements = await statementsOf((tx) => listItems(tx, ids.listed, query));
      expect(statements).toHaveLength(2);
      const [page, total] = await Promise.all(statements.map((statement) => explain(db, statement, true)));
      expect(rowsReadFrom(page!, 'cycle_items')).toBeLessThanOrEqual(2 * 200 + 1000);
      const scans = [...planNodes(page!)].filter((node) => node['Node Type'] === 'Seq Scan');
      expect(
        scans.map((node) => node['Relation Name']).filter((t) => t === 'cycle_items' || t === 'test_cases'),
      ).toEqual([]);
      expect(rowsReadFrom(total!, 'cycle_items')).toBe(0);
    }
  });
});

describe('a batch of results reads its cases by key', () => {
  // lock_cycle_items is a function: the planner expects 1,000 rows of it whatever the batch, and
  // joined plainly to test_cases it hashed every case of the database for each batch of results
  // (decision record 184). Plan only, on analysed tables: the lock is a write the seed keeps.
  it('probes test_cases once per item instead of scanning it', async () => {
    await db.execute(sql`analyze`);
    const statement = await statementOf((tx) => lockItemsForResults(tx, [ids.firstItem, ids.lastItem]));
    const plan = await explain(db, statement);
    const scanned = [...planNodes(plan)].filter(
      (node) => node['Relation Name'] === 'test_cases' && node['Node Type'] === 'Seq Scan',
    );
    expect(scanned).toEqual([]);
  });
});
