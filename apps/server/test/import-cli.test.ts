import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, countsOf, fixture, IMPORTER, person, project, treeOf } from './helpers/import-world.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** The uploader end to end: a real server on a random port, the CLI as a child process. */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(repoRoot, 'packages/cli/bin/verdict-import.mjs');
const fixtures = path.join(import.meta.dirname, 'fixtures/junit');

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd: repoRoot,
        env: { ...process.env, VERDICT_URL: '', VERDICT_TOKEN: '', VERDICT_PROJECT: '', ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const verdictImport = (args: string[], env?: Record<string, string>) =>
  run(process.execPath, [cli, ...args], env);

let t: TestApp;
let url: string;
let token: string;
let projectId: number;
let scratch: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await person(t, IMPORTER);
  projectId = await project(t, owner.id, 'CLI project');
  token = await apiToken(t, owner.session, 'CLI test');
  scratch = mkdtempSync(path.join(os.tmpdir(), 'verdict-cli-'));
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await t.close();
});

describe('verdict-import', () => {
  it('uploads reports and directories of reports, with progress on stderr and a summary on stdout', async () => {
    const dir = path.join(scratch, 'reports');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'go.xml'), fixture('go-junit-report.xml'));
    writeFileSync(path.join(dir, 'notes.txt'), 'not a report');

    const result = await verdictImport([
      '--url',
      url,
      '--token',
      token,
      '--project',
      String(projectId),
      path.join(fixtures, 'playwright.xml'),
      dir,
    ]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(
        /playwright\.xml: recorded 3 results in "CLI project" \(2 passed, 1 failed\); 1 skipped; created 2 suites and 4 cases$/,
      ),
      expect.stringMatching(
        /go\.xml: recorded 4 results in "CLI project" \(2 passed, 2 failed\); 1 skipped; created 1 suite and 4 cases$/,
      ),
      'total: 2 reports imported, 7 results recorded (4 passed, 3 failed), 2 skipped',
    ]);
    expect(result.stderr).toMatch(/verdict-import \[1\/2\] uploading .*playwright\.xml \(.+ gzipped\)/);
    expect(result.stderr).toMatch(/verdict-import \[2\/2\] imported in \d+\.\d s/);
    expect(await countsOf(t, projectId)).toMatchObject({ suites: 3, runs: 7 });
    expect(await treeOf(t, projectId)).toContain('auth.spec.ts › Sign in › refuses a wrong password: failed');
  });

  it('reads its settings from VERDICT_* variables and prints JSON with --json', async () => {
    const result = await verdictImport(['--json', '--no-gzip', path.join(fixtures, 'vitest.xml')], {
      VERDICT_URL: `${url}/`,
      VERDICT_TOKEN: token,
      VERDICT_PROJECT: String(projectId),
    });
    expect(result.code, result.stderr).toBe(0);
    const answer = JSON.parse(result.stdout);
    expect(answer).toMatchObject({
      file: expect.stringContaining('vitest.xml'),
      summary: { runsRecorded: 3 },
    });
    expect(result.stderr).not.toContain('gzipped');
  });

  it('exits 1 naming the server’s reason when a report is refused, and still imports the others', async () => {
    const before = await countsOf(t, projectId);
    const result = await verdictImport([
      '--url',
      url,
      '--token',
      token,
      '--project',
      String(projectId),
      path.join(fixtures, 'malformed.xml'),
      path.join(fixtures, 'jest-junit.xml'),
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\[1\/2\] failed: HTTP 400: The report is not well-formed XML/);
    expect(result.stderr).toContain('verdict-import: 1 of 2 reports failed to import');
    expect(result.stdout).toMatch(/jest-junit\.xml: recorded 4 results/);
    expect((await countsOf(t, projectId)).runs).toBe(before.runs + 4);
  });

  it('exits 1 for a bad token, a hidden project and an unreachable server', async () => {
    const report = path.join(fixtures, 'surefire.xml');
    const badToken = await verdictImport([
      '--url',
      url,
      '--token',
      `vdt_${'x'.repeat(43)}`,
      '--project',
      String(projectId),
      report,
    ]);
    expect(badToken.code).toBe(1);
    expect(badToken.stderr).toContain('HTTP 401: This API token is invalid or has been revoked');

    const hidden = await verdictImport(['--url', url, '--token', token, '--project', '999999', report]);
    expect(hidden.code).toBe(1);
    expect(hidden.stderr).toContain('HTTP 404: Project not found');

    const closed = await verdictImport([
      '--url',
      'http://127.0.0.1:9',
      '--token',
      token,
      '--project',
      '1',
      report,
    ]);
    expect(closed.code).toBe(1);
    expect(closed.stderr).toMatch(/could not reach http:\/\/127\.0\.0\.1:9/);
  });

  it('exits 2 with the usage for missing or bad options', async () => {
    const cases = [
      [],
      ['--url', url, '--token', token, '--project', 'abc', 'x.xml'],
      ['--url', url, '--token', token, '--project', '1'],
      ['--url', url, '--token', token, '--project', '1', path.join(scratch, 'missing.xml')],
      ['--bogus'],
    ];
    for (const args of cases) {
      const result = await verdictImport(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage: verdict-import');
    }
  });

  it('runs as `npx verdict-import` from the repository root', async () => {
    const result = await run('npx', ['--no-install', 'verdict-import', '--version']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe('0.1.0');
  });
});
