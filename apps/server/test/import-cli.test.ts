import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { apiToken, countsOf, fixture, IMPORTER, person, project, treeOf } from './helpers/import-world.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { run, verdictImport } from './helpers/verdict-import.ts';

/** The uploader end to end: a real server on a random port, the CLI as a child process. */

const fixtures = path.join(import.meta.dirname, 'fixtures/junit');

let t: TestApp;
let url: string;
let token: string;
let projectId: number;
let scratch: string;

/** The flags that point the uploader at this file's server, project and token. */
const target = () => ['--url', url, '--token', token, '--project', String(projectId)];
/** The same, as the uploader's VERDICT_* variables. */
const targetEnv = () => ({ VERDICT_URL: url, VERDICT_TOKEN: token, VERDICT_PROJECT: String(projectId) });

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

    const result = await verdictImport([...target(), path.join(fixtures, 'playwright.xml'), dir]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(
        /playwright\.xml: recorded 3 results in "CLI project" \(2 passed, 1 failed\); 1 skipped; created 2 suites and 6 cases; test cycle "auth\.spec\.ts \d{4}-\d\d-\d\d \d\d:\d\d UTC"$/,
      ),
      // Its [[ATTACHMENT|test-results/…]] line names a screenshot this machine does not have.
      expect.stringMatching(
        /playwright\.xml: evidence: 0 files attached \(0 carried by the report, 0 uploaded\), 1 skipped$/,
      ),
      expect.stringMatching(
        /go\.xml: recorded 4 results in "CLI project" \(2 passed, 2 failed\); 1 skipped; created 1 suite and 5 cases; test cycle ".+"$/,
      ),
      'total: 2 reports imported, 7 results recorded (4 passed, 3 failed), 2 skipped',
    ]);
    expect(result.stderr).toMatch(/verdict-import \[1\/2\] uploading .*playwright\.xml \(.+ gzipped\)/);
    expect(result.stderr).toMatch(/verdict-import \[2\/2\] imported in \d+\.\d s/);
    expect(await countsOf(t, projectId)).toMatchObject({ suites: 3, runs: 7 });
    expect(await treeOf(t, projectId)).toContain('auth.spec.ts › Sign in › refuses a wrong password: failed');
  });

  it('names the test cycle and gives it the CI facts: from flags, or read from the CI', async () => {
    const report = path.join(fixtures, 'vitest.xml');
    const cycleOf = async (stdout: string) => {
      const name = /test cycle "(.+)"$/m.exec(stdout)?.[1];
      const [row] = await queryRows<Record<string, string | null>>(
        t.db,
        sql`select name, source, branch, commit, build_url, build_number from test_cycles
          where project_id = ${projectId} and name = ${name ?? ''} order by id desc limit 1`,
      );
      return row;
    };
    const flags = await verdictImport(
      [
        '--name',
        'Nightly 512',
        '--branch',
        'main',
        '--commit',
        'abc123',
        '--build-url',
        'https://ci.example.com/512',
        '--build-number',
        '512',
        report,
      ],
      targetEnv(),
    );
    expect(flags.code, flags.stderr).toBe(0);
    expect(await cycleOf(flags.stdout)).toEqual({
      name: 'Nightly 512',
      source: 'import',
      branch: 'main',
      commit: 'abc123',
      build_url: 'https://ci.example.com/512',
      build_number: '512',
    });

    const github = await verdictImport([report], {
      ...targetEnv(),
      GITHUB_ACTIONS: 'true',
      GITHUB_REF_NAME: 'feature/cycles',
      GITHUB_SHA: 'def456',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'acme/shop',
      GITHUB_RUN_ID: '777',
      GITHUB_RUN_NUMBER: '42',
    });
    expect(github.code, github.stderr).toBe(0);
    expect(await cycleOf(github.stdout)).toMatchObject({
      branch: 'feature/cycles',
      commit: 'def456',
      build_url: 'https://github.com/acme/shop/actions/runs/777',
      build_number: '42',
    });

    const gitlab = await verdictImport(['--branch', 'override', report], {
      ...targetEnv(),
      GITLAB_CI: 'true',
      CI_COMMIT_REF_NAME: 'develop',
      CI_COMMIT_SHA: '0a1b2c',
      CI_PIPELINE_URL: 'https://gitlab.example.com/acme/shop/-/pipelines/9',
      CI_PIPELINE_IID: '9',
    });
    expect(gitlab.code, gitlab.stderr).toBe(0);
    // A flag wins over what the CI says.
    expect(await cycleOf(gitlab.stdout)).toMatchObject({
      branch: 'override',
      commit: '0a1b2c',
      build_number: '9',
    });
  });

  it('reads its settings from VERDICT_* variables and prints JSON with --json', async () => {
    const result = await verdictImport(['--json', '--no-gzip', path.join(fixtures, 'vitest.xml')], {
      ...targetEnv(),
      VERDICT_URL: `${url}/`,
    });
    expect(result.code, result.stderr).toBe(0);
    const answer = JSON.parse(result.stdout);
    expect(answer).toMatchObject({
      file: expect.stringContaining('vitest.xml'),
      summary: { runsRecorded: 3 },
    });
    expect(result.stderr).not.toContain('gzipped');
  });

  it('sends other formats to the results import: by --format, by extension, an Allure directory zipped', async () => {
    const reports = path.join(import.meta.dirname, 'fixtures/reports');
    const json = (stdout: string) =>
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));

    // --format names the format: the report goes to /import/results?format=.
    const named = await verdictImport([
      ...target(),
      '--json',
      '--format',
      'xunit',
      path.join(reports, 'xunit-v2.xml'),
    ]);
    expect(named.code, named.stderr).toBe(0);
    expect(json(named.stdout)).toEqual([
      expect.objectContaining({
        format: 'xunit',
        summary: expect.objectContaining({ tests: 5, retried: 1 }),
      }),
    ]);

    // Without it, *.xml still goes to the JUnit import (whose answer names no format), and a
    // *.trx or *.json file to the results import, which detects its format.
    const trx = path.join(scratch, 'run.trx');
    writeFileSync(trx, readFileSync(path.join(reports, 'mstest.trx.xml')));
    const byExtension = await verdictImport([
      ...target(),
      '--json',
      path.join(fixtures, 'vitest.xml'),
      trx,
      path.join(reports, 'cucumber.json'),
    ]);
    expect(byExtension.code, byExtension.stderr).toBe(0);
    const [junit, detected, cucumber] = json(byExtension.stdout);
    expect(junit).not.toHaveProperty('format');
    expect(detected).toMatchObject({ format: 'trx', summary: { tests: 4, failed: 1 } });
    expect(cucumber).toMatchObject({ format: 'cucumber' });

    // A directory of Allure results is zipped and sent as one report.
    const allure = path.join(scratch, 'allure-results');
    mkdirSync(allure);
    for (const name of readdirSync(path.join(reports, 'allure-results')))
      writeFileSync(path.join(allure, name), readFileSync(path.join(reports, 'allure-results', name)));
    const zipped = await verdictImport([...target(), allure]);
    expect(zipped.code, zipped.stderr).toBe(0);
    expect(zipped.stderr).toMatch(/uploading .*allure-results \(zipped, .+\)/);
    expect(zipped.stdout).toMatch(
      /allure-results: recorded 5 results in "CLI project" \(2 passed, 3 failed, 1 error among the failures\); 1 skipped/,
    );
    const again = await verdictImport([...target(), '--json', '--format', 'allure', allure]);
    expect(json(again.stdout)).toEqual([
      expect.objectContaining({ format: 'allure', summary: expect.objectContaining({ casesCreated: 0 }) }),
    ]);

    const unknown = await verdictImport([...target(), '--format', 'tap', trx]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      '--format takes one of junit, playwright, cucumber, trx, nunit, testng, xunit, allure (got "tap")',
    );
  });

  it("uploads a real Playwright run's screenshots and traces to the cycle's results; a missing file is a line", async () => {
    // A report the real runner wrote (fixtures/reports/playwright-evidence: its spec and config beside
    // it, screenshot: 'on' and trace: 'on'), at the place it was written, with its files.
    const sample = path.join(import.meta.dirname, 'fixtures/reports/playwright-evidence');
    const runDir = path.join(scratch, 'pw-run');
    cpSync(sample, runDir, { recursive: true });
    const written = readFileSync(path.join(sample, 'results.json'), 'utf8');
    const report = path.join(runDir, 'results.json');
    writeFileSync(report, written.replaceAll('/tmp/pw-evidence', runDir));
    rmSync(path.join(runDir, 'output/evidence-shows-the-total/error-context.md'));

    const result = await verdictImport([...target(), '--gate', '--name', 'Evidence run', report]);
    // The gate fails on the new failure, as it would without evidence; the missing file fails nothing.
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the gate failed');
    expect(result.stdout).toMatch(
      /results\.json: evidence: 4 files attached \(0 carried by the report, 4 uploaded\), 1 skipped/,
    );
    expect(result.stderr).toMatch(/evidence skipped: error-context\.md: no file at .*error-context\.md/);

    const [cycle] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from test_cycles where project_id = ${projectId} and name = 'Evidence run'`,
    );
    const files = await queryRows<{ test: string; name: string; content_type: string; size: number }>(
      t.db,
      sql`select c.name as test, a.name, a.content_type, a.size::int as size
        from attachments a join cycle_results r on r.id = a.result_id join cycle_items i on i.id = r.item_id
        join test_cases c on c.id = i.case_id
        where i.cycle_id = ${cycle!.id} and a.complete order by c.name, a.name`,
    );
    const size = (file: string) => readFileSync(path.join(sample, 'output', file)).length;
    expect(files).toEqual([
      {
        test: 'shows the receipt',
        name: 'test-finished-1.png',
        content_type: 'image/png',
        size: size('evidence-shows-the-receipt/test-finished-1.png'),
      },
      {
        test: 'shows the receipt',
        name: 'trace.zip',
        content_type: 'application/zip',
        size: size('evidence-shows-the-receipt/trace.zip'),
      },
      {
        test: 'shows the total',
        name: 'test-failed-1.png',
        content_type: 'image/png',
        size: size('evidence-shows-the-total/test-failed-1.png'),
      },
      {
        test: 'shows the total',
        name: 'trace.zip',
        content_type: 'application/zip',
        size: size('evidence-shows-the-total/trace.zip'),
      },
    ]);
  });

  it('exits 1 naming the server’s reason when a report is refused, and still imports the others', async () => {
    const before = await countsOf(t, projectId);
    const result = await verdictImport([
      ...target(),
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
