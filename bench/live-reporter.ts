// The live reporter's cost to the run it reports (docs/product/live-runs.md; target: < 10 % on a
// run of 20,000 results). A Vitest run of 20,000 trivial tests (20 files of 1,000) is timed with
// only the dot reporter and with @verdict/vitest-reporter beside it, sending to a server on a fresh
// database; the first reported run creates the suites and cases, the runs after it land on them, as
// CI's next run does. Three runs of each, alternating; medians compared. `npm run bench -- --only
// live-reporter [--db embedded|postgres|both]`, or `node --import tsx bench/live-reporter.ts`.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Db, databasesOf, percentile, round, startSized } from './sized-server.ts';

export const LIVE_OVERHEAD_TARGET = 0.1;
const FILES = 20;
const PER_FILE = 1000;
const ROUNDS = 3;

const root = path.resolve(import.meta.dirname, '..');
// Inside the repository, so the tests find vitest in its node_modules.
const work = path.join(root, 'bench/data/live-reporter');
const reporter = path.join(root, 'packages/vitest-reporter/src/index.js');

function writeRun(): void {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  for (let f = 0; f < FILES; f++) {
    const tests = Array.from(
      { length: PER_FILE },
      (_, t) => `  it('test ${t}', () => expect(${t}).toBe(${t}));`,
    );
    writeFileSync(
      path.join(work, `file${f}.check.ts`),
      `import { describe, expect, it } from 'vitest';\n\ndescribe('file ${f}', () => {\n${tests.join('\n')}\n});\n`,
    );
  }
  for (const live of [false, true]) {
    writeFileSync(
      path.join(work, live ? 'live.config.ts' : 'plain.config.ts'),
      `import { defineConfig } from 'vitest/config';\n${live ? `import VerdictReporter from ${JSON.stringify(reporter)};\n` : ''}` +
        `export default defineConfig({ root: import.meta.dirname, test: { include: ['*.check.ts'], ` +
        `reporters: ['dot'${live ? ', new VerdictReporter()' : ''}] } });\n`,
    );
  }
}

/** One run's wall time, from starting Vitest to its exit. */
async function timedRun(config: string, env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', config],
    {
      cwd: work,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const ms = performance.now() - started;
  if (status !== 0) throw new Error(`vitest exited ${status}: ${stderr}`);
  if (/^verdict: /m.test(stderr)) throw new Error(`the reporter warned: ${stderr}`);
  return ms;
}

/**
 * A stand-in for the server that answers every call at once: what the reporter itself costs the run
 * (building, sending and queueing results), apart from the server's work on the same two cores.
 */
async function instantServer(): Promise<{ url: string; server: Server }> {
  let next = 1;
  const counts = { total: 0, untested: 0, passed: 0, failed: 0, blocked: 0, skipped: 0, retest: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = request.url ?? '';
      let body: unknown = { id: 1, name: 'Live run', counts };
      if (url.endsWith('/results')) {
        const { results } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { results: unknown[] };
        body = { result_ids: results.map(() => next++), warnings: [] };
      } else if (url.endsWith('/finish')) {
        const gate = {
          counts: { new: 0, still_failing: 0, flaky: 0, quarantined: 0, fixed: 0 },
          fails: false,
        };
        body = { message: '', cycle: { id: 1, name: 'Live run', counts }, gate };
      }
      response.writeHead(url.endsWith('/live-runs') ? 201 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Median wall times of the run alone and with the reporter, alternating. */
async function compare(env: Record<string, string>): Promise<{ without: number; live: number }> {
  const plain: number[] = [];
  const live: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    plain.push(await timedRun(path.join(work, 'plain.config.ts'), {}));
    live.push(await timedRun(path.join(work, 'live.config.ts'), env));
  }
  return { without: percentile(plain, 50), live: percentile(live, 50) };
}

const line = (what: string, { without, live }: { without: number; live: number }) => {
  const overhead = live / without - 1;
  return (
    `live reporter, ${(FILES * PER_FILE).toLocaleString('en-US')} results, ${what}: run alone ${round(without)} ms, ` +
    `with the reporter ${round(live)} ms (${overhead >= 0 ? '+' : ''}${round(overhead * 100)} %, target < ${LIVE_OVERHEAD_TARGET * 100} %)`
  );
};

export async function runLiveReporter(dbs: Db[]): Promise<void> {
  writeRun();
  try {
    const stub = await instantServer();
    try {
      console.log(
        line(
          'to a server that answers at once',
          await compare({ VERDICT_URL: stub.url, VERDICT_TOKEN: 'x', VERDICT_PROJECT: '1' }),
        ),
      );
    } finally {
      stub.server.close();
    }
    for (const db of dbs) {
      const sized = await startSized({
        db,
        name: 'live_reporter',
        fill: async (q) => {
          await q(`insert into projects (name, created_by) values ('Live reporter bench', 1)`);
        },
        portBase: 3900,
      });
      try {
        const env = { VERDICT_URL: sized.server.url, VERDICT_TOKEN: sized.token, VERDICT_PROJECT: '1' };
        const first = await timedRun(path.join(work, 'live.config.ts'), env);
        console.log(
          `${line(`to Verdict on ${db}, on the same two cores`, await compare(env))}; first reported run (creates the cases) ${round(first)} ms`,
        );
      } finally {
        await sized.close();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runLiveReporter(databasesOf(process.argv.slice(2)));
}
