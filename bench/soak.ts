// `npm run soak`: two minutes of steady mixed load on a real server process (embedded
// PostgreSQL in a fresh temporary DATA_DIR, or the server named by DATABASE_URL), after a
// warm-up. Passes when no answer was an error and the server's memory after the load (resident
// and JavaScript heap, measured after a full garbage collection) has grown by at most 10% over
// its memory after the warm-up. Not part of `npm test`. Options: --minutes <n> (default 2),
// --warmup <seconds> (default 20), --connections <n> (default 8). With DATABASE_URL it writes
// to that database: give it one of its own. Then it runs the crash test of npm test
// (faults-process.test.ts) with ten kills instead of three (--skip-faults leaves it out).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const SOAK_MS = option('minutes', 2) * 60_000;
const WARMUP_MS = option('warmup', 20) * 1000;
const CONNECTIONS = option('connections', 8);
const TOLERANCE = 0.1;
const KILL_CYCLES = 10;
const PORT = 3400 + Math.floor(Math.random() * 100);
const PASSWORD = 'soak-admin-password-1';
const url = `http://127.0.0.1:${PORT}`;

const work = mkdtempSync(path.join(os.tmpdir(), 'verdict-soak-'));
const metricsFile = path.join(work, 'metrics.json');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  ADMIN_PASSWORD: PASSWORD,
  VERDICT_METRICS_FILE: metricsFile,
};
if (!process.env.DATABASE_URL) env.DATA_DIR = path.join(work, 'data');

console.error(
  `== Starting the server (${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL'}) on port ${PORT}`,
);
const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
let exited = false;
child.once('exit', () => (exited = true));

function stop(code: number): never {
  if (!exited) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
  process.exit(code);
}

async function waitReady() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error('the server exited during start');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not become ready');
}

let token = '';
async function api(method: string, pathname: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(url + pathname, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** Memory after a full collection, as the server reports it on SIGUSR1. */
async function memory(): Promise<{ rssMb: number; heapUsedMb: number; externalMb: number }> {
  const before = existsSync(metricsFile) ? JSON.parse(readFileSync(metricsFile, 'utf8')).at : 0;
  child.kill('SIGUSR1');
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    if (existsSync(metricsFile)) {
      const reading = JSON.parse(readFileSync(metricsFile, 'utf8'));
      if (reading.at !== before) return reading;
    }
  }
  throw new Error('the server did not report its memory');
}

const counts = { requests: 0, errors: 0 };
const errorSamples: string[] = [];
function record(what: string, status: number, expected: number) {
  counts.requests++;
  if (status !== expected) {
    counts.errors++;
    if (errorSamples.length < 10) errorSamples.push(`${what} → ${status}`);
  }
}

/**
 * One virtual user's loop: the reads the app makes on its screens, plus writes that undo
 * themselves (a case with a run, then its deletion), so the data stays the same size and any
 * growth in memory is the server's own.
 */
async function virtualUser(ids: { projectId: number; suiteId: number; caseId: number }, until: number) {
  let turn = 0;
  while (Date.now() < until) {
    turn++;
    const reads = [
      '/api/projects/list',
      '/api/projects/count',
      '/api/testsuites/count',
      '/api/testruns/stats',
      `/api/projects/detail/${ids.projectId}`,
      `/api/testsuites/project/${ids.projectId}`,
      `/api/test-cases/suite/${ids.suiteId}`,
      `/api/testruns/testcase/${ids.caseId}`,
      '/api/users/list',
      '/api/roles/list',
    ];
    for (const pathname of reads) {
      const res = await api('GET', pathname);
      record(`GET ${pathname}`, res.status, 200);
    }
    const created = await api('POST', `/api/test-cases/suite/${ids.suiteId}/create`, {
      name: `soak ${turn}`,
    });
    record('POST case', created.status, 201);
    if (created.status === 201) {
      const caseId = created.json.testCase.id;
      const run = await api('POST', `/api/testruns/create/${caseId}`, {
        status: turn % 2 ? 'passed' : 'failed',
      });
      record('POST run', run.status, 201);
      if (run.status === 201) {
        const edited = await api('PUT', `/api/testruns/update/${run.json.testRun.id}`, { status: 'passed' });
        record('PUT run', edited.status, 200);
      }
      const deleted = await api('DELETE', `/api/test-cases/delete/${caseId}`);
      record('DELETE case', deleted.status, 200);
    }
  }
}

async function load(ms: number, ids: { projectId: number; suiteId: number; caseId: number }) {
  const until = Date.now() + ms;
  await Promise.all(Array.from({ length: CONNECTIONS }, () => virtualUser(ids, until)));
}

try {
  await waitReady();
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: PASSWORD }),
  });
  token = (await login.json()).token;
  const projectId = (await api('POST', '/api/projects/create', { name: 'soak' })).json.project.id;
  const suiteId = (await api('POST', '/api/testsuites/create', { project_id: projectId, name: 'soak' })).json
    .suite.id;
  const caseId = (await api('POST', `/api/test-cases/suite/${suiteId}/create`, { name: 'soak' })).json
    .testCase.id;
  for (let i = 0; i < 20; i++) await api('POST', `/api/testruns/create/${caseId}`, { status: 'passed' });
  const ids = { projectId, suiteId, caseId };

  console.error(`== Warm-up: ${WARMUP_MS / 1000} s, ${CONNECTIONS} connections`);
  await load(WARMUP_MS, ids);
  const warm = await memory();
  const warmupCounts = { ...counts };
  console.error(`   after warm-up: rss ${warm.rssMb.toFixed(1)} MB, heap ${warm.heapUsedMb.toFixed(1)} MB`);

  console.error(`== Soak: ${SOAK_MS / 60_000} min of steady mixed load`);
  const started = Date.now();
  await load(SOAK_MS, ids);
  const seconds = (Date.now() - started) / 1000;
  const after = await memory();
  const requests = counts.requests - warmupCounts.requests;
  const growth = (after.rssMb - warm.rssMb) / warm.rssMb;
  const heapGrowth = (after.heapUsedMb - warm.heapUsedMb) / warm.heapUsedMb;

  console.log(
    `\nSoak: ${requests} requests in ${seconds.toFixed(0)} s (${(requests / seconds).toFixed(0)}/s), ${counts.errors} error answers`,
  );
  console.log(
    `  memory after warm-up: rss ${warm.rssMb.toFixed(1)} MB, heap ${warm.heapUsedMb.toFixed(1)} MB`,
  );
  console.log(
    `  memory after soak:    rss ${after.rssMb.toFixed(1)} MB (${(growth * 100).toFixed(1)}%), heap ${after.heapUsedMb.toFixed(1)} MB (${(heapGrowth * 100).toFixed(1)}%)`,
  );
  const failures: string[] = [];
  if (counts.errors > 0) failures.push(`${counts.errors} error answers, e.g. ${errorSamples.join('; ')}`);
  if (exited) failures.push('the server exited during the soak');
  // Growth is what a leak looks like; memory handed back to the system (a drop) is not.
  if (growth > TOLERANCE) {
    failures.push(`resident memory grew by ${(growth * 100).toFixed(1)}% (limit ${TOLERANCE * 100}%)`);
  }
  if (heapGrowth > TOLERANCE) {
    failures.push(
      `the JavaScript heap grew by ${(heapGrowth * 100).toFixed(1)}% (limit ${TOLERANCE * 100}%)`,
    );
  }
  if (failures.length > 0) {
    console.log(`\nFAIL\n  - ${failures.join('\n  - ')}`);
    stop(1);
  }
  console.log('\nPASS: no error answers; memory grew by less than 10% over the warm-up');
  if (!args.includes('--skip-faults')) {
    // The long crash run: npm test kills the server a few times, this kills it KILL_CYCLES times.
    if (!exited) child.kill('SIGTERM');
    console.error(
      `\n== Faults: SIGKILL during writes, ${KILL_CYCLES} times (apps/server/test/faults-process.test.ts)`,
    );
    const faults = spawnSync('npx', ['vitest', 'run', 'test/faults-process.test.ts'], {
      cwd: path.join(root, 'apps/server'),
      stdio: 'inherit',
      env: { ...process.env, VERDICT_KILL_CYCLES: String(KILL_CYCLES) },
    });
    if (faults.status !== 0) {
      console.log('\nFAIL: the crash run failed (see above)');
      stop(1);
    }
    console.log(`PASS: ${KILL_CYCLES} kills during writes lost no acknowledged write`);
  }
  stop(0);
} catch (error) {
  console.error('soak failed:', error instanceof Error ? error.message : error);
  stop(1);
}
