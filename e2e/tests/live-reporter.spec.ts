import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiTokenCreated, Cycle, CycleItem } from '@verdict/contract';
import { createProject, expect, test, unique } from '../fixtures';
import { BASE_URL, E2E_PORT } from '../playwright.config';

/**
 * docs/product/live-runs.md: this repository's own browser tests, run with
 * @verdict/playwright-reporter (configured in playwright.config.ts by VERDICT_URL), fill a cycle
 * of the app they test. The run is a second Playwright inside this one, on the app and the test
 * provider already up (E2E_REUSE_SERVERS), with its own output folder.
 */

const e2eDir = path.resolve(import.meta.dirname, '..');
const cli = path.resolve(e2eDir, '../node_modules/@playwright/test/cli.js');
/** The two theme tests: quick, and what they check is the same on any database. */
const THEME_TESTS = [
  'without a choice the page follows prefers-color-scheme',
  'the toggle switches the theme and is remembered across a reload',
];

function runPlaywright(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { cwd: e2eDir, env: { ...process.env, ...env }, timeout: 150_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          output: stdout + stderr,
        }),
    );
  });
}

test('a run of this suite with the Verdict reporter fills a cycle live', async ({ adminApi }) => {
  test.setTimeout(180_000);
  const project = await createProject(adminApi, unique('browser-tests'));
  const { token } = await adminApi.call<ApiTokenCreated>('POST', '/api/api-tokens', {
    name: unique('playwright-reporter'),
  });
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'verdict-e2e-live-'));
  const runName = unique('Browser tests');
  try {
    const outcome = await runPlaywright(
      [
        'test',
        'tests/theme.spec.ts',
        '--project',
        'screens',
        '--workers',
        '1',
        '--output',
        scratch,
        '-g',
        'prefers-color-scheme|toggle switches',
      ],
      {
        CI: '',
        E2E_PORT: String(E2E_PORT),
        E2E_REUSE_SERVERS: '1',
        PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(scratch, 'results.json'),
        VERDICT_URL: BASE_URL,
        VERDICT_TOKEN: token,
        VERDICT_PROJECT: String(project.id),
        VERDICT_RUN_NAME: runName,
      },
    );
    expect(outcome.code, outcome.output).toBe(0);
    expect(outcome.output).toContain(`Verdict: "${runName}" 2 passed, 0 failed, 0 skipped`);

    const [cycle] = await adminApi.call<Cycle[]>('GET', `/api/projects/${project.id}/cycles`);
    const read = await adminApi.call<Cycle>('GET', `/api/cycles/${cycle!.id}`);
    expect(read).toMatchObject({
      name: runName,
      state: 'closed',
      counts: { total: 2, passed: 2 },
      live: { state: 'finished' },
    });
    const { items } = await adminApi.call<{ items: CycleItem[] }>('GET', `/api/cycles/${cycle!.id}/items`);
    expect(items.map((item) => item.test_case.name).sort()).toEqual([...THEME_TESTS].sort());
    expect(items.every((item) => item.state === 'passed')).toBe(true);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
