// The browser-side targets of `npm run bench` (issue 8), measured in headless Chromium (Debian's
// /usr/bin/chromium, never a downloaded browser) against a server on the large data set:
// 1. the JavaScript a fresh sign-in page loads, gzip-compressed: ≤ 90 KB (issue 17);
// 2. expanding the 10,000-case suite in the sidebar tree: first case rows painted ≤ 300 ms
//    after the click, and fewer than 2,000 DOM elements once they show;
// 3. the dashboard: its figures painted < 1,000 ms after navigation start;
// 5. opening the 10,000-case suite's page in a fresh browser context: its first case rows painted
//    ≤ 1,000 ms after navigation start, and ≤ 300 KB moved until then (scripts included);
// 4. the dashboard's first load on a 390 px phone: ≤ 120 KB of JavaScript, gzip-compressed (charts
//    load only when they come into view), and a cumulative layout shift < 0.1 until they show.
// Timings are the median of several tries, each in a fresh browser context (cold HTTP cache,
// signed in through local storage), taken in the page with performance.now().
// Run alone against a running server: node --import tsx bench/web.ts [--url URL] [--tries N]
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { STORAGE_KEYS } from '@verdict/contract';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

export const WEB_TARGETS = {
  signInJsKb: 90,
  treeMs: 300,
  treeElements: 2000,
  dashboardMs: 1000,
  dashboardJsKb: 120,
  dashboardCls: 0.1,
  suiteOpenMs: 1000,
  suiteOpenKb: 300,
} as const;

export interface WebRow {
  name: string;
  value: number;
  unit: 'KB' | 'ms' | 'elements' | 'CLS';
  /** Human-readable target, e.g. '≤ 150 KB'. */
  target: string;
  pass: boolean;
  /** Every try, for timings. */
  samples?: number[];
  /** Where the time went (medians of the tries). */
  note?: string;
}

export interface WebChunk {
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface WebBenchResult {
  rows: WebRow[];
  signInChunks: WebChunk[];
  screenshots: string[];
}

export interface WebBenchOptions {
  url: string;
  email: string;
  password: string;
  tries?: number;
  log?: (line: string) => void;
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export const VIEWPORT = { width: 1280, height: 800 };
export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
export const round = (x: number) => Math.round(x * 10) / 10;

/**
 * Installed in every page before the app's code: `__paintedWhenShown(selector)` resolves with
 * performance.now() when an element matching `selector` entered the DOM and just after the
 * first frame showing it was painted (a task queued from requestAnimationFrame runs once that
 * frame is drawn); `__doneAt(pathPattern)` is when the last resource whose path matches had
 * arrived. Plain text, because tsx rewrites the functions it compiles (`__name(…)`),
 * which would break them in the page.
 */
export const PAGE_HELPERS = `
window.__paintedWhenShown = function (selector) {
  return new Promise(function (resolve) {
    function done() {
      var inDom = performance.now();
      requestAnimationFrame(function () {
        setTimeout(function () { resolve({ inDom: inDom, painted: performance.now() }); });
      });
    }
    if (document.querySelector(selector)) return done();
    var observer = new MutationObserver(function () {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      done();
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  });
};
window.__doneAt = function (pathPattern) {
  var pattern = new RegExp(pathPattern);
  var end = Number.NaN;
  performance.getEntriesByType('resource').forEach(function (entry) {
    if (!pattern.test(new URL(entry.name).pathname)) return;
    end = Number.isNaN(end) ? entry.responseEnd : Math.max(end, entry.responseEnd);
  });
  return end;
};`;

interface Shown {
  inDom: number;
  painted: number;
}
declare global {
  interface Window {
    __paintedWhenShown(selector: string): Promise<Shown>;
    __figures: Promise<Shown>;
    __doneAt(pathPattern: string): number;
  }
}

async function findBigSuite(url: string, email: string, password: string) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`web bench sign-in failed: ${login.status} ${await login.text()}`);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const get = async <T>(route: string): Promise<T> => (await fetch(url + route, { headers })).json() as T;
  for (const project of await get<{ id: number; name: string }[]>('/api/projects/list')) {
    if (project.name !== 'Project 1') continue;
    const suites = await get<{ id: number; name: string }[]>(`/api/testsuites/project/${project.id}`);
    const suite = suites.find((s) => s.name.startsWith('Big suite'));
    if (suite) return { projectId: project.id, suiteId: suite.id };
  }
  throw new Error('The large data set has no "Big suite" in "Project 1" (npm run demo -- --size large)');
}

type BigSuiteIds = Awaited<ReturnType<typeof findBigSuite>>;

/** 1. A fresh page at the sign-in route: every script response, gzip-compressed here. */
async function measureSignIn(browser: Browser, url: string): Promise<WebChunk[]> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const pending: Promise<WebChunk>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => ({
        url: new URL(response.url()).pathname,
        bytes: body.length,
        gzipBytes: gzipSync(body).length,
      })),
    );
  });
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Login' }).waitFor();
  const chunks = await Promise.all(pending);
  await context.close();
  return chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** Signs in through the sign-in page once; later tries start from its local storage. */
export async function signIn(browser: Browser, options: WebBenchOptions): Promise<StorageState> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(`${options.url}/`);
  await page.getByPlaceholder('Enter your email').fill(options.email);
  await page.getByPlaceholder('Enter your password').fill(options.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => u.pathname !== '/');
  const state = await context.storageState();
  await context.close();
  return state;
}

/** The same session, with the tree's expanded nodes set to `expanded`. */
export function withExpanded(
  state: StorageState,
  url: string,
  expanded: Record<string, boolean>,
): StorageState {
  const origin = new URL(url).origin;
  const rest = (state.origins.find((o) => o.origin === origin)?.localStorage ?? []).filter(
    (item) => item.name !== STORAGE_KEYS.expandedNodes && item.name !== STORAGE_KEYS.lastRoute,
  );
  const localStorage = [...rest, { name: STORAGE_KEYS.expandedNodes, value: JSON.stringify(expanded) }];
  return { cookies: state.cookies, origins: [{ origin, localStorage }] };
}

/** 2. One try: project open, big suite closed; click its arrow and wait for its cases to paint. */
async function treeTry(browser: Browser, url: string, state: StorageState, ids: BigSuiteIds, shot?: string) {
  const projectPath = `project-${ids.projectId}`;
  const suitePath = `${projectPath}/suite-${ids.suiteId}`;
  const context = await browser.newContext({
    viewport: VIEWPORT,
    storageState: withExpanded(state, url, { [projectPath]: true }),
  });
  const page = await context.newPage();
  await page.addInitScript(PAGE_HELPERS);
  // Not 'networkidle': the live-update stream stays open while signed in.
  await page.goto(`${url}/projects/${ids.projectId}`, { waitUntil: 'load' });
  const arrow = page.locator(`[data-path="${suitePath}"] [data-testid="tree-arrow"]`);
  await arrow.waitFor();
  const shown = page.evaluate(async (selector) => {
    let clickAt = Number.NaN;
    addEventListener('click', (event) => (clickAt = event.timeStamp), { capture: true, once: true });
    const rows = await window.__paintedWhenShown(selector);
    const first = document.querySelector(selector)!.getBoundingClientRect();
    const list = performance
      .getEntriesByType('resource')
      .find((e) => /\/api\/suites\/\d+\/cases/.test(e.name)) as PerformanceResourceTiming | undefined;
    return {
      ms: rows.painted - clickAt,
      listAnswered: list ? list.responseEnd - clickAt : Number.NaN,
      listKb: list ? list.encodedBodySize / 1024 : Number.NaN,
      visible: first.top >= 0 && first.bottom <= innerHeight,
      elements: document.querySelectorAll('*').length,
    };
  }, `[role="treeitem"][data-path^="${suitePath}/case-"]`);
  await page.waitForTimeout(50); // the listener and observer are in place
  await arrow.click();
  const result = await shown;
  if (!result.visible) throw new Error('the first case row of the big suite is outside the window');
  if (shot) await page.screenshot({ path: shot });
  await context.close();
  return result;
}

/**
 * 5. One try: a fresh context (cold HTTP cache, nothing expanded) opens /suites/{id} of the big
 * suite; time from navigation start to its first case rows painted, and the bytes moved by then.
 */
async function suiteOpenTry(browser: Browser, url: string, state: StorageState, ids: BigSuiteIds) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    storageState: withExpanded(state, url, {}),
  });
  const page = await context.newPage();
  await page.addInitScript(PAGE_HELPERS);
  await page.goto(`${url}/suites/${ids.suiteId}`, { waitUntil: 'commit' });
  const result = await page.evaluate(async () => {
    const rows = await window.__paintedWhenShown('ul[aria-label^="Test cases of"] li');
    const moved = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ].reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize, 0);
    const calls = performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
      .map((e) => new URL(e.name).pathname);
    return { ms: rows.painted, kb: moved / 1024, calls };
  });
  await context.close();
  return result;
}

/** 3. One try: load /dashboard; time from navigation start to its figures painted. */
async function dashboardTry(browser: Browser, url: string, state: StorageState, shot?: string) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    storageState: withExpanded(state, url, {}),
  });
  const page = await context.newPage();
  // Watching starts before the app's code runs, so nothing it renders is missed.
  await page.addInitScript(`${PAGE_HELPERS}\nwindow.__figures = __paintedWhenShown('.results-summary dd');`);
  await page.goto(`${url}/dashboard`);
  const figures = await page.evaluate(async () => ({
    painted: (await window.__figures).painted,
    scripts: window.__doneAt('\\.js$'),
    session: window.__doneAt('^/api/(auth/session|users/|roles/)'),
    counts: window.__doneAt('^/api/(projects/count|testsuites/count|testruns/stats)$'),
  }));
  const total = (await page.locator('.results-summary dd').last().textContent())?.trim() ?? '';
  if (!/^\d+$/.test(total) || total === '0') throw new Error(`the dashboard shows ${total} runs`);
  if (shot) {
    await page.locator('.dashboard-donut-card').scrollIntoViewIfNeeded();
    await page.locator('.donut-value').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: shot });
  }
  await context.close();
  return figures;
}

/** Every script a page loads until the network is idle, gzip-compressed here. */
function collectScripts(page: import('playwright-core').Page): () => Promise<WebChunk[]> {
  const pending: Promise<WebChunk>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => ({
        url: new URL(response.url()).pathname,
        bytes: body.length,
        gzipBytes: gzipSync(body).length,
      })),
    );
  });
  return async () => (await Promise.all(pending)).sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/**
 * Sums the layout shifts not caused by input, as the CLS metric does (every shift of the load
 * counts here: the dashboard has no user input while it loads). Plain text, as PAGE_HELPERS.
 */
const LAYOUT_SHIFTS = `
window.__cls = 0;
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (entry) {
    if (!entry.hadRecentInput) window.__cls += entry.value;
  });
}).observe({ type: 'layout-shift', buffered: true });`;

/**
 * 4. A signed-in first load of /dashboard on a 390 px phone: its JavaScript until the network is
 * idle (charts load only when they come into view), then the layout shift until, scrolled to, its
 * charts have appeared.
 */
async function dashboardWeight(browser: Browser, url: string, state: StorageState, shot: string) {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    storageState: withExpanded(state, url, {}),
  });
  const page = await phone.newPage();
  await page.addInitScript(LAYOUT_SHIFTS);
  const scripts = collectScripts(page);
  // Not 'networkidle': the live-update stream stays open while signed in.
  await page.goto(`${url}/dashboard`, { waitUntil: 'load' });
  await page.locator('.results-summary dd').first().waitFor();
  await page.waitForTimeout(1500); // what the first screen asks for has arrived
  const chunks = await scripts();
  const donut = page.locator('.dashboard-donut-card');
  await donut.scrollIntoViewIfNeeded();
  await page.locator('.donut-value').first().waitFor();
  await page.waitForTimeout(1000); // charts animate in; shifts after they settle count too
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  await page.screenshot({ path: shot, fullPage: true });
  await phone.close();
  return { chunks, cls };
}

export async function runWebBench(options: WebBenchOptions): Promise<WebBenchResult> {
  const tries = options.tries ?? 5;
  const log = options.log ?? (() => {});
  const screenshots = {
    tree: path.join(os.tmpdir(), 'webbench-tree.png'),
    dashboard: path.join(os.tmpdir(), 'webbench-dashboard.png'),
    phone: path.join(os.tmpdir(), 'webbench-dashboard-phone.png'),
  };
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: LAUNCH_ARGS });
  try {
    log('sign-in page JavaScript');
    const signInChunks = await measureSignIn(browser, options.url);
    const signInKb = signInChunks.reduce((sum, c) => sum + c.gzipBytes, 0) / 1024;

    const ids = await findBigSuite(options.url, options.email, options.password);
    const state = await signIn(browser, options);
    const tree: Awaited<ReturnType<typeof treeTry>>[] = [];
    for (let i = 0; i < tries; i++) {
      log(`tree: expanding the 10,000-case suite, try ${i + 1} of ${tries}`);
      tree.push(
        await treeTry(browser, options.url, state, ids, i === tries - 1 ? screenshots.tree : undefined),
      );
    }
    const dashboard: Awaited<ReturnType<typeof dashboardTry>>[] = [];
    for (let i = 0; i < tries; i++) {
      log(`dashboard, try ${i + 1} of ${tries}`);
      const shot = i === tries - 1 ? screenshots.dashboard : undefined;
      dashboard.push(await dashboardTry(browser, options.url, state, shot));
    }

    const suiteOpen: Awaited<ReturnType<typeof suiteOpenTry>>[] = [];
    for (let i = 0; i < tries; i++) {
      log(`suite page: opening the 10,000-case suite in a fresh context, try ${i + 1} of ${tries}`);
      suiteOpen.push(await suiteOpenTry(browser, options.url, state, ids));
    }

    log('dashboard at 390 px: first-load JavaScript, and layout shift until its charts show');
    const weight = await dashboardWeight(browser, options.url, state, screenshots.phone);
    const dashboardKb = weight.chunks.reduce((sum, c) => sum + c.gzipBytes, 0) / 1024;

    const treeMs = median(tree.map((t) => t.ms));
    const elements = Math.max(...tree.map((t) => t.elements));
    const dashboardMs = median(dashboard.map((d) => d.painted));
    const suiteOpenMs = median(suiteOpen.map((o) => o.ms));
    const suiteOpenKb = Math.max(...suiteOpen.map((o) => o.kb));
    const at = (values: number[]) => `${Math.round(median(values))} ms`;
    const rows: WebRow[] = [
      {
        name: 'Sign-in page JavaScript (gzip)',
        value: round(signInKb),
        unit: 'KB',
        target: `≤ ${WEB_TARGETS.signInJsKb} KB`,
        pass: signInKb <= WEB_TARGETS.signInJsKb,
      },
      {
        name: 'Tree: 10,000-case suite expanded, click to first rows painted (median)',
        value: round(treeMs),
        unit: 'ms',
        target: `≤ ${WEB_TARGETS.treeMs} ms`,
        pass: treeMs <= WEB_TARGETS.treeMs,
        samples: tree.map((t) => round(t.ms)),
        note: `its case list (${Math.round(tree[0]!.listKb)} KB) answered at ${at(tree.map((t) => t.listAnswered))}`,
      },
      {
        name: 'Tree: DOM elements with the 10,000-case suite expanded (most of any try)',
        value: elements,
        unit: 'elements',
        target: `< ${WEB_TARGETS.treeElements}`,
        pass: elements < WEB_TARGETS.treeElements,
      },
      {
        name: 'Dashboard: navigation start to figures painted (median)',
        value: round(dashboardMs),
        unit: 'ms',
        target: `< ${WEB_TARGETS.dashboardMs} ms`,
        pass: dashboardMs < WEB_TARGETS.dashboardMs,
        samples: dashboard.map((d) => round(d.painted)),
        note: `scripts loaded at ${at(dashboard.map((d) => d.scripts))}, session at ${at(dashboard.map((d) => d.session))}, counts answered at ${at(dashboard.map((d) => d.counts))}`,
      },
      {
        name: 'Suite page: 10,000-case suite opened fresh, navigation start to first rows painted (median)',
        value: round(suiteOpenMs),
        unit: 'ms',
        target: `≤ ${WEB_TARGETS.suiteOpenMs} ms`,
        pass: suiteOpenMs <= WEB_TARGETS.suiteOpenMs,
        samples: suiteOpen.map((o) => round(o.ms)),
        note: `${suiteOpen[0]!.calls.length} API calls: ${suiteOpen[0]!.calls.join(', ')}`,
      },
      {
        name: 'Suite page: bytes moved until its first rows (most of any try)',
        value: round(suiteOpenKb),
        unit: 'KB',
        target: `≤ ${WEB_TARGETS.suiteOpenKb} KB`,
        pass: suiteOpenKb <= WEB_TARGETS.suiteOpenKb,
      },
      {
        name: 'Dashboard at 390 px: JavaScript of a signed-in first load (gzip)',
        value: round(dashboardKb),
        unit: 'KB',
        target: `≤ ${WEB_TARGETS.dashboardJsKb} KB`,
        pass: dashboardKb <= WEB_TARGETS.dashboardJsKb,
        note: weight.chunks
          .slice(0, 4)
          .map((c) => `${path.basename(c.url)} ${(c.gzipBytes / 1024).toFixed(1)} KB`)
          .join(', '),
      },
      {
        name: 'Dashboard at 390 px: cumulative layout shift until its charts show',
        value: Math.round(weight.cls * 1000) / 1000,
        unit: 'CLS',
        target: `< ${WEB_TARGETS.dashboardCls}`,
        pass: weight.cls < WEB_TARGETS.dashboardCls,
      },
    ];
    return { rows, signInChunks, screenshots: [screenshots.tree, screenshots.dashboard, screenshots.phone] };
  } finally {
    await browser.close();
  }
}

export function webTable(result: WebBenchResult): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  return [
    '| Web target | measured | target | result | tries | where the time went |',
    '|---|---:|---:|---|---|---|',
    ...result.rows.map(
      (r) =>
        `| ${r.name} | ${r.value} ${r.unit} | ${r.target} | ${r.pass ? 'pass' : 'FAIL'} | ${r.samples?.join(', ') ?? '-'} | ${r.note ?? '-'} |`,
    ),
    '',
    '| Sign-in page script | KB | gzip KB |',
    '|---|---:|---:|',
    ...result.signInChunks.map((c) => `| ${c.url} | ${kb(c.bytes)} | ${kb(c.gzipBytes)} |`),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const result = await runWebBench({
    url: option('--url') ?? 'http://127.0.0.1:3380',
    email: process.env.ADMIN_EMAIL ?? 'admin@example.com',
    password: process.env.ADMIN_PASSWORD ?? 'bench-admin-password',
    tries: Number(option('--tries') ?? 5),
    log: (line) => console.error(`   ${line}`),
  });
  console.log(webTable(result));
  console.log(`\nscreenshots: ${result.screenshots.join(', ')}`);
  if (result.rows.some((r) => !r.pass)) process.exitCode = 1;
}
