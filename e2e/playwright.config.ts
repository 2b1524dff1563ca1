import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The test OpenID provider of single-sign-on.spec.ts (oidc-provider-server.ts). */
export const OIDC_PORT = E2E_PORT + 1000;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;

/**
 * Browser tests against the app started the way the README starts it (`npm start`), on a
 * fresh database, in Debian's Chromium (never a downloaded browser).
 */
/**
 * The browser tests whose outcome can depend on which database serves the app: imports, files,
 * exports, search, large trees, live updates (NOTIFY on a server), the webhook queue, cycles and
 * their counts, roll-ups and history kept by triggers, bulk statements, sign-in and its lockout
 * counters. `npm test` runs every spec on the embedded database; when DATABASE_URL names a server it
 * runs these (E2E_SKIP_UI_ONLY=1, set by scripts/test.mjs), next to every server test, which is
 * where the two databases are compared call by call. The screens, forms, layout and keyboard
 * checks behave the same whichever database answers (decision records 143 and 144).
 * E2E_SKIP_UI_ONLY=0 runs every spec there too.
 */
const DATABASE_SPECS = [
  'attachments',
  'bulk-actions',
  'case-import',
  'cycle-execution',
  'cycles',
  'defects',
  'export',
  'flaky-tests',
  'import-results',
  'live-updates',
  'milestones',
  'orientation-large',
  'plans',
  'reports',
  'requirements',
  'search',
  'shared-steps',
  'sign-in',
  'single-sign-on',
  'status-rollup',
  'tree-large',
  'tree-refresh',
  'webhooks',
];
const databaseSpecsOnly = process.env.E2E_SKIP_UI_ONLY === '1';

/**
 * What makes a spec's outcome depend on the database whatever else it does: a JUnit or case
 * import, a file upload, a webhook receiver, the live-update stream. A spec that does any of these
 * and is missing from DATABASE_SPECS stops the run here (docs/testing.md), so forgetting to add
 * one cannot quietly leave it out of the PostgreSQL server's pass.
 */
const DATABASE_MARKERS =
  /import\/junit|\/case-imports|\/requirement-imports|setInputFiles|createServer\(|\/api\/events/;
const testsDir = path.join(import.meta.dirname, 'tests');
const undeclared = readdirSync(testsDir)
  .filter((file) => file.endsWith('.spec.ts') && !DATABASE_SPECS.includes(file.replace(/\.spec\.ts$/, '')))
  .filter((file) => DATABASE_MARKERS.test(readFileSync(path.join(testsDir, file), 'utf8')));
if (undeclared.length > 0) {
  throw new Error(
    `${undeclared.join(', ')} import, upload, receive webhooks or stream live updates: add them to DATABASE_SPECS in e2e/playwright.config.ts`,
  );
}

/**
 * Chromium's full headless mode preloads the address bar's two popups (WebUI pages, each in a
 * renderer process of its own) for every new window, and every test opens one: turning them off
 * took a third off the browser tests' time on CI's two cores (decision record 149). A second
 * --disable-features replaces Playwright's own, so its list (playwright-core's chromiumSwitches)
 * comes first.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/**
 * Tests tagged LARGE_DATA (fixtures.ts) write thousands of rows in one statement; on the embedded
 * database that holds its one connection for seconds, and a test of a screen running beside it
 * waited past its limit (seen as tests that passed only on a retry). They run last, after every
 * other test, beside each other only.
 */
const LARGE_DATA = /@large-data/;
/**
 * A run started from inside a running one (live-reporter.spec.ts runs a spec of this suite with
 * the Verdict reporter) uses the app and the test provider that are already up.
 */
const reuseServers = process.env.E2E_REUSE_SERVERS === '1';

export default defineConfig({
  testDir: './tests',
  testMatch: databaseSpecsOnly ? new RegExp(`/(${DATABASE_SPECS.join('|')})\\.spec\\.ts$`) : '**/*.spec.ts',
  projects: [
    { name: 'screens', grepInvert: LARGE_DATA },
    { name: 'large data', grep: LARGE_DATA, dependencies: ['screens'] },
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/results.json' }],
    // With VERDICT_URL (and VERDICT_TOKEN, VERDICT_PROJECT) set, the run also fills a Verdict test
    // cycle live through this repository's own reporter (docs/product/live-runs.md).
    ...(process.env.VERDICT_URL ? [['@verdict/playwright-reporter'] as [string]] : []),
  ],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    // Spinners and slide-ins stand still (the app honours prefers-reduced-motion): nothing to wait
    // for before a click, and no frames drawn for nobody.
    reducedMotion: 'reduce',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx e2e/oidc-provider-server.ts',
      cwd: '..',
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      timeout: 120_000,
      reuseExistingServer: reuseServers,
      env: { OIDC_PORT: String(OIDC_PORT), OIDC_REDIRECT_URI: `${BASE_URL}/api/auth/oidc/callback` },
    },
    {
      command: 'bash e2e/start-server.sh',
      cwd: '..',
      url: `${BASE_URL}/api/health`,
      timeout: 300_000,
      reuseExistingServer: reuseServers,
      // The server logs only warnings here (LOG_LEVEL), such as an embedded maintenance run that held
      // the database for long: shown with the test output, so a slow test can be traced to it.
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: 'e2e-admin-password',
        LOG_LEVEL: 'warn',
        // The webhook spec's receiver listens on 127.0.0.1 (docs/product/webhooks.md, "Addresses").
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // Single sign-on through the test provider above (docs/product/single-sign-on.md).
        PUBLIC_URL: BASE_URL,
        OIDC_ISSUER,
        OIDC_CLIENT_ID: 'verdict',
        OIDC_CLIENT_SECRET: 'verdict-test-client-secret',
        OIDC_SCOPES: 'openid email profile groups',
        OIDC_NAME: 'Test provider',
        OIDC_ROLE_CLAIM: 'groups',
        OIDC_ROLE_MAP: 'verdict-admins=Administrator',
      },
    },
  ],
});
