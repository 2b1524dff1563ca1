// Requirements and traceability at size (`npm run bench -- --only requirements`, or `node --import
// tsx bench/requirements.ts`), docs/performance.md "Requirements and traceability". Seeds 5,000
// requirements (500 epics, 1,500 stories, 3,000 acceptance criteria), 50,000 cases linked to the
// stories and criteria (one in ten of those left without a case), and 2,000,000 results: 1,500,000
// test runs (30 per case) and 500,000 cycle results (10 per item) in a cycle of every case in a
// milestone. Written straight into the database before the server starts, then `VACUUM (ANALYZE)`.
// Through the API, one request at a time: the requirements list's first page, the matrix's first
// page without a scope and within the milestone (target p99 ≤ 300 ms each), and the whole matrix
// as CSV once (target < 10 s). `--db embedded|postgres|both`, `--scale F` (every count times F,
// e.g. 0.1 for a quick check), `--rounds N`.
import { performance } from 'node:perf_hooks';
import { type Db, databasesOf, percentile, round, startSized } from './sized-server.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1]! : fallback;
};
const SCALE = Number(option('--scale', '1'));
const ROUNDS = Number(option('--rounds', '50'));
const EPICS = Math.max(1, Math.round(500 * SCALE));
const CASES = Math.max(10, Math.round(50_000 * SCALE));
const RUNS_PER_CASE = 30;
const RESULTS_PER_ITEM = 10;
const TARGET_P99_MS = 300;
const TARGET_CSV_MS = 10_000;
/** Rows per statement: the triggers read each statement's rows at once. */
const CHUNK = 100_000;

export async function fill(q: (text: string) => Promise<unknown>): Promise<void> {
  const started = performance.now();
  const lap = (what: string) =>
    console.error(`   ${what} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await q(`insert into projects (name, created_by) values ('Requirements bench', 1)`);
  await q(`insert into suites (project_id, name) values (1, 'Suite')`);
  await q(`insert into test_cases (project_id, suite_id, name)
    select 1, 1, 'Case ' || g from generate_series(1, ${CASES}) g`);
  // Epics E-n, three stories each (E-n.s), two criteria per story (E-n.s.c).
  await q(`insert into requirements (project_id, key, title, status)
    select 1, 'E-' || g, 'Epic ' || g, 'approved' from generate_series(1, ${EPICS}) g`);
  await q(`insert into requirements (project_id, parent_id, key, title, status)
    select 1, e.id, e.key || '.' || s, 'Story ' || e.key || '.' || s, 'approved'
    from requirements e, generate_series(1, 3) s where e.parent_id is null order by e.id, s`);
  await q(`insert into requirements (project_id, parent_id, key, title, status)
    select 1, st.id, st.key || '.' || c, 'Criterion ' || st.key || '.' || c, 'approved'
    from requirements st join requirements e on e.id = st.parent_id and e.parent_id is null,
      generate_series(1, 2) c order by st.id, c`);
  await q(`insert into requirement_versions (requirement_id, version, content)
    select id, 1, jsonb_build_object('key', key, 'title', title) from requirements`);
  // The stories and criteria but every tenth, in id order, take the cases in turn.
  await q(`insert into requirement_cases (requirement_id, case_id, project_id)
    select t.id, c.id, 1
    from (select id, row_number() over (order by id) - 1 as n from requirements
      where parent_id is not null and id % 10 <> 0) t
    join test_cases c on (c.id - 1) % (select count(*) from requirements where parent_id is not null and id % 10 <> 0) = t.n`);
  lap('requirements and links');
  const perChunk = Math.max(1, Math.floor(CHUNK / CASES));
  for (let from = 1; from <= RUNS_PER_CASE; from += perChunk) {
    const to = Math.min(RUNS_PER_CASE, from + perChunk - 1);
    await q(`insert into test_runs (case_id, project_id, status, executed_by)
      select c.id, 1, case when (c.id + g) % 7 = 0 then 'failed' else 'passed' end, 1
      from test_cases c, generate_series(${from}, ${to}) g order by g, c.id`);
  }
  lap(`${(RUNS_PER_CASE * CASES).toLocaleString('en')} runs`);
  await q(`insert into milestones (project_id, name) values (1, 'Release')`);
  await q(`insert into test_cycles (project_id, name, milestone_id, milestone, created_by)
    values (1, 'Release regression', 1, 'Release', 1)`);
  await q(`insert into cycle_items (cycle_id, case_id) select 1, id from test_cases order by id`);
  for (let from = 1; from <= RESULTS_PER_ITEM; from += perChunk) {
    const to = Math.min(RESULTS_PER_ITEM, from + perChunk - 1);
    await q(`insert into cycle_results (item_id, state, executed_by)
      select i.id, (array['passed', 'failed', 'blocked', 'passed', 'skipped'])[1 + (g + i.id) % 5], 1
      from cycle_items i, generate_series(${from}, ${to}) g order by g, i.id`);
  }
  await q(`update cycle_items i set results = ${RESULTS_PER_ITEM},
      state = (array['passed', 'failed', 'blocked', 'passed', 'skipped'])[1 + (${RESULTS_PER_ITEM} + i.id) % 5]`);
  lap(`${(RESULTS_PER_ITEM * CASES).toLocaleString('en')} cycle results`);
  await q('vacuum (analyze)');
  lap('vacuumed');
}

interface RequirementsResult {
  database: Db;
  requirements: number;
  cases: number;
  results: number;
  seedSeconds: number;
  reads: { name: string; p50: number; p99: number }[];
  csvMs: number;
  csvRows: number;
}

const READS: Record<string, string> = {
  'requirements list, first page': '/api/projects/1/requirements?limit=100',
  'matrix, first page': '/api/projects/1/traceability?limit=100',
  'matrix within the milestone, first page': '/api/projects/1/traceability?limit=100&milestone_id=1',
};

async function runOne(db: Db): Promise<RequirementsResult> {
  const requirements = EPICS * 10;
  const results = CASES * (RUNS_PER_CASE + RESULTS_PER_ITEM);
  console.error(
    `\n== Requirements on ${db}: seeding ${requirements.toLocaleString('en')} requirements, ${CASES.toLocaleString('en')} cases, ${results.toLocaleString('en')} results`,
  );
  const seeded = performance.now();
  const { server, token, close } = await startSized({ db, name: 'requirements', fill, portBase: 3900 });
  const seedSeconds = Math.round((performance.now() - seeded) / 1000);
  console.error(`   seeded and started in ${seedSeconds} s`);
  const result: RequirementsResult = {
    database: db,
    requirements,
    cases: CASES,
    results,
    seedSeconds,
    reads: [],
    csvMs: 0,
    csvRows: 0,
  };
  try {
    const time = async (url: string) => {
      const started = performance.now();
      const res = await fetch(server.url + url, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.text();
      if (!res.ok) throw new Error(`${url}: ${res.status} ${body.slice(0, 300)}`);
      return { ms: performance.now() - started, body };
    };
    for (const [name, url] of Object.entries(READS)) {
      await time(url);
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) times.push((await time(url)).ms);
      const row = { name, p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
      console.error(`   ${name}: p50 ${row.p50} ms, p99 ${row.p99} ms`);
      result.reads.push(row);
    }
    const csv = await time('/api/projects/1/traceability.csv');
    result.csvMs = round(csv.ms);
    result.csvRows = csv.body.split('\r\n').length - 2;
    console.error(`   the whole matrix as CSV: ${result.csvRows} rows in ${result.csvMs} ms`);
  } finally {
    await close();
  }
  return result;
}

export async function runRequirements(dbs: Db[]): Promise<void> {
  const results: RequirementsResult[] = [];
  for (const db of dbs) results.push(await runOne(db));
  console.log(
    `\n| Read (target p99 ≤ ${TARGET_P99_MS} ms) | database | requirements | cases | results | p50 ms | p99 ms | Met |`,
  );
  console.log('|---|---|---:|---:|---:|---:|---:|:---:|');
  for (const r of results) {
    const sizes = `${r.requirements.toLocaleString('en')} | ${r.cases.toLocaleString('en')} | ${r.results.toLocaleString('en')}`;
    for (const x of r.reads)
      console.log(
        `| ${x.name} | ${r.database} | ${sizes} | ${x.p50} | ${x.p99} | ${x.p99 <= TARGET_P99_MS ? 'yes' : 'NO'} |`,
      );
    console.log(
      `| whole matrix as CSV (${r.csvRows.toLocaleString('en')} rows; target < ${TARGET_CSV_MS / 1000} s) | ${r.database} | ${sizes} | ${r.csvMs} | | ${r.csvMs < TARGET_CSV_MS ? 'yes' : 'NO'} |`,
    );
  }
  console.log(
    `\nSeeded and started in: ${results.map((r) => `${r.database} ${r.seedSeconds} s`).join(', ')}`,
  );
}

export const requirementsDatabases = databasesOf;

if (import.meta.url === `file://${process.argv[1]}`) {
  await runRequirements(requirementsDatabases(args));
}
