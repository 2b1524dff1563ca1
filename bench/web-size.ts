// Fresh-browser opens at size (`npm run bench -- --only web-size`, or `node --import tsx
// bench/web-size.ts`), docs/performance.md "Pages at size in a fresh browser". A fresh database
// (embedded, or a new database on the PostgreSQL server) is filled by SQL before the server starts:
// project 1 with a suite of 100,000 cases, a suite of 10,000 cases and a few small suites, and a
// test cycle of the 10,000-case suite whose every 20th item has thousands of results (1,000,000 in
// all). The server starts as `npm start` does and serves the web app, built once into a temporary
// directory. In headless Chromium, each try in a fresh browser context (cold HTTP cache, signed in
// through local storage, nothing expanded but the project), from navigation start:
// 1. the 100,000-case suite's page: its first case rows painted, and the bytes moved until then;
// 2. the project's page: its 10,000-case suite expanded in the sidebar tree (clicked the moment its
//    arrow is painted), its first case rows painted;
// 3. the cycle's page: its first item rows painted, and the bytes moved until then.
// Targets: ≤ 1,000 ms and ≤ 300 KB each (decision record 254). Each row names the API calls made
// until its rows painted and the slowest of them, so a call that reads more than its window shows.
// Options: --db embedded|postgres|both, --quick (10,000 results, 3 tries), --tries N (default 5),
// --results N. WEB_DIST: serve an already built web app from there instead of building one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Browser, chromium } from 'playwright-core';
import { ADMIN_EMAIL, type Db, databasesOf, seedResultRounds, startSized } from './sized-server.ts';
import {
  LAUNCH_ARGS,
  median,
  PAGE_HELPERS,
  round,
  type StorageState,
  signIn,
  VIEWPORT,
  withExpanded,
} from './web.ts';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const quick = args.includes('--quick');
const HUGE_CASES = 100_000;
const BIG_CASES = 10_000;
const SMALL_SUITES = 8;
const CASES_PER_SMALL_SUITE = 50;
/** Every this-th item of the cycle has results; the others none. */
const ITEMS_WITH_RESULTS_EVERY = 20;
const RESULTS = Number(option('--results') ?? (quick ? 10_000 : 1_000_000));
const TRIES = Number(option('--tries') ?? (quick ? 3 : 5));
/** Results per statement, as in bench/cycle-items.ts. */
const CHUNK = 100_000;

export const WEB_SIZE_TARGETS = { ms: 1000, kb: 300 } as const;

export async function fill(q: (text: string) => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await q(`insert into projects (name, created_by) values ('Pages at size', 1)`);
  await q(`insert into suites (project_id, name) values
    (1, 'Huge suite (${HUGE_CASES.toLocaleString('en')} cases)'),
    (1, 'Big suite (${BIG_CASES.toLocaleString('en')} cases)')`);
  await q(`insert into suites (project_id, name)
    select 1, 'Suite ' || g from generate_series(1, ${SMALL_SUITES}) g`);
  await q(`insert into test_cases (project_id, suite_id, name, description)
    select 1, 1, 'Case ' || g || ': checks behaviour ' || g % 97, 'Steps for case ' || g
    from generate_series(1, ${HUGE_CASES}) g`);
  await q(`insert into test_cases (project_id, suite_id, name, description)
    select 1, 2, 'Big case ' || g || ': checks behaviour ' || g % 97, 'Steps for big case ' || g
    from generate_series(1, ${BIG_CASES}) g`);
  await q(`insert into test_cases (project_id, suite_id, name)
    select 1, s.id, s.name || ' case ' || g from suites s, generate_series(1, ${CASES_PER_SMALL_SUITE}) g
    where s.id > 2 order by s.id, g`);
  await q(`insert into test_cycles (project_id, name, created_by) values (1, 'Regression at size', 1)`);
  await q(
    `insert into cycle_items (cycle_id, case_id) select 1, id from test_cases where suite_id = 2 order by id`,
  );
  const withResults = Math.ceil(BIG_CASES / ITEMS_WITH_RESULTS_EVERY);
  const perItem = Math.max(1, Math.floor(RESULTS / withResults));
  const listed = `select id from cycle_items where cycle_id = 1 and (id - 1) % ${ITEMS_WITH_RESULTS_EVERY} = 0`;
  // One round of results across the items with results per step, recorded in turn.
  await seedResultRounds(q, { sql: listed, count: withResults }, perItem, CHUNK);
  await q(`
    update cycle_items i set results = n.results, state = 'passed', elapsed_ms = 500
    from (select item_id, count(*)::int as results from cycle_results group by item_id) n
    where i.id = n.item_id`);
  await q('vacuum (analyze)');
  console.error(
    `   ${(HUGE_CASES + BIG_CASES + SMALL_SUITES * CASES_PER_SMALL_SUITE).toLocaleString('en')} cases, ${(perItem * withResults).toLocaleString('en')} results in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

interface Call {
  path: string;
  /** When it was asked, from navigation start. */
  start: number;
  /** When its answer had arrived, from navigation start. */
  end: number;
  ms: number;
  kb: number;
}

interface OpenTry {
  /** Navigation start to the first rows painted. */
  ms: number;
  /** Everything moved until then (the page, scripts, styles, API answers), compressed as sent. */
  kb: number;
  calls: Call[];
  /** For the tree: when the arrow was clicked. */
  clickAt?: number;
}

/** In the page: what has moved until now, and each API call's timing. */
const MOVED = `
window.__moved = function () {
  var entries = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'));
  var bytes = entries.reduce(function (sum, e) { return sum + e.transferSize; }, 0);
  var calls = performance.getEntriesByType('resource')
    .filter(function (e) { return new URL(e.name).pathname.indexOf('/api/') === 0; })
    .map(function (e) {
      var u = new URL(e.name);
      return { path: u.pathname + u.search, start: e.startTime, end: e.responseEnd, ms: e.responseEnd - e.startTime, kb: e.transferSize / 1024 };
    });
  return { kb: bytes / 1024, calls: calls };
};`;

declare global {
  interface Window {
    __moved(): { kb: number; calls: Call[] };
  }
}

/**
 * One try in a fresh context: opens `route`; when `arrow` is given, clicks it the moment it is
 * painted; resolves when `rows` is painted.
 */
async function openTry(
  browser: Browser,
  url: string,
  state: StorageState,
  route: string,
  rows: string,
  expanded: Record<string, boolean>,
  arrow?: string,
): Promise<OpenTry> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    storageState: withExpanded(state, url, expanded),
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(`${PAGE_HELPERS}\n${MOVED}`);
    await page.goto(url + route, { waitUntil: 'commit' });
    return await page.evaluate(
      async ({ rows, arrow }) => {
        let clickAt: number | undefined;
        if (arrow) {
          await window.__paintedWhenShown(arrow);
          clickAt = performance.now();
          (document.querySelector(arrow) as HTMLElement).click();
        }
        const shown = await window.__paintedWhenShown(rows);
        const first = document.querySelector(rows)!.getBoundingClientRect();
        if (first.top < 0 || first.bottom > innerHeight) throw new Error(`${rows} is outside the window`);
        return { ms: shown.painted, ...window.__moved(), ...(clickAt === undefined ? {} : { clickAt }) };
      },
      { rows, arrow },
    );
  } finally {
    await context.close();
  }
}

export interface WebSizeRow {
  name: string;
  database: Db;
  ms: number;
  kb: number;
  samples: number[];
  /** Whether the bytes moved have a target (≤ WEB_SIZE_TARGETS.kb) too. */
  kbTarget: boolean;
  pass: boolean;
  /** The API calls until the rows painted (first try), and the slowest. */
  note: string;
}

function rowOf(
  name: string,
  database: Db,
  tries: OpenTry[],
  { bytesTarget = true, extra = '' } = {},
): WebSizeRow {
  const ms = median(tries.map((t) => t.ms));
  const kb = Math.max(...tries.map((t) => t.kb));
  // Each call's median over the tries, by path.
  const byPath = new Map<string, Call[]>();
  // A call is listed once answered: one still in flight when the rows painted is not.
  for (const t of tries) for (const c of t.calls) byPath.set(c.path, [...(byPath.get(c.path) ?? []), c]);
  const calls = [...byPath].map(([p, cs]) => ({
    path: p,
    end: median(cs.map((c) => c.end)),
    ms: median(cs.map((c) => c.ms)),
    kb: Math.max(...cs.map((c) => c.kb)),
  }));
  const slowest = calls.reduce((a, b) => (b.ms > a.ms ? b : a), calls[0]!);
  const heaviest = calls.reduce((a, b) => (b.kb > a.kb ? b : a), calls[0]!);
  const note = `${calls.length} API calls; slowest ${slowest.path} ${Math.round(slowest.ms)} ms (answered at ${Math.round(slowest.end)} ms), largest ${heaviest.path} ${round(heaviest.kb)} KB${extra}`;
  return {
    name,
    database,
    ms: round(ms),
    kb: round(kb),
    samples: tries.map((t) => round(t.ms)),
    kbTarget: bytesTarget,
    pass: ms <= WEB_SIZE_TARGETS.ms && (!bytesTarget || kb <= WEB_SIZE_TARGETS.kb),
    note,
  };
}

/** The web app built once into `dir` (as `npm start` builds it). */
function buildWeb(dir: string) {
  console.error(`\n== Building the web app into ${dir}`);
  const build = spawnSync(
    'npm',
    ['run', 'build', '-w', '@verdict/web', '--', '--outDir', dir, '--emptyOutDir'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (build.status !== 0) throw new Error('the web app failed to build');
}

async function runOne(db: Db, webDist: string): Promise<WebSizeRow[]> {
  console.error(
    `\n== Pages at size on ${db}: seeding ${HUGE_CASES.toLocaleString('en')} + ${BIG_CASES.toLocaleString('en')} cases, a cycle with ${RESULTS.toLocaleString('en')} results`,
  );
  const seeded = performance.now();
  const sized = await startSized({ db, name: 'websize', fill, portBase: 3900, env: { WEB_DIST: webDist } });
  console.error(`   seeded and started in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: LAUNCH_ARGS });
  try {
    const url = sized.server.url;
    const state = await signIn(browser, { url, email: ADMIN_EMAIL, password: sized.password });
    const project = 'project-1';
    const tries = async (label: string, run: () => Promise<OpenTry>) => {
      await run(); // the server's first answers (its caches, the database's pages) are not measured
      const done: OpenTry[] = [];
      for (let i = 0; i < TRIES; i++) {
        const one = await run();
        console.error(
          `   ${label}, try ${i + 1} of ${TRIES}: ${Math.round(one.ms)} ms, ${Math.round(one.kb)} KB`,
        );
        done.push(one);
      }
      // Where the time went in the last try: each API call, when asked and answered.
      for (const c of done.at(-1)!.calls.sort((a, b) => a.start - b.start))
        console.error(`     ${Math.round(c.start)}–${Math.round(c.end)} ms ${c.path} (${round(c.kb)} KB)`);
      return done;
    };
    const suite = await tries('the 100,000-case suite', () =>
      openTry(browser, url, state, '/suites/1', 'ul[aria-label^="Test cases of"] li', {}),
    );
    const tree = await tries('the 10,000-case suite in the tree', () =>
      openTry(
        browser,
        url,
        state,
        '/projects/1',
        `[role="treeitem"][data-path^="${project}/suite-2/case-"]`,
        { [project]: true },
        `[data-path="${project}/suite-2"] [data-testid="tree-arrow"]`,
      ),
    );
    const cycle = await tries('the 10,000-item cycle', () =>
      openTry(browser, url, state, '/cycles/1', 'ul[aria-label^="Items of"] .cycle-item-name', {}),
    );
    const clicked = median(tree.map((t) => t.clickAt ?? Number.NaN));
    return [
      rowOf('100,000-case suite page, navigation start to first rows painted', db, suite),
      rowOf('10,000-case suite expanded in the tree, navigation start to first rows painted', db, tree, {
        bytesTarget: false,
        extra: `; its arrow clicked at ${Math.round(clicked)} ms`,
      }),
      rowOf(
        `10,000-item cycle (${RESULTS.toLocaleString('en')} results) page, navigation start to first items painted`,
        db,
        cycle,
      ),
    ];
  } finally {
    await browser.close();
    await sized.close();
  }
}

export function webSizeTable(rows: WebSizeRow[]): string {
  return [
    `| Fresh context (target ≤ ${WEB_SIZE_TARGETS.ms} ms, ≤ ${WEB_SIZE_TARGETS.kb} KB) | database | median ms | KB moved (most) | Met | tries | API calls |`,
    '|---|---|---:|---:|:---:|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.database} | ${r.ms} | ${r.kb}${r.kbTarget ? '' : ' (no target)'} | ${r.pass ? 'yes' : 'NO'} | ${r.samples.join(', ')} | ${r.note} |`,
    ),
  ].join('\n');
}

/** Keeps each database's latest rows in bench/results.json under "webSize". */
function saveRows(db: Db, rows: WebSizeRow[]) {
  const file = path.join(root, 'bench/results.json');
  let saved: Record<string, unknown> = {};
  try {
    saved = JSON.parse(readFileSync(file, 'utf8'));
  } catch {}
  const kept = (saved.webSize ?? {}) as Record<string, unknown>;
  kept[db] = { date: new Date().toISOString(), quick, tries: TRIES, results: RESULTS, rows };
  saved.webSize = kept;
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
}

export async function runWebSize(dbs: Db[]): Promise<WebSizeRow[]> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'verdict-websize-web-'));
  const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(work, 'dist');
  try {
    if (!process.env.WEB_DIST) buildWeb(webDist);
    const rows: WebSizeRow[] = [];
    for (const db of dbs) {
      const measured = await runOne(db, webDist);
      saveRows(db, measured);
      rows.push(...measured);
    }
    console.log(`\nPages at size, headless Chromium, ${os.cpus().length} cores, ${TRIES} tries each\n`);
    console.log(webSizeTable(rows));
    if (rows.some((r) => !r.pass)) process.exitCode = 1;
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export const webSizeDatabases = databasesOf;

if (import.meta.url === `file://${process.argv[1]}`) {
  await runWebSize(webSizeDatabases(args));
}
