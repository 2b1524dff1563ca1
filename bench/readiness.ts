// A milestone's readiness at size (docs/product/milestones.md, "Readiness"; target p99 ≤ 300 ms
// for a milestone of 200 cycles). `measureReadiness` makes, through the API, a milestone on branch
// `main` holding three test plans of 204 cycles in all (Browser × OS: 6 per entry), records a few
// results, imports two JUnit reports on `main` with failures (so the gate has something to sort),
// then reads the readiness 30 times, and times the same milestone's screens: the milestones list,
// the milestone page's calls and the sign-off report (target p99 ≤ 300 ms each), and its PDF once. bench/cycles.ts runs it with 100 cases per entry (20,400
// items); run alone it seeds a small project (1,000 cases, 10 per entry) on a fresh database, so
// the step can be checked quickly: `node --import tsx bench/readiness.ts [--db embedded|postgres]`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { seededWith, startOnFreshDatabase } from './server-process.ts';
import { percentile, round } from './sized-server.ts';

export const READINESS_TARGET_MS = 300;

export interface Latency {
  p50: number;
  p99: number;
}

export interface ReadinessResult extends Latency {
  cycles: number;
  items: number;
  /** GET /api/projects/1/milestones, the project's milestones with their counts. */
  milestonesList: Latency;
  /** The milestone page's calls: the milestone, then its cycles (`?milestone_id=`). */
  milestonePage: Latency;
  /** GET /api/milestones/{id}/sign-off. */
  signOff: Latency;
  /** GET /api/milestones/{id}/sign-off.pdf, once. */
  signOffPdfMs: number;
}

/** p50 and p99 of `rounds` runs of `read`, after one to warm. */
async function latency(rounds: number, read: () => Promise<unknown>): Promise<Latency> {
  await read();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  return { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
}

async function call(base: string, token: string, method: string, url: string, body?: unknown, xml = false) {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': xml ? 'application/xml' : 'application/json' } : {}),
    },
    body: body ? (xml ? String(body) : JSON.stringify(body)) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return { json, ms: performance.now() - started };
}

/** A JUnit report of `count` tests, every `failEvery`th failing. */
function report(count: number, failEvery: number): string {
  const cases = Array.from({ length: count }, (_, i) =>
    i % failEvery === 0
      ? `<testcase name="test ${i}" time="0.1"><failure message="broke">trace</failure></testcase>`
      : `<testcase name="test ${i}" time="0.1"/>`,
  );
  return `<testsuite name="Readiness CI">${cases.join('')}</testsuite>`;
}

/**
 * The readiness of a 204-cycle milestone in project 1, whose cases 1 to 16 × casesPerEntry are
 * those of one suite and whose configurations 1 to 5 are Browser (3) and OS (2).
 */
export async function measureReadiness(
  base: string,
  token: string,
  casesPerEntry: number,
): Promise<ReadinessResult> {
  console.error(`   readiness: a milestone of 204 cycles (${casesPerEntry} cases per entry)`);
  const { json: made } = await call(base, token, 'POST', '/api/projects/1/milestones', {
    name: `Readiness ${Date.now()}`,
    branch: 'main',
  });
  const milestoneId = made.milestone.id as number;
  const entries = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      name: `Area ${i + 1}`,
      case_ids: Array.from({ length: casesPerEntry }, (_, j) => i * casesPerEntry + j + 1),
      configuration_ids: [1, 2, 3, 4, 5],
    }));
  let cycles = 0;
  let items = 0;
  let firstCycle = 0;
  for (const [index, count] of [16, 16, 2].entries()) {
    const { json } = await call(base, token, 'POST', '/api/projects/1/plans', {
      name: `Readiness plan ${index + 1}`,
      milestone_id: milestoneId,
      entries: entries(count),
    });
    cycles += json.plan.cycle_count as number;
    items += json.plan.totals.total as number;
    firstCycle ||= json.plan.cycles[0].id as number;
  }
  const { json: page } = await call(base, token, 'GET', `/api/cycles/${firstCycle}/items?limit=20`);
  for (const [i, item] of (page.items as { id: number }[]).entries()) {
    await call(base, token, 'POST', `/api/cycle-items/${item.id}/results`, {
      state: i % 4 === 0 ? 'failed' : 'passed',
    });
  }
  for (const failEvery of [50, 40]) {
    await call(
      base,
      token,
      'POST',
      '/api/projects/1/import/junit?branch=main',
      report(1000, failEvery),
      true,
    );
  }
  const times: number[] = [];
  let ready: unknown;
  for (let i = 0; i < 30; i++) {
    const { json, ms } = await call(base, token, 'GET', `/api/milestones/${milestoneId}/readiness`);
    if (json.figures.cycles !== cycles) throw new Error(`readiness counted ${json.figures.cycles} cycles`);
    ready = json.ready;
    times.push(ms);
  }
  console.error(`   readiness: ${cycles} cycles, ${items} items, ready ${ready}`);
  // The screens of the same milestone: the list, the page, the sign-off report and its PDF.
  const get = (url: string) => call(base, token, 'GET', url);
  const milestonesList = await latency(30, () => get('/api/projects/1/milestones'));
  const milestonePage = await latency(30, () =>
    Promise.all([
      get(`/api/milestones/${milestoneId}`),
      get(`/api/projects/1/cycles?milestone_id=${milestoneId}`),
    ]),
  );
  const signOff = await latency(30, () => get(`/api/milestones/${milestoneId}/sign-off`));
  const pdfStarted = performance.now();
  const pdf = await fetch(`${base}/api/milestones/${milestoneId}/sign-off.pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!pdf.ok || (await pdf.arrayBuffer()).byteLength === 0) throw new Error(`sign-off.pdf: ${pdf.status}`);
  const signOffPdfMs = round(performance.now() - pdfStarted);
  return {
    cycles,
    items,
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    milestonesList,
    milestonePage,
    signOff,
    signOffPdfMs,
  };
}

const ADMIN_PASSWORD = 'readiness-bench-admin-password';

const seedSmall = seededWith(ADMIN_PASSWORD, async (db) => {
  const q = (text: string) => db.execute(sql.raw(text));
  await q(`insert into projects (name, created_by) values ('Readiness bench', 1)`);
  await q(`insert into suites (project_id, name) values (1, 'Suite 1')`);
  await q(
    `insert into test_cases (project_id, suite_id, name) select 1, 1, 'Case ' || g from generate_series(1, 1000) g`,
  );
  await q(`insert into configuration_groups (project_id, name) values (1, 'Browser'), (1, 'OS')`);
  await q(`insert into configurations (group_id, name)
    values (1, 'Chrome'), (1, 'Firefox'), (1, 'Safari'), (2, 'Linux'), (2, 'Windows')`);
  await q('analyze');
});

async function runSmall(db: 'embedded' | 'postgres'): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'verdict-readiness-'));
  const { server, drop } = await startOnFreshDatabase({
    db,
    work,
    prefix: 'verdict_readiness',
    seed: seedSmall,
    env: { ADMIN_PASSWORD, VERDICT_SKIP_WEB_BUILD: '1', WEB_DIST: path.join(work, 'no-web') },
    port: 3700 + Math.floor(Math.random() * 100),
  });
  try {
    const { json: login } = await call(server.url, '', 'POST', '/api/auth/login', {
      email: 'admin@example.com',
      password: ADMIN_PASSWORD,
    });
    const result = await measureReadiness(server.url, login.token as string, 10);
    console.log(
      `readiness of ${result.cycles} cycles (${result.items} items) on ${db}: p50 ${result.p50} ms, p99 ${result.p99} ms (target ≤ ${READINESS_TARGET_MS})`,
    );
    for (const [what, figures] of [
      ['milestones list', result.milestonesList],
      ['milestone page (milestone + its cycles)', result.milestonePage],
      ['sign-off report', result.signOff],
    ] as const) {
      console.log(`${what} on ${db}: p50 ${figures.p50} ms, p99 ${figures.p99} ms`);
    }
    console.log(`sign-off PDF on ${db}: ${result.signOffPdfMs} ms`);
  } finally {
    await server.stop();
    await drop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const index = process.argv.indexOf('--db');
  const db = index >= 0 ? process.argv[index + 1] : process.env.DATABASE_URL ? 'postgres' : 'embedded';
  await runSmall(db === 'postgres' ? 'postgres' : 'embedded');
}
