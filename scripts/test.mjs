// `npm test`: every test. Web unit tests, server integration tests (embedded PostgreSQL, or the
// server named by DATABASE_URL), then browser tests in Debian's Chromium against `npm start`.
// Options: --only web|server|e2e (repeatable), --pg (install and start a local PostgreSQL server
// from Debian and run the server tests against it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = args.flatMap((a, i) => (a === '--only' ? [args[i + 1]] : []));
const wants = (name) => only.length === 0 || only.includes(name);
const reports = mkdtempSync(path.join(os.tmpdir(), 'verdict-test-'));
const env = { ...process.env };

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env, ...options });
  return result.status ?? 1;
}

if (args.includes('--pg') && !env.DATABASE_URL) {
  const result = spawnSync('bash', ['scripts/ensure-postgres.sh'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  env.DATABASE_URL = result.stdout.trim();
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
const started = Date.now();
let partStarted = Date.now();

/** `12:34`: minutes and seconds, for the time table printed at the end. */
const minutes = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function vitest(name, workspace) {
  partStarted = Date.now();
  const out = path.join(reports, `${name}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {
      cwd: path.join(root, workspace),
    },
  );
  let counts = { passed: 0, failed: status === 0 ? 0 : 1, skipped: 0 };
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    counts = {
      passed: report.numPassedTests,
      failed: report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0),
      skipped: report.numPendingTests + report.numTodoTests,
    };
  }
  record(name, status, counts);
}

function record(name, status, counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  const retried = counts.flaky ? `, ${counts.flaky} passed only on a retry` : '';
  summary.push(
    `${status === 0 ? 'ok  ' : 'FAIL'} ${minutes(Date.now() - partStarted).padStart(6)}  ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${retried}`,
  );
}

if (wants('web')) vitest('web unit tests', 'apps/web');
if (wants('server')) {
  const where = env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL';
  console.log(`\nServer tests against ${where}`);
  vitest(`server tests (${where})`, 'apps/server');
}
if (wants('e2e')) {
  partStarted = Date.now();
  if (run('bash', ['scripts/ensure-chromium.sh']) !== 0) {
    record('browser tests', 1, { passed: 0, failed: 1, skipped: 0 });
  } else {
    const out = path.join(reports, 'e2e.json');
    // The checks of the screens alone run on the embedded database only (e2e/playwright.config.ts).
    const skipUiOnly = env.DATABASE_URL && !env.E2E_SKIP_UI_ONLY ? { E2E_SKIP_UI_ONLY: '1' } : {};
    const status = run('npx', ['playwright', 'test'], {
      cwd: path.join(root, 'e2e'),
      env: { ...env, ...skipUiOnly, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    });
    let counts = { passed: 0, failed: status === 0 ? 0 : 1, skipped: 0 };
    if (existsSync(out)) {
      const { stats } = JSON.parse(readFileSync(out, 'utf8'));
      counts = {
        passed: stats.expected + stats.flaky,
        failed: stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0),
        skipped: stats.skipped,
        flaky: stats.flaky,
      };
    }
    record('browser tests (Chromium)', status, counts);
  }
}

console.log(`\nresult   time  part (minutes:seconds)\n${summary.join('\n')}`);
console.log(`       ${minutes(Date.now() - started).padStart(6)}  in all`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
