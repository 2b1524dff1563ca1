/**
 * How long GET /api/test-cases/suite/{id} takes on a suite of 10,000 top-level cases, now that
 * every case carries its latest status and the roll-up of its subtree. Every tenth case has
 * five children; every case has ten runs (~10% failed).
 *
 *   node --import tsx bench/case-list-bench.ts                 # embedded PGlite, in memory
 *   DATABASE_URL=postgres://… node --import tsx bench/case-list-bench.ts
 *
 * Kept out of the test suite on purpose: timings depend on the machine, tests must not.
 */
import { sql } from 'drizzle-orm';
import { selectCaseViews } from '../src/modules/cases/cases-repository.ts';
import { openBenchApp } from './bench-database.ts';

const bench = await openBenchApp();
try {
  const { db } = bench;
  await db.execute(sql`insert into projects (name) values ('Bench')`);
  await db.execute(sql`insert into suites (project_id, name) values (1, 'Big')`);
  await db.execute(sql`
    insert into test_cases (project_id, suite_id, name) select 1, 1, 'case ' || g from generate_series(1, 10000) g`);
  await db.execute(sql`
    insert into test_cases (project_id, suite_id, parent_id, name)
    select 1, 1, c.id, 'child' from test_cases c, generate_series(1, 5) where c.id % 10 = 0 and c.parent_id is null`);
  await db.execute(sql`
    insert into test_runs (case_id, project_id, status)
    select c.id, 1, case when (c.id * 13 + g) % 10 = 0 then 'failed' else 'passed' end
    from test_cases c, generate_series(1, 10) g`);
  await db.execute(sql`analyze`);
  console.log(`${bench.where}: suite of 10,000 top-level cases (1,000 with 5 children), 150,000 runs`);

  const timed = async (label: string, url: string) => {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < 6; i += 1) {
      const started = performance.now();
      const res = await bench.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${bench.token}` },
      });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      rows = res.json().length;
    }
    const warm = times.slice(1).sort((a, b) => a - b);
    console.log(
      `  ${label}: ${rows} cases, median ${warm[2]!.toFixed(0)} ms (first ${times[0]!.toFixed(0)} ms)`,
    );
  };
  await timed('GET /api/test-cases/suite/1', '/api/test-cases/suite/1');
  await timed('  with ?limit=50&offset=9950', '/api/test-cases/suite/1?limit=50&offset=9950');

  // The statement alone, and the shape it replaced (no status, no roll-up), for comparison.
  const statement = async (label: string, run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    console.log(
      `  ${label}: median ${times
        .slice(1)
        .sort((a, b) => a - b)[2]!
        .toFixed(0)} ms`,
    );
  };
  await statement('the list statement, with status and roll-up', () =>
    selectCaseViews(db, sql`c.suite_id = 1 and c.parent_id is null`),
  );
  await statement('the list statement before (has_children only)', () =>
    db.execute(sql`select c.id, c.name, c.description, c.project_id, c.suite_id, c.parent_id,
      exists (select 1 from test_cases k where k.parent_id = c.id) as has_children
      from test_cases c where c.suite_id = 1 and c.parent_id is null order by c.id`),
  );
} finally {
  await bench.close();
}
