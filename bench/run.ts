// `npm run bench`: builds the web app, makes sure the large data set exists, starts the server
// on it (embedded PostgreSQL in bench/data, or DATABASE_URL), and drives each endpoint with
// autocannon (50 connections, 10 s warm-up, 20 s measured in 4 slices alternating with the
// same requests without authentication checks), next to a floor: a bare Fastify route
// answering the same number of bytes. Then, with the server still up, measures the web
// app in headless Chromium (bench/web.ts: sign-in JavaScript, the 10,000-case suite in the tree,
// the dashboard). Last, the mixed scenario (bench/mixed.ts: readers, writers, imports and a
// health prober at once, on data created through the API, on a fresh server of the same kind).
// Prints the tables and writes bench/results.json.
// Options: --quick (2 s warm-up, 5 s measured; a smaller mixed scenario), --only <substring> (of
// endpoint names; `--only web` runs only the web step, `--only mixed` only the mixed scenario,
// which also takes `--db embedded|postgres|both`, `--only cycles` only the test cycles at size,
// bench/cycles.ts, which takes `--db` too; `--only search` the case search at size, bench/search.ts,
// `--only bulk` the bulk actions and the case import at size, bench/bulk.ts, `--only insight` the
// flaky list, the reports and an import with its CI gate over 2,000,000 results, bench/insight.ts,
// with `--db`; `--only cycle-items` the first 200 items of a 10,000-item cycle beside 2,000,000
// results, bench/cycle-items.ts, with `--db` and `--results`; `--only requirements` the requirements
// list and the traceability matrix over 5,000 requirements and 2,000,000 results,
// bench/requirements.ts, with `--db` and `--scale`; `--only shared-steps` a shared set used by
// 10,000 cases edited and the execution view of a case with 3 sets, bench/shared-steps.ts, with
// `--db`; `--only report-formats` 20,000-test reports of each format through the results import,
// bench/report-formats.ts, with `--db`; `--only live-reporter` a 20,000-test Vitest run with and
// without @verdict/vitest-reporter, bench/live-reporter.ts, with `--db`; `--only web-size` a
// 100,000-case suite, a 10,000-case suite in the tree and a 10,000-item cycle opened in a fresh
// browser context, bench/web-size.ts, with `--db`, `--quick` and `--tries`), --skip-floor, --skip-auth-off, --skip-web,
// --skip-mixed. WEB_DIST builds and serves the web app from another directory; BENCH_PORT moves
// the server off port 3380.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { npmStartCommand, type ServerHandle, startProcess } from './server-process.ts';
import { runWebBench, type WebBenchResult, webTable } from './web.ts';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? args[onlyIndex + 1] : undefined;
const onlyWeb = only === 'web';
const runWeb = !args.includes('--skip-web') && (!only || onlyWeb);
const WARMUP_S = quick ? 2 : 10;
const MEASURE_S = quick ? 5 : 20;
const CONNECTIONS = 50;
const PORT = Number(process.env.BENCH_PORT ?? 3380);
const FLOOR_PORT = 3390;
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'bench-admin-password';
const dataDir = process.env.DATA_DIR ?? path.join(root, 'bench/data');
const database = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL';

function step(message: string) {
  console.error(`\n== ${message}`);
}

if (only === 'cycles') {
  const { cyclesDatabases, runCycles } = await import('./cycles.ts');
  await runCycles(cyclesDatabases(args));
  process.exit();
}

if (only === 'search') {
  const { runSearch, searchDatabases } = await import('./search.ts');
  await runSearch(searchDatabases(args));
  process.exit();
}

if (only === 'bulk') {
  const { bulkDatabases, runBulk } = await import('./bulk.ts');
  await runBulk(bulkDatabases(args));
  process.exit();
}

if (only === 'insight') {
  const { insightDatabases, runInsight } = await import('./insight.ts');
  await runInsight(insightDatabases(args));
  process.exit();
}

if (only === 'cycle-items') {
  const { cycleItemsDatabases, runCycleItems } = await import('./cycle-items.ts');
  await runCycleItems(cycleItemsDatabases(args));
  process.exit();
}

if (only === 'requirements') {
  const { requirementsDatabases, runRequirements } = await import('./requirements.ts');
  await runRequirements(requirementsDatabases(args));
  process.exit();
}

if (only === 'report-formats') {
  const { databasesOf } = await import('./sized-server.ts');
  const { runReportFormats } = await import('./report-formats.ts');
  await runReportFormats(databasesOf(args));
  process.exit();
}

if (only === 'live-reporter') {
  const { databasesOf } = await import('./sized-server.ts');
  const { runLiveReporter } = await import('./live-reporter.ts');
  await runLiveReporter(databasesOf(args));
  process.exit();
}

if (only === 'web-size') {
  const { runWebSize, webSizeDatabases } = await import('./web-size.ts');
  await runWebSize(webSizeDatabases(args));
  process.exit();
}

if (only === 'shared-steps') {
  const { runSharedSteps, sharedStepsDatabases } = await import('./shared-steps.ts');
  await runSharedSteps(sharedStepsDatabases(args));
  process.exit();
}

if (only === 'mixed') {
  const { mixedOptions, runMixed } = await import('./mixed.ts');
  await runMixed(mixedOptions(args));
  process.exit();
}

step('Building the web app');
// Into WEB_DIST when set, the directory the server then serves (as `npm start` does).
const outDir = process.env.WEB_DIST ? ['--outDir', path.resolve(process.env.WEB_DIST), '--emptyOutDir'] : [];
const build = spawnSync('npm', ['run', 'build', '-w', '@verdict/web', '--', ...outDir], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(1);

step(`Preparing the large data set (${database})`);
const demo = spawnSync('node', ['--import', 'tsx', 'apps/server/src/demo/demo-cli.ts', '--size', 'large'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD },
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (demo.status !== 0 && !/already has projects/.test(demo.stderr ?? '')) {
  console.error(demo.stdout);
}

interface Row {
  name: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
  floorRequestsPerSec?: number;
  ratioToFloor?: number;
  authOffRequestsPerSec?: number;
  authCost?: number;
}

async function drive(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; seconds: number },
) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: options.seconds,
    method: (options.method ?? 'GET') as 'GET',
    // As a browser asks: answers the server keeps compressed (the large case lists) come so.
    headers: { 'accept-encoding': 'gzip, deflate, br', ...options.headers },
    body: options.body,
  });
  return {
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function login(server: ServerHandle): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

const metricsFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-')), 'metrics.json');
const compareAuth = !args.includes('--skip-auth-off');
const AUTH_OFF_HEADER = 'x-verdict-bench-auth-off';
const serverEnv: Record<string, string> = {
  DATA_DIR: dataDir,
  ADMIN_PASSWORD,
  VERDICT_SKIP_WEB_BUILD: '1',
  VERDICT_METRICS_FILE: metricsFile,
};

step('Starting the server');
// Comparing with unchecked requests needs the benchmark's own entry (bench/bench-server.ts), the
// one start that lets AUTH_OFF_HEADER skip the checks; otherwise the production start.
// Both with npm start's node options and environment (package.json).
const start = npmStartCommand();
const serverArgs = compareAuth
  ? [...start.args.filter((arg) => arg !== 'scripts/start.mjs'), '--import', 'tsx', 'bench/bench-server.ts']
  : start.args;
const server = await startProcess(serverArgs, { ...start.env, ...serverEnv }, PORT, '/api/health');
const token = await login(server);
const auth = { authorization: `Bearer ${token}` };
const ids = (await (await fetch(`${server.url}/api/testsuites/project/1`, { headers: auth })).json()) as {
  id: number;
  name: string;
}[];
const bigSuite = ids.find((s) => s.name.startsWith('Big suite'))?.id ?? 1;
const suite2 = ids.find((s) => s.name === 'Suite 2')?.id ?? 2;
const suite2Cases = (await (
  await fetch(`${server.url}/api/test-cases/suite/${suite2}`, { headers: auth })
).json()) as {
  id: number;
  name: string;
}[];
const bigParent = suite2Cases.find((c) => c.name.startsWith('Big parent'))?.id ?? 1;
const plainCases = suite2Cases.filter((c) => c.name.startsWith('Case'));
const sampleCase = plainCases[0]?.id ?? suite2Cases[0]?.id ?? 1;
// Runs are created on another case, so the run list read above keeps its size from run to run.
const runTarget = plainCases[1]?.id ?? sampleCase;

const json = { 'content-type': 'application/json' };
const endpoints: {
  name: string;
  path: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  authed: boolean;
}[] = [
  { name: 'GET /api/testruns/stats', path: '/api/testruns/stats', authed: true },
  { name: 'GET /api/projects/count', path: '/api/projects/count', authed: true },
  { name: 'GET /api/testsuites/count', path: '/api/testsuites/count', authed: true },
  { name: 'GET /api/projects/list', path: '/api/projects/list', authed: true },
  { name: 'GET /api/testsuites/project/{id}', path: '/api/testsuites/project/1', authed: true },
  {
    name: 'GET /api/test-cases/suite/{id} (10,000 cases)',
    path: `/api/test-cases/suite/${bigSuite}`,
    authed: true,
  },
  {
    name: 'GET /api/test-cases/parent/{id} (1,000 children)',
    path: `/api/test-cases/parent/${bigParent}`,
    authed: true,
  },
  { name: 'GET /api/test-cases/single/{id}', path: `/api/test-cases/single/${sampleCase}`, authed: true },
  { name: 'GET /api/testruns/testcase/{id}', path: `/api/testruns/testcase/${sampleCase}`, authed: true },
  {
    name: 'POST /api/testruns/create/{id}',
    path: `/api/testruns/create/${runTarget}`,
    method: 'POST',
    body: '{"status":"passed"}',
    headers: json,
    authed: true,
  },
  {
    name: 'POST /api/auth/login',
    path: '/api/auth/login',
    method: 'POST',
    body: JSON.stringify({ email: 'user7@example.com', password: 'verdict-demo-1' }),
    headers: json,
    authed: false,
  },
].filter((e) => !onlyWeb && (!only || e.name.includes(only)));

const rows: Row[] = [];
const eventLoop: number[] = [];
type Measured = Awaited<ReturnType<typeof drive>>;
const SLICES = 4;

/** Slices of one measurement, as one: requests/s and bytes averaged, p50 averaged, p99 the worst. */
function combine(slices: Measured[]): Measured {
  const mean = (pick: (m: Measured) => number) => slices.reduce((sum, m) => sum + pick(m), 0) / slices.length;
  return {
    requestsPerSec: mean((m) => m.requestsPerSec),
    p50: Math.round(mean((m) => m.p50)),
    p99: Math.max(...slices.map((m) => m.p99)),
    bytes: Math.round(mean((m) => m.bytes)),
    errors: slices.reduce((sum, m) => sum + m.errors, 0),
  };
}

for (const endpoint of endpoints) {
  step(endpoint.name);
  const headers = { ...(endpoint.headers ?? {}), ...(endpoint.authed ? auth : {}) };
  const target = { method: endpoint.method, headers, body: endpoint.body };
  // Without authentication and permission checks (a benchmark-only header, bench/bench-server.ts), to
  // the same server: the difference is what they cost. Measured in alternating slices with the
  // checked requests, so warm-up and drift weigh on both alike.
  const compared = compareAuth && endpoint.authed && endpoint.method === undefined;
  const unchecked = { headers: { ...(endpoint.headers ?? {}), [AUTH_OFF_HEADER]: '1' } };
  await drive(server.url + endpoint.path, { ...target, seconds: WARMUP_S });
  if (compared) await drive(server.url + endpoint.path, { ...unchecked, seconds: WARMUP_S });
  const checkedSlices: Measured[] = [];
  const uncheckedSlices: Measured[] = [];
  let eventLoopWorst = 0;
  for (let slice = 0; slice < SLICES; slice++) {
    server.child.kill('SIGUSR2'); // resets the server's event-loop delay histogram
    checkedSlices.push(await drive(server.url + endpoint.path, { ...target, seconds: MEASURE_S / SLICES }));
    server.child.kill('SIGUSR1'); // writes the histogram to the metrics file
    await new Promise((r) => setTimeout(r, 200));
    eventLoopWorst = Math.max(eventLoopWorst, server.metrics()?.eventLoopP99Ms ?? 0);
    if (compared) {
      uncheckedSlices.push(
        await drive(server.url + endpoint.path, { ...unchecked, seconds: MEASURE_S / SLICES }),
      );
    }
  }
  eventLoop.push(eventLoopWorst);
  const measured = combine(checkedSlices);
  const row: Row = { name: endpoint.name, ...measured };
  if (compared) {
    const without = combine(uncheckedSlices);
    row.authOffRequestsPerSec = without.requestsPerSec;
    row.authCost =
      without.requestsPerSec > 0 ? 1 - measured.requestsPerSec / without.requestsPerSec : undefined;
  }
  rows.push(row);
}
const peakMemoryMb = server.peakMemoryMb();

let web: WebBenchResult | null = null;
if (runWeb) {
  step('Web app in headless Chromium (sign-in JavaScript, tree, dashboard)');
  try {
    web = await runWebBench({
      url: server.url,
      email: 'admin@example.com',
      password: ADMIN_PASSWORD,
      log: (line) => console.error(`   ${line}`),
    });
  } catch (error) {
    // The server still stops and the endpoint results are still written.
    console.error('The web benchmark failed:', error);
    process.exitCode = 1;
  }
}
await server.stop();

if (rows.length > 0 && !args.includes('--skip-floor')) {
  step('Floor: a bare Fastify route answering the same number of bytes');
  const floor = await startProcess(
    ['--import', 'tsx', 'bench/floor-server.ts'],
    {},
    FLOOR_PORT,
    '/floor?bytes=10',
  );
  for (const row of rows) {
    const url = `${floor.url}/floor?bytes=${row.bytes}`;
    await drive(url, { seconds: WARMUP_S });
    const measured = await drive(url, { seconds: MEASURE_S });
    row.floorRequestsPerSec = measured.requestsPerSec;
    row.ratioToFloor = measured.requestsPerSec > 0 ? row.requestsPerSec / measured.requestsPerSec : undefined;
  }
  await floor.stop();
}

const pct = (x?: number) => (x === undefined ? '-' : `${(x * 100).toFixed(0)}%`);
const table = [
  '| Endpoint | req/s | p50 ms | p99 ms | bytes | errors | floor req/s | ratio to floor | auth cost |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.requestsPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.bytes} | ${r.errors} | ${r.floorRequestsPerSec?.toFixed(0) ?? '-'} | ${pct(r.ratioToFloor)} | ${pct(r.authCost)} |`,
  ),
].join('\n');
const eventLoopP99Ms = eventLoop.length ? Math.max(...eventLoop) : null;
// Issue 8's targets, checked against this run's own numbers.
interface Target {
  target: string;
  measured: string;
  met: boolean;
  /** Set on embedded PostgreSQL too (the dashboard's p99); the others are set for a server. */
  anyDatabase?: boolean;
}
const targets: Target[] = [];
// Issue 8 sets every target on a PostgreSQL server, and the dashboard's p99 on embedded too.
const onServer = database === 'PostgreSQL server';
const rowNamed = (prefix: string) => rows.find((r) => r.name.startsWith(prefix));
const dashboardP99 = database === 'PostgreSQL server' ? 20 : 50;
for (const name of ['GET /api/testruns/stats', 'GET /api/projects/count', 'GET /api/testsuites/count']) {
  const row = rowNamed(name);
  if (row)
    targets.push({
      target: `${name} p99 ≤ ${dashboardP99} ms`,
      measured: `${row.p99} ms`,
      met: row.p99 <= dashboardP99,
      anyDatabase: true,
    });
}
const single = rowNamed('GET /api/test-cases/single/');
if (single?.ratioToFloor !== undefined) {
  targets.push({
    target: 'single-object read ≥ 30% of the floor',
    measured: pct(single.ratioToFloor),
    met: single.ratioToFloor >= 0.3,
  });
}
const bigList = rowNamed('GET /api/test-cases/suite/');
if (bigList)
  targets.push({
    target: '10,000-case list p99 ≤ 150 ms',
    measured: `${bigList.p99} ms`,
    met: bigList.p99 <= 150,
  });
const create = rowNamed('POST /api/testruns/create/');
if (create) {
  targets.push({
    target: 'run creation ≥ 2,000/s',
    measured: `${create.requestsPerSec.toFixed(0)}/s`,
    met: create.requestsPerSec >= 2000,
  });
}
if (eventLoop.length) {
  const worst = Math.max(...eventLoop);
  targets.push({
    target: 'event-loop delay p99 ≤ 50 ms',
    measured: `${worst.toFixed(1)} ms`,
    met: worst <= 50,
  });
}
if (rows.length)
  targets.push({
    target: 'server memory ≤ 250 MB',
    measured: `${peakMemoryMb.toFixed(0)} MB`,
    met: peakMemoryMb <= 250,
  });
const costs = rows.filter((r) => r.authCost !== undefined);
if (costs.length) {
  const worst = costs.reduce((a, b) => ((b.authCost ?? 0) > (a.authCost ?? 0) ? b : a));
  targets.push({
    target: 'auth and permission checks ≤ 15% of throughput',
    measured: `${pct(worst.authCost)} at worst (${worst.name})`,
    met: (worst.authCost ?? 0) <= 0.15,
  });
}

if (rows.length > 0) {
  console.log(
    `\nVerdict benchmark on ${database}, ${os.cpus().length} cores, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up, ${MEASURE_S} s measured\n`,
  );
  console.log(table);
  console.log(
    `\nevent-loop delay p99 (worst endpoint): ${eventLoopP99Ms?.toFixed(1) ?? '-'} ms; server peak memory: ${peakMemoryMb.toFixed(0)} MB`,
  );
  console.log('\n| Target | Measured | Met |\n|---|---:|:---:|');
  for (const t of targets) {
    const verdict = onServer || t.anyDatabase ? (t.met ? 'yes' : 'NO') : '(set for PostgreSQL)';
    console.log(`| ${t.target} | ${t.measured} | ${verdict} |`);
  }
}
if (web) {
  console.log(`\nWeb app on ${database}, headless Chromium, ${os.cpus().length} cores\n`);
  console.log(webTable(web));
  console.log(`\nscreenshots: ${web.screenshots.join(', ')}`);
}
const resultsFile = path.join(root, 'bench/results.json');
// The mixed scenario's results and the pages at size (one per database) are kept from run to run.
let mixed: unknown;
let webSize: unknown;
try {
  ({ mixed, webSize } = JSON.parse(readFileSync(resultsFile, 'utf8')));
} catch {}
writeFileSync(
  resultsFile,
  `${JSON.stringify({ date: new Date().toISOString(), database, cores: os.cpus().length, connections: CONNECTIONS, warmupSeconds: WARMUP_S, measuredSeconds: MEASURE_S, eventLoopP99Ms, peakMemoryMb, rows, targets, web, mixed, webSize }, null, 2)}\n`,
);

if (!only && !args.includes('--skip-mixed')) {
  step('Mixed scenario (bench/mixed.ts)');
  const { mixedOptions, runMixed } = await import('./mixed.ts');
  await runMixed(mixedOptions(args));
}
