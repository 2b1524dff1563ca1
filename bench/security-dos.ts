// The denial-of-service benchmark (`node --import tsx bench/security-dos.ts`): what deep trees
// and hostile JUnit reports cost a running server, measured rather than asserted (the tests only
// check behaviour). A fresh server, on the embedded database in a temporary DATA_DIR, or on a
// database of its own on the PostgreSQL server of DATABASE_URL when it is set, gets:
//
// - a project made by the import of 200 test cases nested as deep as cases may go (50 levels,
//   10,000 cases), and a project holding one 2,000-level chain written straight into the
//   database before the server starts, as a version without the nesting limit could have made it;
// - the CSV export of each, while a prober asks /api/health back to back;
// - three hostile reports, each into a project of its own: 20,000 nested <testsuite> (1.1 MB),
//   9 MB of unclosed tags, and a valid report just under the default IMPORT_MAX_BYTES of 50 MiB
//   (113,000 test cases with failure messages and output).
//
// For each it prints the answer, its time, /api/health's worst and p99 latency meanwhile, the
// server's longest event-loop stall (bench-metrics.ts, through SIGUSR2/SIGUSR1), and the server's
// peak resident memory during the step (VmHWM, reset before each step through clear_refs) next to
// its memory before it. --json <file> also writes the rows there. DOS_PORT moves the server off a
// port in 3600-3699.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { type ServerHandle, startProcess } from './server-process.ts';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN_PASSWORD = 'dos-bench-admin-password';
const LEGACY_CHAIN = 2000;
const args = process.argv.slice(2);
const jsonIndex = args.indexOf('--json');
const jsonFile = jsonIndex >= 0 ? args[jsonIndex + 1] : undefined;

interface Row {
  step: string;
  status: number;
  seconds: number;
  bytes: number;
  healthMaxMs: number;
  healthP99Ms: number;
  healthCount: number;
  eventLoopMaxMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

// ---------------------------------------------------------------- HTTP

interface Answer {
  status: number;
  body: Buffer;
}

/** One request; the answer is taken as soon as it comes, even while the body is still going up. */
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: { ...options.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    // A server that refuses a report early closes the connection while the rest goes up.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (body) {
      // In pieces, as a network delivers them.
      let offset = 0;
      const next = () => {
        while (offset < body.length) {
          const piece = body.subarray(offset, offset + 256 * 1024);
          offset += piece.length;
          if (!req.write(piece)) return void req.once('drain', next);
        }
        req.end();
      };
      next();
    } else req.end();
  });
}

function json(answer: Answer) {
  return JSON.parse(answer.body.toString('utf8'));
}

// ---------------------------------------------------------------- the server and its data

/** Where the server keeps its data: a temporary DATA_DIR, or a new database on DATABASE_URL. */
async function prepareStore(): Promise<{
  env: Record<string, string>;
  label: string;
  drop(): Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-dos-'));
    return {
      env: { DATA_DIR: dataDir },
      label: 'embedded (PGlite)',
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `verdict_dos_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: target.toString() },
    label: 'PostgreSQL server',
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A project whose cases form one chain of `length` levels, written straight into the database. */
async function writeLegacyChain(env: Record<string, string>, length: number): Promise<void> {
  const client = await import(pathToFileURL(path.join(root, 'apps/server/src/db/client.ts')).href);
  const database = await client.openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await client.migrateDatabase(database);
    const { sql } = await import('drizzle-orm');
    await database.db.execute(
      sql.raw(`
      do $$
      declare project int; suite int; parent int := null;
      begin
        insert into projects (name) values ('Legacy chain') returning id into project;
        insert into suites (project_id, name) values (project, 'Chain') returning id into suite;
        for level in 1..${length} loop
          insert into test_cases (project_id, suite_id, parent_id, name)
          values (project, suite, parent, 'Level ' || level) returning id into parent;
        end loop;
        insert into test_runs (case_id, project_id, status) values (parent, project, 'failed');
      end $$`),
    );
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------- reports

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** 200 test cases, each nested 50 levels deep (the limit), sharing their first levels. */
function deepestAllowedReport(): string {
  const cases: string[] = [];
  for (let i = 0; i < 200; i++) {
    const levels = Array.from(
      { length: 49 },
      (_, level) => `Group ${i % 10}.${level < 5 ? 0 : i} level ${level + 1}`,
    );
    cases.push(`<testcase classname="deep" name="${xmlText([...levels, `test ${i}`].join(' > '))}"/>`);
  }
  return `<testsuites><testsuite name="deep">${cases.join('')}</testsuite></testsuites>`;
}

const nestedSuites = () =>
  `<testsuites>${'<testsuite name="s"><testcase name="t"/>'.repeat(20_000)}${'</testsuite>'.repeat(20_000)}</testsuites>`;

const unclosedTags = () => `<testsuites>${'<testsuite>'.repeat((9 * 1024 * 1024) / 11)}`;

/** A valid report just under 50 MiB (IMPORT_MAX_BYTES): 113,000 test cases in 100 suites, one in ten failing. */
const CASES_PER_SUITE = 1130;
function largeValidReport(): Buffer {
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="ci">\n'];
  const trace = Array.from(
    { length: 8 },
    (_, i) => `    at com.acme.billing.module.Service${i}.call(Service${i}.java:${100 + i})`,
  ).join('\n');
  const output = 'INFO starting test; connecting to the fixture database; seeding 12 rows; done\n'.repeat(3);
  for (let s = 0; s < 100; s++) {
    parts.push(`<testsuite name="com.acme.module${s}.ServiceTest" tests="${CASES_PER_SUITE}" time="12.5">\n`);
    for (let c = 0; c < CASES_PER_SUITE; c++) {
      const head = `<testcase classname="com.acme.module${s}.ServiceTest" name="handles request ${c} with a reasonably descriptive name" time="0.0${c % 10}">`;
      const body =
        c % 10 === 0
          ? `<failure message="expected &lt;200&gt; but was &lt;500&gt;" type="AssertionError">${trace}</failure><system-out>${output}</system-out>`
          : `<system-out>${output}</system-out>`;
      parts.push(`  ${head}${body}</testcase>\n`);
    }
    parts.push('</testsuite>\n');
  }
  parts.push('</testsuites>\n');
  return Buffer.from(parts.join(''));
}

// ---------------------------------------------------------------- measuring one step

function rssMb(server: ServerHandle): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Resets the kernel's peak-RSS mark of the server, so VmHWM is the peak of the next step. */
function resetPeak(server: ServerHandle): void {
  writeFileSync(`/proc/${server.child.pid}/clear_refs`, '5');
}

async function eventLoopMax(server: ServerHandle, metricsFile: string): Promise<number> {
  server.child.kill('SIGUSR1');
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 20));
    const metrics = JSON.parse(readFileSync(metricsFile, 'utf8')) as { eventLoopMaxMs: number; at: number };
    if (Date.now() - metrics.at < 1000) return metrics.eventLoopMaxMs;
  }
  return Number.NaN;
}

async function measure(
  server: ServerHandle,
  metricsFile: string,
  step: string,
  work: () => Promise<Answer>,
): Promise<Row> {
  console.error(`== ${step}`);
  const rssBeforeMb = rssMb(server);
  resetPeak(server);
  server.child.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 100));
  const latencies: number[] = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      const start = performance.now();
      await request(`${server.url}/api/health`);
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const start = performance.now();
  const answer = await work();
  const seconds = (performance.now() - start) / 1000;
  running = false;
  await prober;
  latencies.sort((a, b) => a - b);
  const row: Row = {
    step,
    status: answer.status,
    seconds,
    bytes: answer.body.length,
    healthMaxMs: latencies.at(-1) ?? 0,
    healthP99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    healthCount: latencies.length,
    eventLoopMaxMs: await eventLoopMax(server, metricsFile),
    rssBeforeMb,
    rssPeakMb: server.peakMemoryMb(),
  };
  if (answer.status >= 400)
    console.error(`   ${answer.status}: ${answer.body.toString('utf8').slice(0, 200)}`);
  return row;
}

// ---------------------------------------------------------------- the run

const store = await prepareStore();
const metricsFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'verdict-dos-metrics-')), 'metrics.json');
let server: ServerHandle | undefined;
const rows: Row[] = [];
try {
  console.error(
    `== Writing a ${LEGACY_CHAIN.toLocaleString('en-US')}-level chain straight into the database`,
  );
  await writeLegacyChain(store.env, LEGACY_CHAIN);
  const port = Number(process.env.DOS_PORT ?? 3600 + Math.floor(Math.random() * 100));
  server = await startProcess(
    ['scripts/start.mjs'],
    {
      ...store.env,
      ADMIN_PASSWORD,
      VERDICT_SKIP_WEB_BUILD: '1',
      WEB_DIST: path.join(os.tmpdir(), 'verdict-dos-no-web'),
      VERDICT_METRICS_FILE: metricsFile,
    },
    port,
    '/api/health',
  );
  const login = json(
    await request(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: ADMIN_PASSWORD }),
    }),
  );
  const auth = { authorization: `Bearer ${login.token}` };
  const newProject = async (name: string): Promise<number> =>
    json(
      await request(`${server!.url}/api/projects/create`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      }),
    ).project.id;
  const importReport = (projectId: number, body: string | Buffer) =>
    request(`${server!.url}/api/projects/${projectId}/import/junit`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/xml' },
      body,
    });
  const exportCases = (projectId: number) =>
    request(`${server!.url}/api/projects/${projectId}/export/cases.csv`, { headers: auth });

  const projects = json(await request(`${server.url}/api/projects/list`, { headers: auth })) as {
    id: number;
    name: string;
  }[];
  const legacy = projects.find((p) => p.name === 'Legacy chain')!.id;
  const deep = await newProject('Deepest allowed');
  rows.push(
    await measure(server, metricsFile, 'import: 200 cases 50 levels deep (10,000 cases)', () =>
      importReport(deep, deepestAllowedReport()),
    ),
  );
  rows.push(
    await measure(server, metricsFile, 'export: 10,000 cases, chains of 50 levels', () => exportCases(deep)),
  );
  rows.push(
    await measure(server, metricsFile, 'export: one 2,000-level chain (pre-limit data)', () =>
      exportCases(legacy),
    ),
  );
  const hostile: [string, () => string | Buffer][] = [
    ['import: 20,000 nested <testsuite> (1.1 MB)', nestedSuites],
    ['import: 9 MB of unclosed tags', unclosedTags],
    ['import: valid report of 50 MB (113,000 cases)', largeValidReport],
  ];
  for (const [step, make] of hostile) {
    const project = await newProject(step);
    const body = make();
    const row = await measure(server, metricsFile, step, () => importReport(project, body));
    rows.push({ ...row, step: `${step}: ${(body.length / 1024 ** 2).toFixed(1)} MiB sent` });
  }
} finally {
  await server?.stop();
  await store.drop();
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const header = [
  'step',
  'answer',
  'time s',
  '/api/health max / p99 ms (n)',
  'event loop max ms',
  'RSS before → peak MB',
];
const table = rows.map((r) => [
  r.step,
  String(r.status),
  fixed(r.seconds, 2),
  `${fixed(r.healthMaxMs)} / ${fixed(r.healthP99Ms)} (${r.healthCount})`,
  fixed(r.eventLoopMaxMs),
  `${fixed(r.rssBeforeMb)} → ${fixed(r.rssPeakMb)}`,
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`\nDenial-of-service benchmark, ${store.label}, ${os.cpus().length} cores\n`);
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table) console.log(line(row));
if (jsonFile)
  writeFileSync(
    jsonFile,
    JSON.stringify({ database: store.label, date: new Date().toISOString(), rows }, null, 2),
  );
