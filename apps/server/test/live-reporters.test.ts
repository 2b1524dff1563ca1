import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, IMPORTER, person, project } from './helpers/import-world.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { repoRoot, run } from './helpers/verdict-import.ts';

/**
 * The live reporters end to end (docs/product/live-runs.md): the real Playwright and Vitest runners,
 * each with its reporter, against a real server on a random port, then the cycle they made.
 */

const fixtures = path.join(import.meta.dirname, 'fixtures/live-runs');
let t: TestApp;
let url: string;
let token: string;
/** The admin's session, to read the cycles back (the reporters' token only imports). */
let session: string;
let scratch: string;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await person(t, IMPORTER);
  session = await t.login();
  token = await apiToken(t, owner.session, 'Live reporters');
  scratch = mkdtempSync(path.join(os.tmpdir(), 'verdict-live-'));
  ownerId = owner.id;
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await t.close();
});

const envFor = (projectId: number, name: string) => ({
  VERDICT_URL: url,
  VERDICT_TOKEN: token,
  VERDICT_PROJECT: String(projectId),
  VERDICT_RUN_NAME: name,
  LIVE_OUTPUT_DIR: path.join(scratch, name),
});

/** The project's only cycle, its items by name and each item's results with their files. */
async function cycleOf(projectId: number) {
  const api = as(t, session);
  const [listed] = expectStatus(await api.get(`/api/projects/${projectId}/cycles`), 200);
  const cycle = expectStatus(await api.get(`/api/cycles/${listed.id}`), 200);
  const { items } = expectStatus(await api.get(`/api/cycles/${cycle.id}/items?limit=100`), 200);
  const byName: Record<string, { state: string; files: string[]; suite: number }> = {};
  for (const item of items) {
    const { results } = expectStatus(await api.get(`/api/cycle-items/${item.id}`), 200);
    const files: string[] = [];
    for (const result of results) {
      const { attachments } = expectStatus(await api.get(`/api/cycle-results/${result.id}/attachments`), 200);
      files.push(...attachments.map((a: { name: string; content_type: string }) => a.content_type));
    }
    byName[item.test_case.name] = { state: item.state, files: files.sort(), suite: item.test_case.suite_id };
  }
  return { cycle, byName };
}

/** `vitest run` with these arguments, in a process of its own. */
const runVitest = (args: string[], env: Record<string, string>) =>
  run(process.execPath, [path.join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', ...args], env);

describe('@verdict/playwright-reporter', () => {
  it('fills a cycle from a real Playwright run, with each test’s screenshot and trace', async () => {
    const projectId = await project(t, ownerId, 'Playwright live');
    const outcome = await run(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/@playwright/test/cli.js'),
        'test',
        '-c',
        path.join(fixtures, 'playwright.live.config.ts'),
      ],
      envFor(projectId, 'Browser live'),
    );
    // One test fails on purpose: the run's own exit status, which the reporter leaves alone.
    expect(outcome.code, outcome.stderr).toBe(1);
    expect(outcome.stderr).toMatch(
      /Verdict: "Browser live" 1 passed, 1 failed, 0 skipped — gate fails: 1 new/,
    );
    expect(outcome.stderr).not.toMatch(/not reported|not attached/);

    const { cycle, byName } = await cycleOf(projectId);
    expect(cycle).toMatchObject({
      name: 'Browser live',
      source: 'import',
      state: 'closed',
      counts: { total: 2, passed: 1, failed: 1 },
      live: { state: 'finished' },
    });
    expect(Object.keys(byName).sort()).toEqual(['shows the tax', 'shows the total']);
    expect(byName['shows the total']).toMatchObject({ state: 'passed' });
    expect(byName['shows the tax']).toMatchObject({ state: 'failed' });
    for (const name of Object.keys(byName)) {
      expect(byName[name]!.files).toEqual(expect.arrayContaining(['application/zip', 'image/png']));
    }
  }, 120_000);
});

describe('@verdict/vitest-reporter', () => {
  it('fills a cycle from a real Vitest run', async () => {
    const projectId = await project(t, ownerId, 'Vitest live');
    const outcome = await runVitest(
      ['--config', path.join(fixtures, 'vitest.live.config.ts')],
      envFor(projectId, 'Unit live'),
    );
    expect(outcome.code, outcome.stdout + outcome.stderr).toBe(1);
    expect(outcome.stderr).toMatch(/Verdict: "Unit live" 1 passed, 1 failed, 1 skipped — gate fails: 1 new/);

    const { cycle, byName } = await cycleOf(projectId);
    expect(cycle).toMatchObject({
      name: 'Unit live',
      state: 'closed',
      counts: { total: 3, passed: 1, failed: 1, skipped: 1 },
      live: { state: 'finished' },
    });
    expect(byName).toMatchObject({
      adds: { state: 'passed' },
      subtracts: { state: 'failed' },
      divides: { state: 'skipped' },
    });
  }, 120_000);
});

describe("this repository's own tests with their reporters", () => {
  it('fills a cycle from a run of the web app’s own unit tests (apps/web/vitest.config.ts)', async () => {
    const projectId = await project(t, ownerId, 'Web unit tests');
    const outcome = await runVitest(
      [
        '--root',
        path.join(repoRoot, 'apps/web'),
        'src/lib/format-duration.test.ts',
        'src/lib/pagination.test.ts',
      ],
      { ...envFor(projectId, 'Web unit tests'), NO_COLOR: '1', FORCE_COLOR: '0' },
    );
    expect(outcome.code, outcome.stdout + outcome.stderr).toBe(0);
    const passed = Number(/Tests\s+(\d+) passed/.exec(outcome.stdout)?.[1]);
    expect(passed).toBe(9);
    expect(outcome.stderr).toMatch(/Verdict: "Web unit tests" 9 passed, 0 failed, 0 skipped/);

    const { cycle, byName } = await cycleOf(projectId);
    expect(cycle).toMatchObject({
      name: 'Web unit tests',
      state: 'closed',
      counts: { total: 9, passed: 9 },
      live: { state: 'finished' },
    });
    expect(byName).toMatchObject({
      'formats a timer and a test duration': { state: 'passed' },
      'always includes the current page and never repeats one': { state: 'passed' },
    });
  }, 120_000);
});
