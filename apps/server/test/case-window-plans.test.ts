import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../src/db/client.ts';
import { CASES_OF, countCases, selectCaseWindow } from '../src/modules/cases/cases-repository.ts';
import { explain, noProblems, planProblems, rowsReadFrom, statementOf } from './helpers/plans.ts';
import { useUnanalysedDatabase } from './helpers/unanalysed-database.ts';

/**
 * The statements of the case windows (docs/product/cases.md, "Windows of a list") find their
 * cases on an index and read no more than the window's cases (and their subtrees), before and
 * after ANALYZE, on the embedded database and (with DATABASE_URL) on a PostgreSQL server. As in
 * tree-plans.test.ts, plans are checked for their shape, never for time.
 */

let db: Db;
const ids = { project: 0, suite: 0, parent: 0 };
const SUITE_CASES = 3_000;

/** A project with a 3,000-case suite (one case with 200 children) and 50 cases in no suite, beside a 20,000-case project. */
async function createShape(): Promise<void> {
  const one = async (query: SQL) => (await queryRows<{ id: number }>(db, query))[0]!.id;
  ids.project = await one(sql`insert into projects (name) values ('Listed') returning id`);
  const other = await one(sql`insert into projects (name) values ('Other') returning id`);
  ids.suite = await one(
    sql`insert into suites (project_id, name) values (${ids.project}, 'Big') returning id`,
  );
  const otherSuite = await one(
    sql`insert into suites (project_id, name) values (${other}, 'O') returning id`,
  );
  await db.execute(sql`
    insert into test_cases (project_id, suite_id, name)
    select ${ids.project}, ${ids.suite}, 'Case ' || g from generate_series(1, ${SUITE_CASES}) g`);
  ids.parent = await one(sql`select min(id) as id from test_cases where suite_id = ${ids.suite}`);
  await db.execute(sql`
    insert into test_cases (project_id, suite_id, parent_id, name)
    select ${ids.project}, ${ids.suite}, ${ids.parent}, 'Child ' || g from generate_series(1, 200) g`);
  await db.execute(sql`
    insert into test_cases (project_id, suite_id, name)
    select ${ids.project}, null, 'Loose ' || g from generate_series(1, 50) g`);
  await db.execute(sql`
    insert into test_cases (project_id, suite_id, name)
    select ${other}, ${otherSuite}, 'Other ' || g from generate_series(1, 20000) g`);
  await db.execute(sql`
    insert into test_runs (case_id, project_id, status)
    select c.id, c.project_id, case when c.id % 5 = 0 then 'failed' else 'passed' end
    from test_cases c where c.project_id = ${ids.project} or c.id % 2 = 0`);
}

const WINDOWS = {
  "first window of the suite's cases": () => CASES_OF.suiteTopLevel(ids.suite),
  "first window of a case's children": () => CASES_OF.children(ids.parent),
  "first window of the project's top-level cases": () => CASES_OF.projectTopLevel(ids.project),
  "first window of the project's cases in no suite": () => CASES_OF.projectOutsideSuites(ids.project),
};

async function statements(): Promise<Record<string, SQL>> {
  const found: Record<string, SQL> = {};
  for (const [name, where] of Object.entries(WINDOWS)) {
    found[name] = await statementOf((tx) => selectCaseWindow(tx, where(), 0, 200));
    found[name.replace('first window of', 'count of')] = await statementOf((tx) => countCases(tx, where()));
  }
  found["a later window of the suite's cases"] = await statementOf((tx) =>
    selectCaseWindow(tx, CASES_OF.suiteTopLevel(ids.suite), 2_000, 25),
  );
  return found;
}

async function problemsOfEach(): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [name, statement] of Object.entries(await statements())) {
    // A Seq Scan on test_cases is one of the problems: the cases are found on an index.
    const problems = planProblems(await explain(db, statement));
    found[name] = problems;
  }
  return found;
}

useUnanalysedDatabase(async (opened) => {
  db = opened;
  await createShape();
});

describe('the case window statements find their cases on an index', () => {
  it('on tables never analysed', async () => {
    const found = await problemsOfEach();
    expect(found).toEqual(noProblems(found));
  });

  it('once the tables are analysed', async () => {
    await db.execute(sql`analyze`);
    const found = await problemsOfEach();
    expect(found).toEqual(noProblems(found));
  });

  it("a window of 25 cases reads about 25 cases' rows, not the suite's 3,000", async () => {
    const statement = await statementOf((tx) =>
      selectCaseWindow(tx, CASES_OF.suiteTopLevel(ids.suite), 0, 25),
    );
    const plan = await explain(db, statement, true);
    // The 25 listed, the children probes of their subtrees (one case has 200 children).
    expect(rowsReadFrom(plan, 'test_cases')).toBeLessThan(25 + 200 + 100);
  });
});
