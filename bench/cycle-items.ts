// A cycle's items beside many results (`npm run bench -- --only cycle-items`, or `node --import
// tsx bench/cycle-items.ts`), docs/performance.md "Cycle items with many results". Seeds a cycle of
// 10,000 items and 2,000,000 results, half of them on the cycle's last 500 items (2,000 each,
// recorded in turn) and half on 100 items of another project's cycle, so that most items have no
// result and the few that have one have thousands: the shape in which the planner once expected
// hundreds of results for every item. Written straight into the database before the server
// starts, then `VACUUM (ANALYZE)`. Through the API, times the first 200 items of the cycle (items
// without results) and the last 200 (items with results), one request at a time; target p99 ≤
// 100 ms. `--db embedded|postgres|both`, `--results N` (in all; default 2,000,000), `--rounds N`.
import { performance } from 'node:perf_hooks';
import {
  type Db,
  databasesOf,
  percentile,
  round,
  seedResultRounds,
  startSized,
  timedGet,
} from './sized-server.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1]! : fallback;
};
const ITEMS = 10_000;
const RESULTS = Number(option('--results', '2000000'));
const ROUNDS = Number(option('--rounds', '50'));
const TARGET_P99_MS = 100;
const LISTED_WITH_RESULTS = 500;
const OTHER_ITEMS = 5_000;
const OTHER_WITH_RESULTS = 100;
/** Results per statement: the triggers on cycle_results read each statement's rows at once. */
const CHUNK = 100_000;

async function fill(q: (text: string) => Promise<unknown>): Promise<void> {
  await q(`insert into projects (name, created_by) values ('Cycle items bench', 1), ('Other', 1)`);
  await q(`insert into suites (project_id, name) values (1, 'Listed'), (2, 'Other')`);
  await q(`insert into test_cases (project_id, suite_id, name)
    select 1, 1, 'Case ' || g from generate_series(1, ${ITEMS}) g`);
  await q(`insert into test_cases (project_id, suite_id, name)
    select 2, 2, 'Other ' || g from generate_series(1, ${OTHER_ITEMS}) g`);
  await q(`insert into test_cycles (project_id, name, created_by) values (1, 'Listed', 1), (2, 'Other', 1)`);
  await q(
    `insert into cycle_items (cycle_id, case_id) select 1, id from test_cases where project_id = 1 order by id`,
  );
  await q(
    `insert into cycle_items (cycle_id, case_id) select 2, id from test_cases where project_id = 2 order by id`,
  );
  const started = performance.now();
  // Each cycle's share in statements of CHUNK results, each statement one round of results
  // across the cycle's items with results (a result on each in turn).
  for (const [cycle, items] of [
    [2, OTHER_WITH_RESULTS],
    [1, LISTED_WITH_RESULTS],
  ] as const) {
    const listed = `select id from cycle_items where cycle_id = ${cycle} order by id desc limit ${items}`;
    await seedResultRounds(q, { sql: listed, count: items }, Math.floor(RESULTS / 2 / items), CHUNK);
    await q(`
      update cycle_items i set results = n.results, state = 'passed', elapsed_ms = 500
      from (select item_id, count(*)::int as results from cycle_results r
        join cycle_items ci on ci.id = r.item_id where ci.cycle_id = ${cycle} group by item_id) n
      where i.id = n.item_id`);
    console.error(`   cycle ${cycle}: results in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await q('vacuum (analyze)');
}

interface CycleItemsResult {
  database: Db;
  results: number;
  seedSeconds: number;
  reads: { name: string; p50: number; p99: number }[];
}

const READS: Record<string, string> = {
  'first 200 items (no results)': '/api/cycles/1/items?limit=200',
  [`last 200 items (${Math.floor(RESULTS / 2 / LISTED_WITH_RESULTS).toLocaleString('en')} results each)`]: `/api/cycles/1/items?limit=200&offset=${ITEMS - 200}`,
};

async function runOne(db: Db): Promise<CycleItemsResult> {
  console.error(
    `\n== Cycle items on ${db}: seeding ${ITEMS.toLocaleString('en')} items, ${RESULTS.toLocaleString('en')} results`,
  );
  const seeded = performance.now();
  const { server, token, close } = await startSized({ db, name: 'cycleitems', fill, portBase: 3800 });
  const seedSeconds = Math.round((performance.now() - seeded) / 1000);
  console.error(`   seeded and started in ${seedSeconds} s`);
  const result: CycleItemsResult = { database: db, results: RESULTS, seedSeconds, reads: [] };
  try {
    const time = (url: string) => timedGet(server.url, token, url);
    for (const [name, url] of Object.entries(READS)) {
      await time(url);
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) times.push(await time(url));
      const row = { name, p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
      console.error(`   ${name}: p50 ${row.p50} ms, p99 ${row.p99} ms`);
      result.reads.push(row);
    }
  } finally {
    await close();
  }
  return result;
}

export async function runCycleItems(dbs: Db[]): Promise<void> {
  const results: CycleItemsResult[] = [];
  for (const db of dbs) results.push(await runOne(db));
  console.log(`\n| Read (target p99 ≤ ${TARGET_P99_MS} ms) | database | results | p50 ms | p99 ms | Met |`);
  console.log('|---|---|---:|---:|---:|:---:|');
  for (const r of results)
    for (const x of r.reads)
      console.log(
        `| ${x.name} | ${r.database} | ${r.results.toLocaleString('en')} | ${x.p50} | ${x.p99} | ${x.p99 <= TARGET_P99_MS ? 'yes' : 'NO'} |`,
      );
  console.log(
    `\nSeeded and started in: ${results.map((r) => `${r.database} ${r.seedSeconds} s`).join(', ')}`,
  );
}

export const cycleItemsDatabases = databasesOf;

if (import.meta.url === `file://${process.argv[1]}`) {
  await runCycleItems(cycleItemsDatabases(args));
}
