// Insight from history at size (`npm run bench -- --only insight`, or `node --import tsx
// bench/insight.ts`), docs/product/flaky-tests.md, ci-gate.md and reports.md. Seeds a project of
// 20,000 cases with 100 import cycles of all of them (2,000,000 results: 80 on main, one each on
// 20 feature branches; one case in a hundred flips at random, one in 250 always fails; each result
// with its run, as imports record them), written straight into the database before the server starts so the triggers keep every figure as they
// do for real imports. Then starts the server as `npm start` does and, through the API: imports
// 20,000-case JUnit reports with their CI gate (issue 21's target: < 5 s each), and times the Flaky
// Tests list and each report, one at a time and ten at once (target: p99 ≤ 200 ms).
// `--db embedded|postgres|both`, `--cases N`, `--cycles N`, `--rounds N`, `--keep` (the PostgreSQL
// database stays).
import { performance } from 'node:perf_hooks';
import { type Db, databasesOf, percentile, round, startSized, timedGet } from './sized-server.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1]! : fallback;
};
const CASES = Number(option('--cases', '20000'));
const CYCLES = Number(option('--cycles', '100'));
const ROUNDS = Number(option('--rounds', '40'));
const CONCURRENCY = 10;
const IMPORT_TARGET_MS = 5000;
const READ_TARGET_P99_MS = 200;

const READS: Record<string, string> = {
  'Flaky Tests list': '/api/projects/1/flaky-tests',
  branches: '/api/projects/1/reports/branches',
  'cycle trend, main': '/api/projects/1/reports/cycles?branch=main',
  'cycle trend, all branches': '/api/projects/1/reports/cycles',
  'slowest tests, main': '/api/projects/1/reports/slowest-tests?branch=main',
  'slowest tests, all branches': '/api/projects/1/reports/slowest-tests',
  'most failing tests, main': '/api/projects/1/reports/failing-tests?branch=main',
  'most failing tests, all branches': '/api/projects/1/reports/failing-tests',
  'compare two cycles': `/api/cycles/compare?from=${CYCLES - 1}&to=${CYCLES}`,
};

/** Case `id`'s outcome in cycle `n`: flaky ones flip at random, a few always fail. */
const OUTCOME = (id: string, n: string) => `case
  when ${id} % 100 = 0 and abs(hashint4(${id} * 131 + ${n})) % 2 = 0 then 'failed'
  when ${id} % 250 = 1 then 'failed'
  else 'passed' end`;

/** Project 1: the cases, then the import cycles of all of them, statement by statement. */
export async function fill(q: (text: string) => Promise<unknown>): Promise<void> {
  await q(`insert into projects (name, created_by) values ('Insight bench', 1)`);
  await q(`insert into suites (project_id, name) values (1, 'Insight')`);
  await q(`
      insert into test_cases (project_id, suite_id, name, priority)
      select 1, 1, 'test_' || lpad(g::text, 6, '0'), 'medium' from generate_series(1, ${CASES}) g`);
  const started = performance.now();
  for (let n = 1; n <= CYCLES; n++) {
    const branch = n % 5 === 0 && n < CYCLES - 1 ? `'feature/${n}'` : `'main'`;
    await q(`insert into test_cycles (project_id, name, source, branch, created_by)
        values (1, 'Nightly ${n}', 'import', ${branch}, 1)`);
    await q(`
        insert into cycle_items (cycle_id, case_id, state, results, elapsed_ms)
        select ${n}, c.id, ${OUTCOME('c.id', String(n))}, 1, 20 + (c.id * 37) % 2000 + ${n} % 7
        from test_cases c where c.project_id = 1 order by c.id`);
    // Each result with its run, as an import records them: the cases' latest statuses and the
    // runs' indexes are those of a project that has been importing for a while.
    await q(`
        insert into test_runs (case_id, project_id, status, executed_by)
        select i.case_id, 1, i.state, 1 from cycle_items i where i.cycle_id = ${n} order by i.id`);
    await q(`
        insert into cycle_results (item_id, state, run_id, elapsed_ms, executed_by, case_version, failure_message)
        select i.id, i.state, r.id, i.elapsed_ms, 1, 1, case when i.state = 'failed' then 'assertion failed' end
        from cycle_items i join test_runs r on r.case_id = i.case_id and r.id > ${(n - 1) * CASES}
        where i.cycle_id = ${n} order by i.id`);
    await q(`
        update cycle_counts set flaky_count = (
          select count(*) from case_flakiness f where f.branch = ${branch} and f.flips >= 3)
        where cycle_id = ${n}`);
    if (n % 10 === 0)
      console.error(`   ${n} cycles (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  // What the embedded database's maintenance (or autovacuum) has done by the time a real project
  // has this much history: statistics, and the rows' visibility settled.
  await q('vacuum (analyze)');
}

/** A JUnit report of every case: the flaky ones and one in 400 more fail this time. */
export function junitReport(round: number): string {
  const lines = ['<testsuite name="Insight">'];
  for (let id = 1; id <= CASES; id++) {
    const name = `test_${String(id).padStart(6, '0')}`;
    const fails = (id % 100 === 0 && (id + round) % 2 === 0) || id % 250 === 1 || (id + round) % 400 === 0;
    const time = ((20 + ((id * 37) % 2000)) / 1000).toFixed(3);
    lines.push(
      fails
        ? `<testcase name="${name}" time="${time}"><failure message="assertion failed">trace</failure></testcase>`
        : `<testcase name="${name}" time="${time}"/>`,
    );
  }
  lines.push('</testsuite>');
  return lines.join('\n');
}

interface InsightResult {
  database: string;
  seedSeconds: number;
  imports: { branch: string; ms: number; newFailures: number; flaky: number }[];
  reads: { name: string; p50: number; p99: number; concurrentP99: number }[];
}

async function runOne(db: Db): Promise<InsightResult> {
  const results = (CASES * CYCLES).toLocaleString('en');
  console.error(`\n== Insight on ${db}: seeding ${CASES.toLocaleString('en')} cases, ${results} results`);
  const seeded = performance.now();
  const { server, token, close } = await startSized({ db, name: 'insight', fill, portBase: 3700 });
  const seedSeconds = Math.round((performance.now() - seeded) / 1000);
  console.error(`   seeded and started in ${seedSeconds} s`);
  const result: InsightResult = { database: db, seedSeconds, imports: [], reads: [] };
  try {
    const authorization = `Bearer ${token}`;

    for (const [round, branch] of [
      [1, 'main'],
      [2, 'main'],
      [3, 'feature/new'],
    ] as const) {
      const body = junitReport(round);
      const started = performance.now();
      const res = await fetch(
        `${server.url}/api/projects/1/import/junit?branch=${encodeURIComponent(branch)}`,
        {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/xml' },
          body,
        },
      );
      const answer = (await res.json()) as {
        message?: string;
        gate?: { counts: { new: number; flaky: number } };
      };
      const ms = performance.now() - started;
      if (!res.ok || !answer.gate) throw new Error(`import: ${res.status} ${answer.message}`);
      const row = {
        branch,
        ms: Math.round(ms),
        newFailures: answer.gate.counts.new,
        flaky: answer.gate.counts.flaky,
      };
      console.error(
        `   import of ${CASES} cases on ${branch}: ${row.ms} ms (gate: ${row.newFailures} new, ${row.flaky} flaky)`,
      );
      result.imports.push(row);
    }

    const time = (url: string) => timedGet(server.url, token, url);
    for (const [name, url] of Object.entries(READS)) {
      await time(url);
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) times.push(await time(url));
      const concurrent: number[] = [];
      for (let i = 0; i < ROUNDS / CONCURRENCY; i++)
        concurrent.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, () => time(url)))));
      const row = {
        name,
        p50: round(percentile(times, 50)),
        p99: round(percentile(times, 99)),
        concurrentP99: round(percentile(concurrent, 99)),
      };
      console.error(
        `   ${name}: p50 ${row.p50} ms, p99 ${row.p99} ms, 10 at once p99 ${row.concurrentP99} ms`,
      );
      result.reads.push(row);
    }
  } finally {
    // `--keep`: leave the PostgreSQL database for a look at the plans (its name is in the log).
    await close({ keep: args.includes('--keep') });
  }
  return result;
}

export async function runInsight(dbs: Db[]): Promise<void> {
  for (const db of dbs) {
    const r = await runOne(db);
    const results = (CASES * CYCLES).toLocaleString('en');
    console.log(
      `\nInsight on ${db}: ${CASES.toLocaleString('en')} cases, ${results} results before the imports\n`,
    );
    console.log(`| Import with its gate (target < ${IMPORT_TARGET_MS / 1000} s) | ms | new | flaky | Met |`);
    console.log('|---|---:|---:|---:|:---:|');
    for (const i of r.imports)
      console.log(
        `| ${CASES.toLocaleString('en')} cases on ${i.branch} | ${i.ms} | ${i.newFailures} | ${i.flaky} | ${i.ms < IMPORT_TARGET_MS ? 'yes' : 'NO'} |`,
      );
    console.log(
      `\n| Read (target p99 ≤ ${READ_TARGET_P99_MS} ms) | p50 ms | p99 ms | p99 ms, 10 at once | Met |`,
    );
    console.log('|---|---:|---:|---:|:---:|');
    for (const x of r.reads)
      console.log(
        `| ${x.name} | ${x.p50} | ${x.p99} | ${x.concurrentP99} | ${x.p99 <= READ_TARGET_P99_MS ? 'yes' : 'NO'} |`,
      );
  }
}

export const insightDatabases = databasesOf;

if (import.meta.url === `file://${process.argv[1]}`) {
  await runInsight(insightDatabases(args));
}
