// Case search at size (`npm run bench -- --only search`, or `node --import tsx bench/search.ts`),
// docs/product/search.md. Seeds a project of 200,000 cases (words, tags, priorities, children,
// runs), starts the server as `npm start` does, and times each kind of query, one after another
// and ten at a time, against issue 20's target: p99 ≤ 100 ms. `--db embedded|postgres|both`,
// `--cases N`, `--rounds N`.
import { performance } from 'node:perf_hooks';
import { type Db, databasesOf, percentile, round, startSized } from './sized-server.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1]! : fallback;
};
const CASES = Number(option('--cases', '200000'));
const ROUNDS = Number(option('--rounds', '40'));
const CONCURRENCY = 10;
const TARGET_P99_MS = 100;

const QUERIES: Record<string, string> = {
  'a word': 'checkout',
  'a rare word': 'refund',
  'a phrase': '"saved card"',
  'a tag': 'tag:smoke',
  'priority and status': 'priority:high status:failed',
  'a roll-up': 'rollup:failed',
  'negated tag and a word': '-tag:smoke login',
  'a suite and a word': 'suite:"Suite 7" payment',
  'everything, page 20': '',
};

/** Project 1: words, tags, priorities, child cases and runs. */
async function fill(q: (text: string) => Promise<unknown>): Promise<void> {
  await q(`insert into projects (name, created_by) values ('Search bench', 1)`);
  await q(`insert into suites (project_id, name) select 1, 'Suite ' || g from generate_series(1, 20) g`);
  // Words from a small vocabulary, so common words match many cases and rare ones few.
  const top = Math.floor(CASES * 0.9);
  await q(`
      insert into test_cases (project_id, suite_id, name, description, priority, tags, steps)
      select 1, 1 + g % 20,
        (array['Checkout', 'Login', 'Search', 'Profile', 'Payment', 'Cart'])[1 + g % 6] || ' case ' || g,
        case when g % 50 = 0 then 'Refund the saved card' else 'Pay with a saved card and check the receipt' end,
        (array['critical', 'high', 'medium', 'medium', 'low'])[1 + g % 5],
        case when g % 10 = 0 then array['smoke', 'ui'] when g % 3 = 0 then array['regression'] else '{}' end,
        jsonb_build_array(jsonb_build_object('action', 'Open step ' || g, 'expected', 'It opens'))
      from generate_series(1, ${top}) g`);
  await q(`
      insert into test_cases (project_id, suite_id, parent_id, name, priority)
      select 1, p.suite_id, p.id, 'Child of ' || p.name, 'medium'
      from test_cases p where p.project_id = 1 and p.parent_id is null and p.id % 9 = 0
      limit ${CASES - top}`);
  await q(`
      insert into test_runs (case_id, project_id, status)
      select id, 1, case when id % 7 = 0 then 'failed' else 'passed' end
      from test_cases where project_id = 1 and id % 4 = 0`);
  await q('analyze');
}

async function timeQuery(base: string, token: string, q: string, offset: number) {
  const started = performance.now();
  const res = await fetch(
    `${base}/api/projects/1/cases/search?q=${encodeURIComponent(q)}&limit=50&offset=${offset}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  const body = (await res.json()) as { total?: number; message?: string };
  if (!res.ok) throw new Error(`search ${q}: ${res.status} ${body.message}`);
  return { ms: performance.now() - started, total: body.total ?? 0 };
}

interface SearchRow {
  query: string;
  matches: number;
  p50: number;
  p99: number;
  concurrentP99: number;
}

async function runOne(db: Db): Promise<SearchRow[]> {
  console.error(`\n== Search on ${db}: seeding ${CASES.toLocaleString('en')} cases`);
  const seeded = performance.now();
  const { server, token, close } = await startSized({ db, name: 'search', fill, portBase: 3800 });
  console.error(`   seeded and started in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);
  const rows: SearchRow[] = [];
  try {
    for (const [name, q] of Object.entries(QUERIES)) {
      const offset = name.includes('page 20') ? 19 * 50 : 0;
      await timeQuery(server.url, token, q, offset);
      const times: number[] = [];
      let matches = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const answer = await timeQuery(server.url, token, q, offset);
        times.push(answer.ms);
        matches = answer.total;
      }
      const concurrent: number[] = [];
      for (let i = 0; i < ROUNDS / CONCURRENCY; i++) {
        const batch = await Promise.all(
          Array.from({ length: CONCURRENCY }, () => timeQuery(server.url, token, q, offset)),
        );
        concurrent.push(...batch.map((b) => b.ms));
      }
      const row = {
        query: `${name}: \`${q || '(empty)'}\``,
        matches,
        p50: round(percentile(times, 50)),
        p99: round(percentile(times, 99)),
        concurrentP99: round(percentile(concurrent, 99)),
      };
      console.error(
        `   ${row.query}: ${matches} matches, p50 ${row.p50} ms, p99 ${row.p99} ms, 10 at once p99 ${row.concurrentP99} ms`,
      );
      rows.push(row);
    }
  } finally {
    await close();
  }
  return rows;
}

export async function runSearch(dbs: Db[]): Promise<void> {
  for (const db of dbs) {
    const rows = await runOne(db);
    console.log(
      `\nCase search on ${db}, ${CASES.toLocaleString('en')} cases in one project (target p99 ≤ ${TARGET_P99_MS} ms, one at a time)\n`,
    );
    console.log('| Query | matches | p50 ms | p99 ms | p99 ms, 10 at once | Met |');
    console.log('|---|---:|---:|---:|---:|:---:|');
    for (const r of rows) {
      console.log(
        `| ${r.query} | ${r.matches} | ${r.p50} | ${r.p99} | ${r.concurrentP99} | ${r.p99 <= TARGET_P99_MS ? 'yes' : 'NO'} |`,
      );
    }
  }
}

export const searchDatabases = databasesOf;

if (import.meta.url === `file://${process.argv[1]}`) {
  await runSearch(searchDatabases(args));
}
