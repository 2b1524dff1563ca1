import { LIMITS } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../src/db/client.ts';
import {
  CASES_OF,
  caseLevel,
  deleteCaseTree,
  findCaseView,
  listCasesJson,
  listChanges,
  selectCaseViews,
} from '../src/modules/cases/cases-repository.ts';
import { caseExportBatch } from '../src/modules/exports/exports-repository.ts';
import { explain, noProblems, planProblems, statementOf, statisticsRowsOf } from './helpers/plans.ts';
import { useUnanalysedDatabase } from './helpers/unanalysed-database.ts';

/**
 * The tree and list statements must not depend on the planner's statistics: on tables nobody
 * has analysed (PGlite has no autovacuum, and a PostgreSQL server analyses late), the planner
 * guesses that a filter keeps one row, and a plan built on that guess (a nested loop that scans
 * the listed rows once per listed row) turned a 30 ms list into 8 s. Each statement is taken
 * from the repository code, explained on data of a realistic shape before and after ANALYZE, on
 * the embedded database and (with DATABASE_URL) on a PostgreSQL server, and its plan is checked
 * for shapes whose cost grows faster than the rows they read. Times are never compared.
 */

let db: Db;
const ids = {
  project: 0,
  suite: 0,
  parentOfTen: 0,
  chainTop: 0,
  chainBottom: 0,
  middleOfExport: 0,
  sample: [] as number[],
};

/**
 * A project of about 3,500 cases (a suite of 3,000 top-level cases, 30 of them with ten
 * children, a chain of 20 levels, a few cases outside any suite) and two runs per case, next to a
 * larger project of 20,000 cases, as on a server shared by several teams.
 */
async function createShape(): Promise<void> {
  const one = async <T>(query: SQL) => (await queryRows<T>(db, query))[0]!;
  ids.project = (
    await one<{ id: number }>(sql`insert into projects (name) values ('Listed') returning id`)
  ).id;
  const other = (await one<{ id: number }>(sql`insert into projects (name) values ('Other') returning id`))
    .id;
  ids.suite = (
    await one<{ id: number }>(
      sql`insert into suites (project_id, name) values (${ids.project}, 'Big') returning id`,
    )
  ).id;
  const otherSuite = (
    await one<{ id: number }>(sql`insert into suites (project_id, name) values (${other}, 'O') returning id`)
  ).id;
  await db.execute(sql`
    insert into test_cases (project_id, suite_id, name)
    select ${ids.project}, ${ids.suite}, 'Case ' || g from generate_series(1, 3000) g`);
  const first = (
    await one<{ id: number }>(sql`select min(id) as id from test_cases where suite_id = ${ids.suite}`)
  ).id;
  ids.parentOfTen = first;
  await db.execute(sql`
    insert into test_cases (project_id, suite_id, parent_id, name)
    select ${ids.project}, ${ids.suite}, ${first} + (g % 30), 'Child ' || g from generate_series(1, 300) g`);
  await db.execute(sql`
    insert into test_cases (project_id, suite_id, name)
    select ${ids.project}, null, 'Loose ' || g from generate_series(1, 50) g`);
  ids.chainTop = first + 100;
  let parent = ids.chainTop;
  for (let level = 2; level <= 20; level++) {
    parent = (
      await one<{ id: number }>(sql`
        insert into test_cases (project_id, suite_id, parent_id, name)
        values (${ids.project}, ${ids.suite}, ${parent}, ${`Level ${level}`}) returning id`)
    ).id;
  }
  ids.chainBottom = parent;
  ids.middleOfExport = first + 1500;
  ids.sample = [first, first + 1, first + 2000, ids.chainTop, ids.chainBottom];
  await db.execute(sql`
    insert into test_cases (project_id, suite_id, name)
    select ${other}, ${otherSuite}, 'Other ' || g from generate_series(1, 20000) g`);
  // Ten minutes of results at 50 a second in the other project, as case_list_changes keeps them.
  await db.execute(sql`
    insert into case_list_changes (project_id, project_version, suite_id, suite_version, case_id, parent_id)
    select ${other}, g, ${otherSuite}, g, ${first} + g % 3000, null from generate_series(1, 30000) g`);
  await db.execute(sql`
    insert into test_runs (case_id, project_id, status)
    select c.id, c.project_id, case when (c.id + n) % 5 = 0 then 'failed' else 'passed' end
    from test_cases c cross join generate_series(1, 2) n
    where c.project_id = ${ids.project} or c.id % 2 = 0`);
}

/** Every tree and list statement, as the repositories build it. */
async function statements(): Promise<Record<string, SQL>> {
  const whole = {};
  return {
    'suite case list': await statementOf((tx) => listCasesJson(tx, CASES_OF.suiteTopLevel(ids.suite), whole)),
    'project case list': await statementOf((tx) =>
      listCasesJson(tx, CASES_OF.projectTopLevel(ids.project), whole),
    ),
    'children list': await statementOf((tx) => listCasesJson(tx, CASES_OF.children(ids.parentOfTen), whole)),
    'searched, paged suite list': await statementOf((tx) =>
      listCasesJson(tx, CASES_OF.suiteTopLevel(ids.suite), { q: 'case 1', limit: 50, offset: 50 }),
    ),
    'changes to the suite list since a version': await statementOf((tx) =>
      listChanges(tx, { scope_id: ids.suite, version: 's9' }, 1, CASES_OF.suiteTopLevel(ids.suite), whole),
    ),
    'changes to the project list since a version': await statementOf((tx) =>
      listChanges(
        tx,
        { scope_id: ids.project, version: 'p9' },
        1,
        CASES_OF.projectTopLevel(ids.project),
        whole,
      ),
    ),
    'one case with its roll-up': await statementOf((tx) => findCaseView(tx, ids.chainTop)),
    'several cases read together': await statementOf((tx) =>
      selectCaseViews(tx, sql`c.id = any(${`{${ids.sample.join(',')}}`}::int[])`),
    ),
    'first export batch': await statementOf((tx) => caseExportBatch(tx, ids.project, 0, 2000)),
    'later export batch': await statementOf((tx) =>
      caseExportBatch(tx, ids.project, ids.middleOfExport, 2000),
    ),
    'subtree delete': await statementOf((tx) => deleteCaseTree(tx, ids.chainTop)),
    'level of a case': await statementOf((tx) => caseLevel(tx, ids.chainBottom, LIMITS.caseDepthMax)),
  };
}

async function problemsOfEach(): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [name, statement] of Object.entries(await statements())) {
    found[name] = planProblems(await explain(db, statement));
  }
  return found;
}

useUnanalysedDatabase(async (opened) => {
  db = opened;
  await createShape();
});

describe('the tree and list statements keep plans whose work follows the rows they read', () => {
  it('on tables never analysed', async () => {
    expect(await statisticsRowsOf(db, ['test_cases', 'test_runs'])).toBe(0);
    const found = await problemsOfEach();
    expect(found).toEqual(noProblems(found));
  });

  it('once the tables are analysed', async () => {
    await db.execute(sql`analyze`);
    const found = await problemsOfEach();
    expect(found).toEqual(noProblems(found));
  });
});
