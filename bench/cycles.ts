// Test cycles at size (`npm run bench -- --only cycles`, or `node --import tsx bench/cycles.ts`),
// docs/product/cycles.md. A fresh database (embedded in a temporary DATA_DIR, or a new database on
// the PostgreSQL server of DATABASE_URL / scripts/ensure-postgres.sh) gets a project with a suite
// of 10,000 cases and 40,000 more cases (inserted directly, before the server starts: the point
// is the cycles, not adding cases), then the server starts as `npm start` starts it and, through
// the API: creates cycles of the 10,000-case suite (target < 1 s each) and of all 50,000 cases,
// reads the first page of the 50,000-item cycle (target < 300 ms), records results with 50
// connections in three rounds of 10 s (target ≥ 1,000 a second in each): on a 10,000-item cycle
// the moment it was made, on it again, and on the 50,000-item cycle; and checks the counts the database keeps
// against a count of the items; then creates a test plan of 10 entries × 6 configurations × 1,000
// cases (60,000 items; target < 3 s), and reads the readiness of a milestone of 204 cycles
// (bench/readiness.ts; target p99 ≤ 300 ms). Options: --db embedded|postgres|both (default: postgres when
// DATABASE_URL is set, else embedded).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { measureReadiness, READINESS_TARGET_MS, type ReadinessResult } from './readiness.ts';
import { seededWith, startOnFreshDatabase } from './server-process.ts';
import { apiCall as call, percentile, round } from './sized-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN_PASSWORD = 'cycles-bench-admin-password';
const SUITE_CASES = 10_000;
const OTHER_CASES = 40_000;
const CONNECTIONS = 50;
const RESULT_SECONDS = 10;
const TARGETS = { createMs: 1000, firstPageMs: 300, resultsPerSecond: 1000, planMs: 3000 };

type Db = 'embedded' | 'postgres';

interface ResultRound {
  round: string;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

interface CyclesResult {
  database: string;
  createSuiteCycleMs: number[];
  createAllCasesCycleMs: number;
  /** A test plan of 10 entries × 6 configurations × 1,000 cases: 60 cycles, 60,000 items. */
  createPlanMs: number;
  firstPageMs: { p50: number; p99: number };
  filteredPageMs: { p50: number; p99: number };
  /** Three rounds of results: on a 10,000-item cycle right after it was made, again, then the 50,000-item one. */
  rounds: ResultRound[];
  countsMatch: boolean;
  /** GET /api/milestones/{id}/readiness of a milestone of 204 cycles. */
  readiness: ReadinessResult;
}

const seed = seededWith(ADMIN_PASSWORD, async (db) => {
  const q = (text: string) => db.execute(sql.raw(text));
  await q(`insert into projects (name, created_by) values ('Cycles bench', 1)`);
  await q(`insert into suites (project_id, name) select 1, 'Suite ' || g from generate_series(1, 5) g`);
  await q(
    `insert into test_cases (project_id, suite_id, name) select 1, 1, 'Case ' || g from generate_series(1, ${SUITE_CASES}) g`,
  );
  for (let suite = 2; suite <= 5; suite++) {
    await q(
      `insert into test_cases (project_id, suite_id, name) select 1, ${suite}, 'Case ' || g from generate_series(1, ${OTHER_CASES / 4}) g`,
    );
  }
  // Browser × OS: 3 × 2 = 6 configuration combinations for the test plan.
  await q(`insert into configuration_groups (project_id, name) values (1, 'Browser'), (1, 'OS')`);
  await q(`insert into configurations (group_id, name)
    values (1, 'Chrome'), (1, 'Firefox'), (1, 'Safari'), (2, 'Linux'), (2, 'Windows')`);
  await q('analyze');
});

async function runOne(db: Db): Promise<CyclesResult> {
  const label = db === 'postgres' ? 'PostgreSQL server' : 'embedded PostgreSQL';
  const work = mkdtempSync(path.join(os.tmpdir(), 'verdict-cycles-'));
  const env: Record<string, string> = {
    ADMIN_PASSWORD,
    VERDICT_SKIP_WEB_BUILD: '1',
    WEB_DIST: path.join(work, 'no-web'),
  };
  console.error(`\n== Test cycles on ${label}: seeding ${SUITE_CASES + OTHER_CASES} cases`);
  const { server, drop } = await startOnFreshDatabase({
    db,
    work,
    prefix: 'verdict_cycles',
    seed,
    env,
    port: 3600 + Math.floor(Math.random() * 100),
  });
  try {
    const base = server.url;
    const { json: login } = await call(base, '', 'POST', '/api/auth/login', {
      email: 'admin@example.com',
      password: ADMIN_PASSWORD,
    });
    const token = login.token as string;

    const states = ['passed', 'failed', 'blocked', 'skipped'];
    const recordRound = async (round: string, ids: number[]): Promise<ResultRound> => {
      console.error(`   recording results (${round}): ${CONNECTIONS} connections for ${RESULT_SECONDS} s`);
      let next = 0;
      const results = await autocannon({
        url: base,
        connections: CONNECTIONS,
        duration: RESULT_SECONDS,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const index = next++;
              return {
                ...request,
                path: `/api/cycle-items/${ids[index % ids.length]}/results`,
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                body: JSON.stringify({ state: states[index % states.length], elapsed_ms: 1000 }),
              };
            },
          },
        ],
      });
      return {
        round,
        perSecond: Math.round(results.requests.average),
        p50Ms: results.latency.p50,
        p99Ms: results.latency.p99,
        errors: results.errors + results.non2xx,
      };
    };
    const firstItemIds = async (cycle: number) =>
      (
        (await call(base, token, 'GET', `/api/cycles/${cycle}/items?limit=1000`)).json.items as {
          id: number;
        }[]
      ).map((item) => item.id);
    // Rounds of results start the moment a 10,000-item cycle has been made: its items are rows the
    // planner has no statistics for yet (autovacuum, or the embedded database's maintenance, comes
    // later), and the first time no statistics of cycle items exist at all.
    console.error('   creating cycles of the 10,000-case suite');
    const first = await call(base, token, 'POST', '/api/projects/1/cycles', {
      name: 'Suite 0',
      suite_ids: [1],
    });
    const createSuiteCycleMs: number[] = [round(first.ms)];
    const firstRound = await recordRound(
      'the first 10,000-item cycle, just made',
      await firstItemIds(first.json.cycle.id),
    );
    for (let i = 1; i < 3; i++) {
      const { ms } = await call(base, token, 'POST', '/api/projects/1/cycles', {
        name: `Suite ${i}`,
        suite_ids: [1],
      });
      createSuiteCycleMs.push(round(ms));
    }
    console.error('   creating a cycle of all 50,000 cases');
    const all = await call(base, token, 'POST', '/api/projects/1/cycles', { name: 'All', all_cases: true });
    const cycleId = all.json.cycle.id as number;

    const page = async (query: string) => {
      const times: number[] = [];
      for (let i = 0; i < 20; i++)
        times.push((await call(base, token, 'GET', `/api/cycles/${cycleId}/items?${query}`)).ms);
      return { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
    };
    console.error('   reading the first page of the 50,000-item cycle');
    const firstPageMs = await page('limit=200');
    const filteredPageMs = await page('limit=200&state=untested&q=case%2012');
    const firstItems = (await call(base, token, 'GET', `/api/cycles/${cycleId}/items?limit=1000`)).json
      .items as { id: number }[];
    const itemIds = firstItems.map((item) => item.id);

    const fresh = await call(base, token, 'POST', '/api/projects/1/cycles', {
      name: 'Fresh',
      suite_ids: [1],
    });
    const rounds = [
      firstRound,
      await recordRound('a 10,000-item cycle just made, the fifth', await firstItemIds(fresh.json.cycle.id)),
      await recordRound('the 50,000-item cycle', itemIds),
    ];
    const countsMatchItems = async (id: number) => {
      const cycle = (await call(base, token, 'GET', `/api/cycles/${id}`)).json;
      // Every state the cycle counts, whatever states there are.
      const counted: Record<string, number> = Object.fromEntries(
        Object.keys(cycle.counts as Record<string, number>).map((state) => [state, 0]),
      );
      for (let offset = 0; ; offset += 1000) {
        const chunk = (await call(base, token, 'GET', `/api/cycles/${id}/items?limit=1000&offset=${offset}`))
          .json;
        for (const item of chunk.items as { state: string }[]) {
          counted.total! += 1;
          counted[item.state] = (counted[item.state] ?? 0) + 1;
        }
        if (chunk.items.length < 1000) break;
      }
      return JSON.stringify(cycle.counts) === JSON.stringify(counted);
    };
    const countsMatch = await countsMatchItems(cycleId);
    // The suite's cases are 1 to 10,000 of the fresh database: ten entries of 1,000 each.
    console.error('   creating a test plan of 10 entries × 6 configurations × 1,000 cases');
    const entries = Array.from({ length: 10 }, (_, i) => ({
      name: `Area ${i + 1}`,
      case_ids: Array.from({ length: 1000 }, (_, j) => i * 1000 + j + 1),
      configuration_ids: [1, 2, 3, 4, 5],
    }));
    const plan = await call(base, token, 'POST', '/api/projects/1/plans', { name: 'Release', entries });
    if (plan.json.plan.totals.total !== 60_000) throw new Error('the plan did not make 60,000 items');
    const readiness = await measureReadiness(base, token, 100);
    return {
      database: label,
      createSuiteCycleMs,
      createAllCasesCycleMs: round(all.ms),
      createPlanMs: round(plan.ms),
      firstPageMs,
      filteredPageMs,
      rounds,
      countsMatch: countsMatch && (await countsMatchItems(first.json.cycle.id)),
      readiness,
    };
  } finally {
    await server.stop();
    await drop();
    rmSync(work, { recursive: true, force: true });
  }
}

export function cyclesTable(results: CyclesResult[]): string {
  const lines = [
    `| Measured | ${results.map((r) => r.database).join(' | ')} | Target |`,
    `| --- | ${results.map(() => '---:').join(' | ')} | --- |`,
  ];
  const row = (name: string, value: (r: CyclesResult) => string, target: string) =>
    lines.push(`| ${name} | ${results.map(value).join(' | ')} | ${target} |`);
  row(
    'create a 10,000-case cycle (3 times), ms',
    (r) => r.createSuiteCycleMs.join(' / '),
    `< ${TARGETS.createMs}`,
  );
  row('create a 50,000-case cycle, ms', (r) => String(r.createAllCasesCycleMs), '');
  row('create a plan of 60 cycles, 60,000 items, ms', (r) => String(r.createPlanMs), `< ${TARGETS.planMs}`);
  row(
    'first 200 items of 50,000, p50 / p99 ms',
    (r) => `${r.firstPageMs.p50} / ${r.firstPageMs.p99}`,
    `< ${TARGETS.firstPageMs}`,
  );
  row(
    '… filtered by state and text, p50 / p99 ms',
    (r) => `${r.filteredPageMs.p50} / ${r.filteredPageMs.p99}`,
    '',
  );
  for (const [index, name] of (results[0]?.rounds ?? []).map((r) => r.round).entries()) {
    row(
      `results a second, ${name} (${CONNECTIONS} connections)`,
      (r) => String(r.rounds[index]?.perSecond),
      `≥ ${TARGETS.resultsPerSecond}`,
    );
    row(
      '… latency p50 / p99 ms, errors',
      (r) => `${r.rounds[index]?.p50Ms} / ${r.rounds[index]?.p99Ms}, ${r.rounds[index]?.errors}`,
      '',
    );
  }
  row(
    'readiness of a milestone of 204 cycles, p50 / p99 ms',
    (r) => `${r.readiness.p50} / ${r.readiness.p99}`,
    `≤ ${READINESS_TARGET_MS}`,
  );
  row(
    'milestones list, p50 / p99 ms',
    (r) => `${r.readiness.milestonesList.p50} / ${r.readiness.milestonesList.p99}`,
    `≤ ${READINESS_TARGET_MS}`,
  );
  row(
    'milestone page of 204 cycles (milestone + its cycles), p50 / p99 ms',
    (r) => `${r.readiness.milestonePage.p50} / ${r.readiness.milestonePage.p99}`,
    `≤ ${READINESS_TARGET_MS}`,
  );
  row(
    'sign-off report of 204 cycles, p50 / p99 ms; its PDF ms',
    (r) => `${r.readiness.signOff.p50} / ${r.readiness.signOff.p99}; ${r.readiness.signOffPdfMs}`,
    `≤ ${READINESS_TARGET_MS}`,
  );
  row('counts kept by the database match the items', (r) => (r.countsMatch ? 'yes' : 'NO'), 'yes');
  return lines.join('\n');
}

export async function runCycles(dbs: Db[]): Promise<CyclesResult[]> {
  const results: CyclesResult[] = [];
  for (const db of dbs) results.push(await runOne(db));
  console.log(`\n${cyclesTable(results)}`);
  const file = path.join(root, 'bench/results.json');
  // A fresh clone has no results yet; the other benchmarks' results are kept when there are some.
  let saved: Record<string, unknown> = {};
  try {
    saved = JSON.parse(readFileSync(file, 'utf8'));
  } catch {}
  saved.cycles = { at: new Date().toISOString(), results };
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
  return results;
}

export function cyclesDatabases(args: string[]): Db[] {
  const index = args.indexOf('--db');
  const value = index >= 0 ? args[index + 1] : process.env.DATABASE_URL ? 'postgres' : 'embedded';
  return value === 'both' ? ['embedded', 'postgres'] : [value === 'postgres' ? 'postgres' : 'embedded'];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runCycles(cyclesDatabases(process.argv.slice(2)));
}
