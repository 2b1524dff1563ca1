import { gzipSync } from 'node:zlib';
import { IMPORT_LIMITS } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/client.ts';
import { testCases } from '../src/modules/cases/cases-schema.ts';
import { logOf } from '../src/modules/imports/junit-reader.ts';
import { suites } from '../src/modules/suites/suites-schema.ts';
import {
  apiToken,
  countsOf,
  fixture,
  IMPORTER,
  member,
  type Person,
  person,
  project,
  treeOf,
} from './helpers/import-world.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const LIMIT = 64 * 1024;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ IMPORT_MAX_BYTES: String(LIMIT) });
  admin = await t.login();
});
afterAll(() => t.close());

function importXml(
  token: string | undefined,
  projectId: number | string,
  body: string | Buffer,
  headers = {},
) {
  return t.request({
    method: 'POST',
    url: `/api/projects/${projectId}/import/junit`,
    token,
    payload: body,
    headers: { 'content-type': 'application/xml', ...headers },
  });
}

async function imported(token: string, projectId: number, body: string) {
  const res = await importXml(token, projectId, body);
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 201 });
  return res.json();
}

describe('each JUnit dialect becomes suites, cases and runs', () => {
  it('JUnit / Maven Surefire: one suite; failure and error fail, flaky reruns pass, skipped records no run', async () => {
    const p = await project(t);
    const body = await imported(admin, p, fixture('surefire.xml'));
    expect(body.summary).toEqual({
      tests: 5,
      suites: 1,
      suitesCreated: 1,
      cases: 4,
      casesCreated: 5,
      runsRecorded: 4,
      passed: 2,
      failed: 2,
      errors: 1,
      skipped: 1,
      warnings: [],
    });
    expect(body.message).toMatch(/^Recorded 4 results in ".+": 2 passed, 2 failed; 1 skipped/);
    expect(await treeOf(t, p)).toEqual([
      'com.acme.billing.InvoiceServiceTest › appliesVatToNetAmount: failed',
      'com.acme.billing.InvoiceServiceTest › createsInvoiceForOrder: passed',
      // Skipped: its case exists for the import's cycle, with no run.
      'com.acme.billing.InvoiceServiceTest › exportsPdf: ',
      'com.acme.billing.InvoiceServiceTest › retriesPaymentGateway: passed',
      'com.acme.billing.InvoiceServiceTest › sendsInvoiceByEmail: failed',
    ]);
  });

  it('pytest: the class path nests the tests, so equal test names in two modules stay apart', async () => {
    const p = await project(t);
    const body = await imported(admin, p, fixture('pytest.xml'));
    expect(body.summary).toMatchObject({
      tests: 6,
      suites: 1,
      cases: 5,
      casesCreated: 8,
      passed: 3,
      failed: 2,
      errors: 1,
      skipped: 1,
    });
    expect(await treeOf(t, p)).toEqual([
      'pytest › tests.test_cart.TestCart: ',
      'pytest › tests.test_cart.TestCart › test_add_item: passed',
      'pytest › tests.test_cart.TestCart › test_total[0-0.00]: failed',
      'pytest › tests.test_cart.TestCart › test_total[2-4.50]: passed',
      'pytest › tests.test_checkout: ',
      'pytest › tests.test_checkout › test_add_item: passed',
      'pytest › tests.test_checkout › test_pay_with_card: failed',
      'pytest › tests.test_checkout › test_pay_with_voucher: ',
    ]);
  });

  it('Jest (jest-junit): one suite per describe block, flat cases', async () => {
    const p = await project(t);
    const body = await imported(admin, p, fixture('jest-junit.xml'));
    expect(body.summary).toMatchObject({
      tests: 5,
      suites: 2,
      suitesCreated: 2,
      cases: 4,
      casesCreated: 5,
      passed: 3,
      failed: 1,
      skipped: 1,
    });
    expect(await treeOf(t, p)).toEqual([
      'Calculator › Calculator adds two numbers: passed',
      'Calculator › Calculator divides by zero: failed',
      'Calculator › Calculator rounds currency: ',
      'LoginForm › LoginForm shows an error for a wrong password: passed',
      'LoginForm › LoginForm submits with Enter: passed',
    ]);
  });

  it('Playwright: one suite per spec file, describe blocks (›) as parent cases', async () => {
    const p = await project(t);
    const body = await imported(admin, p, fixture('playwright.xml'));
    expect(body.summary).toMatchObject({
      tests: 4,
      suites: 2,
      cases: 3,
      casesCreated: 6,
      passed: 2,
      failed: 1,
      skipped: 1,
    });
    expect(await treeOf(t, p)).toEqual([
      'auth.spec.ts › Sign in: ',
      'auth.spec.ts › Sign in › refuses a wrong password: failed',
      'auth.spec.ts › Sign in › shows the dashboard after a valid sign-in: passed',
      'auth.spec.ts › Sign out: ',
      'auth.spec.ts › Sign out › clears the session: ',
      'projects.spec.ts › creates a project: passed',
    ]);
  });

  it('Go (go-junit-report): subtests nest under their test, which keeps its own run', async () => {
    const p = await project(t);
    const body = await imported(admin, p, fixture('go-junit-report.xml'));
    expect(body.summary).toMatchObject({
      tests: 5,
      suites: 1,
      cases: 4,
      casesCreated: 5,
      passed: 2,
      failed: 2,
      skipped: 1,
    });
    expect(await treeOf(t, p)).toEqual([
      'github.com/acme/ledger/money › TestConvertLive: ',
      'github.com/acme/ledger/money › TestDivide: failed',
      'github.com/acme/ledger/money › TestDivide › by_zero: passed',
      'github.com/acme/ledger/money › TestDivide › rounds_half_even: failed',
      'github.com/acme/ledger/money › TestParse: passed',
    ]);
  });

  it('Vitest: describe blocks (>) nest, slashes in titles stay', async () => {
    const p = await project(t);
    const body = await imported(admin, p, fixture('vitest.xml'));
    expect(body.summary).toMatchObject({
      tests: 4,
      suites: 1,
      cases: 3,
      casesCreated: 7,
      passed: 2,
      failed: 1,
      skipped: 1,
    });
    expect(await treeOf(t, p)).toEqual([
      'test/users.test.ts › DELETE /api/users/delete/{id}: ',
      'test/users.test.ts › DELETE /api/users/delete/{id} › refuses to delete oneself: ',
      'test/users.test.ts › GET /api/users/{id}: ',
      'test/users.test.ts › GET /api/users/{id} › answers oneself: passed',
      'test/users.test.ts › GET /api/users/{id} › sub-users: ',
      'test/users.test.ts › GET /api/users/{id} › sub-users › are visible to their account: failed',
      'test/users.test.ts › GET /api/users/{id} › sub-users › stay hidden from other accounts: passed',
    ]);
  });
});

describe('the test cycle of an import', () => {
  it('holds every test case: results with durations and failures, skipped tests as skipped items', async () => {
    const p = await project(t);
    const res = await t.request({
      method: 'POST',
      url: `/api/projects/${p}/import/junit?name=Nightly%20512&branch=main&commit=abc123&build_url=https%3A%2F%2Fci.example.com%2F512&build_number=512`,
      token: admin,
      payload: fixture('surefire.xml'),
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer.cycle).toEqual({ id: expect.any(Number), name: 'Nightly 512' });

    const cycle = (
      await t.request({ method: 'GET', url: `/api/cycles/${answer.cycle.id}`, token: admin })
    ).json();
    expect(cycle).toMatchObject({
      source: 'import',
      state: 'open',
      branch: 'main',
      commit: 'abc123',
      build_url: 'https://ci.example.com/512',
      build_number: '512',
      counts: { total: 5, untested: 0, passed: 2, failed: 2, blocked: 0, skipped: 1 },
    });
    const { items } = (
      await t.request({ method: 'GET', url: `/api/cycles/${cycle.id}/items`, token: admin })
    ).json();
    const byName = new Map(items.map((item: { test_case: { name: string } }) => [item.test_case.name, item]));
    const detail = async (name: string) => {
      const item = byName.get(name) as { id: number };
      return (await t.request({ method: 'GET', url: `/api/cycle-items/${item.id}`, token: admin })).json();
    };

    const failed = await detail('appliesVatToNetAmount');
    expect(failed.item.state).toBe('failed');
    expect(failed.results).toEqual([
      expect.objectContaining({
        state: 'failed',
        elapsed_ms: 11,
        run_id: expect.any(Number),
        failure: {
          message: 'expected: <119.00> but was: <100.00>',
          type: 'org.opentest4j.AssertionFailedError',
          text: expect.stringMatching(
            /^org\.opentest4j\.AssertionFailedError: expected: <119\.00> but was: <100\.00>\n\tat com\.acme/,
          ),
        },
      }),
    ]);
    // The run the result recorded is the case's own run.
    const [run] = await queryRows<{ status: string; case_name: string }>(
      t.db,
      sql`select r.status, c.name as case_name from test_runs r join test_cases c on c.id = r.case_id
        where r.id = ${failed.results[0].run_id}`,
    );
    expect(run).toEqual({ status: 'failed', case_name: 'appliesVatToNetAmount' });

    const error = await detail('sendsInvoiceByEmail');
    expect(error.results[0]).toMatchObject({
      state: 'failed',
      elapsed_ms: 300,
      failure: { message: 'Connection refused', type: 'java.net.ConnectException' },
    });
    const skipped = await detail('exportsPdf');
    expect(skipped.item.state).toBe('skipped');
    expect(skipped.results).toEqual([
      expect.objectContaining({ state: 'skipped', run_id: null, failure: null }),
    ]);
    const passed = await detail('createsInvoiceForOrder');
    expect(passed.results[0]).toMatchObject({ state: 'passed', elapsed_ms: 102, failure: null });
  });
});

describe("a test case's output", () => {
  it('system-out and system-err become the log of its result in the cycle', async () => {
    const p = await project(t);
    const report = `<testsuite name="checkout">
      <system-out>suite output is not a test's</system-out>
      <testcase name="pays" time="0.5">
        <failure message="declined">stack</failure>
        <system-out>POST /pay 402
attempt 2</system-out>
        <system-err><![CDATA[warn: <retry>]]></system-err>
      </testcase>
      <testcase name="quiet"/>
      <testcase name="talks"><system-out>  hello  </system-out></testcase>
    </testsuite>`;
    const body = await imported(admin, p, report);
    const rows = await queryRows<{ name: string; log: string | null; failure_text: string | null }>(
      t.db,
      sql`select c.name, r.log, r.failure_text from cycle_results r join cycle_items i on i.id = r.item_id
        join test_cases c on c.id = i.case_id where i.cycle_id = ${body.cycle.id} order by c.name`,
    );
    expect(rows).toEqual([
      {
        name: 'pays',
        log: 'system-out:\nPOST /pay 402\nattempt 2\n\nsystem-err:\nwarn: <retry>',
        failure_text: 'stack',
      },
      { name: 'quiet', log: null, failure_text: null },
      { name: 'talks', log: 'system-out:\nhello', failure_text: null },
    ]);
  });

  it('is cut to IMPORT_LIMITS.logMax characters', () => {
    const log = logOf({ 'system-out': 'o'.repeat(IMPORT_LIMITS.logMax), 'system-err': 'e' });
    expect(log).toHaveLength(IMPORT_LIMITS.logMax);
    expect(log!.startsWith('system-out:\nooo')).toBe(true);
    expect(logOf({ 'system-out': '  ', 'system-err': '' })).toBeNull();
  });
});

describe('re-importing and matching', () => {
  it('adds runs to the same cases, never duplicate suites or cases', async () => {
    const p = await project(t);
    await imported(admin, p, fixture('playwright.xml'));
    const before = await countsOf(t, p);
    const again = await imported(admin, p, fixture('playwright.xml'));
    expect(again.summary).toMatchObject({ suitesCreated: 0, casesCreated: 0, runsRecorded: 3 });
    const after = await countsOf(t, p);
    expect(after).toMatchObject({ suites: before.suites, cases: before.cases, runs: before.runs * 2 });
    expect(await treeOf(t, p)).toContain('auth.spec.ts › Sign in › refuses a wrong password: failed,failed');
  });

  it('matches suites and cases made by hand, by name', async () => {
    const p = await project(t);
    const [suite] = await t.db.insert(suites).values({ projectId: p, name: 'Calculator' }).returning();
    await t.db
      .insert(testCases)
      .values({ projectId: p, suiteId: suite!.id, name: 'Calculator adds two numbers' });
    const body = await imported(admin, p, fixture('jest-junit.xml'));
    expect(body.summary).toMatchObject({ suitesCreated: 1, casesCreated: 4 });
    expect(await countsOf(t, p)).toMatchObject({ suites: 2, cases: 5 });
  });

  it('records one run per occurrence when a report names a test twice (e.g. two browsers)', async () => {
    const p = await project(t);
    const twice = fixture('playwright.xml').replace(
      '</testsuites>',
      '<testsuite name="projects.spec.ts" hostname="firefox"><testcase name="creates a project" classname="projects.spec.ts"/></testsuite></testsuites>',
    );
    const body = await imported(admin, p, twice);
    expect(body.summary).toMatchObject({ cases: 3, casesCreated: 6, runsRecorded: 4 });
    expect(await treeOf(t, p)).toContain('projects.spec.ts › creates a project: passed,passed');
  });

  it("gives each new case its last run's status, as the kept status list and a recount from the runs say", async () => {
    const p = await project(t);
    const report = `<testsuite name="status">
      <testcase classname="status" name="fails then passes"><failure message="first"/></testcase>
      <testcase classname="status" name="passes then fails"/>
      <testcase classname="status" name="fails then passes"/>
      <testcase classname="status" name="passes then fails"><failure message="second"/></testcase>
      <testcase classname="status" name="skipped"><skipped/></testcase>
      </testsuite>`;
    await imported(admin, p, report);
    const statuses = await queryRows<{
      name: string;
      kept: string | null;
      listed: string | null;
      recount: string | null;
    }>(
      t.db,
      sql`select c.name, c.latest_run_status as kept, s.status as listed,
          (select r.status from test_runs r where r.case_id = c.id order by r.id desc limit 1) as recount
        from test_cases c left join case_run_states s on s.case_id = c.id
        where c.project_id = ${p} order by c.name`,
    );
    expect(statuses).toEqual([
      { name: 'fails then passes', kept: 'passed', listed: 'passed', recount: 'passed' },
      { name: 'passes then fails', kept: 'failed', listed: 'failed', recount: 'failed' },
      { name: 'skipped', kept: null, listed: null, recount: null },
    ]);
  });

  it('keeps the dashboard counters, and records runs executed by the importer', async () => {
    const importer = await person(t, IMPORTER);
    const p = await project(t, importer.id);
    await imported(importer.session, p, fixture('go-junit-report.xml'));
    await imported(importer.session, p, fixture('go-junit-report.xml'));
    expect((await countsOf(t, p)).stats).toBe('1/4/4');
    const executors = await queryRows<{ executed_by: number }>(
      t.db,
      sql`select distinct executed_by from test_runs where project_id = ${p}`,
    );
    expect(executors).toEqual([{ executed_by: importer.id }]);
  });

  it('shortens names beyond 255 characters and says so', async () => {
    const p = await project(t);
    const long = 'x'.repeat(300);
    const body = await imported(
      admin,
      p,
      `<testsuite name="s"><testcase name="${long}"/><testcase name="${long}"/></testsuite>`,
    );
    expect(body.summary).toMatchObject({
      cases: 1,
      runsRecorded: 2,
      warnings: ['2 test name(s) longer than 255 characters were shortened'],
    });
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select length(name) as n from test_cases where project_id = ${p}`,
    );
    expect(row!.n).toBe(255);
  });

  it('answers a summary with no run recorded for an empty or all-skipped report', async () => {
    const p = await project(t);
    const empty = await imported(admin, p, '<testsuites/>');
    expect(empty.message).toBe('The report has no test cases; nothing was recorded');
    const skipped = await imported(
      admin,
      p,
      '<testsuite name="s"><testcase name="a"><skipped/></testcase></testsuite>',
    );
    expect(skipped.summary).toMatchObject({ tests: 1, skipped: 1, runsRecorded: 0 });
    // The skipped test's case exists for the import's cycle; no run is recorded.
    expect(await countsOf(t, p)).toMatchObject({ suites: 1, cases: 1, runs: 0 });
    expect(empty.cycle).toBeNull();
    expect(skipped.cycle).toMatchObject({ name: expect.stringMatching(/^s \d{4}-\d\d-\d\d \d\d:\d\d UTC$/) });
  });

  it('reads Latin-1 reports and accepts text/xml', async () => {
    const p = await project(t);
    const latin1 = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><testsuite name="Résumé"><testcase name="crée"/></testsuite>',
      'latin1',
    );
    await imported(admin, p, latin1 as unknown as string);
    const res = await importXml(admin, p, '<testsuite name="Résumé"><testcase name="crée"/></testsuite>', {
      'content-type': 'text/xml; charset=utf-8',
    });
    expect(res.statusCode).toBe(201);
    expect(await treeOf(t, p)).toEqual(['Résumé › crée: passed,passed']);
  });

  it('accepts a gzip-compressed report', async () => {
    const p = await project(t);
    const res = await importXml(admin, p, gzipSync(fixture('vitest.xml')), { 'content-encoding': 'gzip' });
    expect(res.statusCode).toBe(201);
    expect(res.json().summary.runsRecorded).toBe(3);
  });
});

describe('refusing bad reports', () => {
  let p: number;
  beforeAll(async () => {
    p = await project(t);
  });

  it.each([['billion-laughs.xml'], ['external-entity.xml'], ['doctype.xml']])(
    'refuses %s: no DTD, so no entity expansion',
    async (file) => {
      const res = await importXml(admin, p, fixture(file));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'The report contains a DOCTYPE declaration; Verdict refuses DTDs and entity declarations in reports',
      );
    },
  );

  it('refuses malformed XML, naming where it breaks', async () => {
    const res = await importXml(admin, p, fixture('malformed.xml'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The report is not well-formed XML \(line 5, column \d+: .+\)$/);
  });

  it.each([
    [
      'an undefined entity',
      '<testsuite name="s"><testcase name="&nope;"/></testsuite>',
      /not well-formed XML/,
    ],
    ['two roots', '<testsuite name="a"/><testsuite name="b"/>', /not well-formed XML/],
    ['text that is not XML', 'PASS src/app.test.ts (3 tests)', /not well-formed XML/],
    [
      'another XML format',
      '<html><body>report</body></html>',
      /^This is not a JUnit XML report: its root element is <html>$/,
    ],
    [
      'an unsupported encoding',
      '<?xml version="1.0" encoding="EBCDIC-CP-US"?><testsuite/>',
      /encoding "EBCDIC-CP-US" is not supported/,
    ],
    ['corrupt gzip', 'not gzip at all', /not valid gzip/],
  ])('refuses %s with a 400', async (what, body, message) => {
    const headers = what === 'corrupt gzip' ? { 'content-encoding': 'gzip' } : {};
    const res = await importXml(admin, p, body, headers);
    expect({ status: res.statusCode, message: res.json().message }).toMatchObject({
      status: 400,
      message: expect.stringMatching(message),
    });
  });

  it('refuses an empty body', async () => {
    const res = await importXml(admin, p, '');
    expect(res.statusCode).toBe(400);
  });

  it('refuses a report over IMPORT_MAX_BYTES with 413, also when gzip hides its size', async () => {
    const big = `<testsuite name="big">${'<testcase name="t"/>'.repeat(LIMIT / 10)}</testsuite>`;
    const plain = await importXml(admin, p, big);
    expect(plain.statusCode).toBe(413);
    expect(plain.json().message).toBe(
      'The report is larger than the limit of 64 KB (server setting IMPORT_MAX_BYTES)',
    );
    const bomb = gzipSync(big);
    expect(bomb.length).toBeLessThan(LIMIT);
    const zipped = await importXml(admin, p, bomb, { 'content-encoding': 'gzip' });
    expect(zipped.statusCode).toBe(413);
  });

  it('refuses other media types and encodings with 415', async () => {
    const json = await t.request({
      method: 'POST',
      url: `/api/projects/${p}/import/junit`,
      token: admin,
      payload: { xml: '<testsuite/>' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Send the report as XML, with Content-Type: application/xml');
    const brotli = await importXml(admin, p, '<testsuite/>', { 'content-encoding': 'br' });
    expect(brotli.statusCode).toBe(415);
  });

  it('writes nothing for any refused report', async () => {
    expect(await countsOf(t, p)).toMatchObject({ suites: 0, cases: 0, runs: 0 });
  });

  it('reads IMPORT_MAX_BYTES at start and refuses a bad value', () => {
    expect(loadConfig({}).importMaxBytes).toBe(50 * 1024 * 1024);
    expect(loadConfig({ IMPORT_MAX_BYTES: '2048' }).importMaxBytes).toBe(2048);
    expect(() => loadConfig({ IMPORT_MAX_BYTES: '50MB' })).toThrow(/IMPORT_MAX_BYTES/);
  });
});

describe('who may import', () => {
  const report = fixture('vitest.xml');

  it('answers 401 without a token and 400 for a malformed project id', async () => {
    expect((await importXml(undefined, 1, report)).statusCode).toBe(401);
    expect((await importXml(admin, 'abc', report)).statusCode).toBe(400);
    expect((await importXml(admin, 0, report)).statusCode).toBe(400);
  });

  it('answers 404 for a missing project and for one the caller cannot see', async () => {
    const stranger = await person(t, IMPORTER);
    const p = await project(t);
    for (const [token, id] of [
      [admin, 999_999],
      [stranger.session, p],
    ] as const) {
      const res = await importXml(token, id, report);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({
        status: 404,
        message: 'Project not found',
      });
    }
  });

  it('needs import_results, globally or through the project role', async () => {
    const p = await project(t);
    const without = await person(
      t,
      IMPORTER.filter((name) => name !== 'import_results'),
    );
    await member(t, p, without.id, []);
    const refused = await importXml(without.session, p, report);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('import_results');

    const viaProject = await person(t);
    await member(t, p, viaProject.id, IMPORTER);
    expect((await importXml(viaProject.session, p, report)).statusCode).toBe(201);
  });

  async function memberWith(p: number, names: readonly string[]): Promise<Person> {
    const someone = await person(t);
    await member(t, p, someone.id, names);
    return someone;
  }

  it.each([
    ['add_test_run_in_test_case', 'to record runs'],
    ['add_test_suit_in_project', 'when a suite is missing'],
    ['add_test_case_in_test_suit', 'when a top-level case is missing'],
    ['add_test_case_in_test_case', 'when a child case is missing'],
  ])('needs %s %s, and writes nothing without it', async (missing) => {
    const p = await project(t);
    const limited = await memberWith(
      p,
      IMPORTER.filter((name) => name !== missing),
    );
    const res = await importXml(limited.session, p, report);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain(missing);
    expect(await countsOf(t, p)).toMatchObject({ suites: 0, cases: 0, runs: 0 });
  });

  it('needs only import_results and add_test_run_in_test_case once the cases exist', async () => {
    const p = await project(t);
    await imported(admin, p, report);
    const recorder = await memberWith(p, ['import_results', 'add_test_run_in_test_case']);
    const body = await imported(recorder.session, p, report);
    expect(body.summary).toMatchObject({ suitesCreated: 0, casesCreated: 0, runsRecorded: 3 });
  });

  it('works with an API token, acting as its owner', async () => {
    const p = await project(t);
    const owner = await memberWith(p, IMPORTER);
    const secret = await apiToken(t, owner.session);
    const body = await imported(secret, p, report);
    expect(body.project).toEqual({ id: p, name: expect.any(String) });
    const [row] = await queryRows<{ executed_by: number }>(
      t.db,
      sql`select executed_by from test_runs where project_id = ${p} limit 1`,
    );
    expect(row!.executed_by).toBe(owner.id);
  });
});
