import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { project, treeOf } from './helpers/import-world.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { zipOf } from './helpers/zip-archive.ts';

/**
 * The results import's XML formats (TRX, NUnit 3, TestNG, xUnit.net v2) and Allure results as a
 * zip, through POST /api/projects/{id}/import/results: the samples in fixtures/reports, detected
 * and named, malformed and hostile reports refused, and a case named in a test landed on.
 */

const LIMIT = 64 * 1024;
const reports = path.join(import.meta.dirname, 'fixtures/reports');
const sample = (name: string) => readFileSync(path.join(reports, name), 'utf8');

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ IMPORT_MAX_BYTES: String(LIMIT) });
  admin = await t.login();
});
afterAll(() => t.close());

function postReport(projectId: number, body: string | Buffer, format?: string, type = 'application/xml') {
  return t.request({
    method: 'POST',
    url: `/api/projects/${projectId}/import/results${format ? `?format=${format}` : ''}`,
    token: admin,
    payload: body,
    headers: { 'content-type': type },
  });
}

/** The Allure sample directory as its CI job would zip it. */
const allureZip = () => {
  const dir = path.join(reports, 'allure-results');
  return zipOf(
    readdirSync(dir)
      .sort()
      .map((name) => ({ name: `allure-results/${name}`, data: readFileSync(path.join(dir, name)) })),
  );
};

/** The cycle's items by case name: state, and each result's state, time, failure, log and steps. */
async function cycleResults(cycleId: number) {
  const api = as(t, admin);
  const page = expectStatus(await api.get(`/api/cycles/${cycleId}/items?limit=1000`), 200);
  const byName: Record<string, { state: string; results: any[] }> = {};
  for (const item of page.items) {
    const detail = expectStatus(await api.get(`/api/cycle-items/${item.id}`), 200);
    byName[item.test_case.name] = {
      state: item.state,
      results: detail.results.map((r: any) => ({
        state: r.state,
        elapsed_ms: r.elapsed_ms,
        failure: r.failure,
        log: r.log,
        step_results: r.step_results,
      })),
    };
  }
  return byName;
}

async function caseId(projectId: number, name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from test_cases where project_id = ${projectId} and name = ${name}`,
  );
  return row!.id;
}

const SAMPLES = {
  trx: {
    file: 'mstest.trx.xml',
    summary: { tests: 4, suites: 1, passed: 2, failed: 1, errors: 0, skipped: 1, runsRecorded: 3 },
    tree: [
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests: ',
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests › AddsTwoNumbers: passed',
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests › DividesByZero: failed',
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests › RoundsHalfUp: ',
      'Calculator.Tests.dll › Calculator.Tests.FormatterTests: ',
      'Calculator.Tests.dll › Calculator.Tests.FormatterTests › FormatsCurrency: passed',
    ],
  },
  nunit: {
    file: 'nunit3.xml',
    summary: { tests: 5, suites: 1, passed: 2, failed: 2, errors: 1, skipped: 1, runsRecorded: 4 },
    tree: [
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests: ',
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests › AddsTwoNumbers: passed',
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests › DividesByZero: failed',
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests › Multiplies(-2,3,6): failed',
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests › Multiplies(2,3,6): passed',
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests › RoundsHalfUp: ',
    ],
  },
  testng: {
    file: 'testng-results.xml',
    summary: {
      tests: 6,
      suites: 2,
      passed: 4,
      failed: 2,
      errors: 0,
      skipped: 1,
      runsRecorded: 6,
      retried: 1,
    },
    tree: [
      'com.acme.shop.CartTest › addsItem: passed',
      'com.acme.shop.CartTest › appliesVoucher: failed',
      'com.acme.shop.CartTest › checksOut: failed,passed',
      'com.acme.shop.CartTest › exportsInvoice: ',
      'com.acme.shop.PriceTest › rounds(EUR, 1.005): passed',
      'com.acme.shop.PriceTest › rounds(JPY, 100.5): passed',
    ],
  },
  xunit: {
    file: 'xunit-v2.xml',
    summary: {
      tests: 5,
      suites: 1,
      passed: 3,
      failed: 2,
      errors: 0,
      skipped: 1,
      runsRecorded: 5,
      retried: 1,
    },
    tree: [
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests: ',
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests › AddsTwoNumbers: passed',
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests › DividesByZero: failed',
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests › Multiplies(a: 2, b: 3, product: 6): passed',
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests › RoundsHalfUp: ',
      'Calculator.Tests.dll › Calculator.Tests.CalculatorTests › TalksToTheClock: failed,passed',
    ],
  },
} as const;

describe('each XML format imports its sample, detected or named', () => {
  for (const [format, { file, summary, tree }] of Object.entries(SAMPLES)) {
    it(`${format}: detected from the report, then named by ?format=, onto the same cases`, async () => {
      const p = await project(t);
      const detected = expectStatus(await postReport(p, sample(file)), 201);
      expect(detected.format).toBe(format);
      expect(detected.summary).toMatchObject({ ...summary, suitesCreated: summary.suites, warnings: [] });
      expect(await treeOf(t, p)).toEqual(tree);

      const named = expectStatus(await postReport(p, sample(file), format), 201);
      expect(named.format).toBe(format);
      expect(named.summary).toMatchObject({ ...summary, suitesCreated: 0, casesCreated: 0 });
    });
  }

  it('TRX: durations, the failure message and stack trace, stdout and stderr as the log', async () => {
    const p = await project(t);
    const body = expectStatus(await postReport(p, sample('mstest.trx.xml')), 201);
    expect(body.cycle.name).toMatch(/^ci@build-agent 2024-05-02 10:15:30/);
    const items = await cycleResults(body.cycle.id);
    expect(items.AddsTwoNumbers!.results).toEqual([
      expect.objectContaining({ state: 'passed', elapsed_ms: 12 }),
    ]);
    expect(items.DividesByZero!.results).toEqual([
      {
        state: 'failed',
        elapsed_ms: 1500,
        failure: {
          message: 'Assert.AreEqual failed. Expected:<0>. Actual:<1>.',
          type: null,
          text: 'at Calculator.Tests.CalculatorTests.DividesByZero() in /src/Calculator.Tests/CalculatorTests.cs:line 27',
        },
        log: 'stdout:\nDividing 1 by 0\n\nstderr:\nwarning: divisor is zero',
        step_results: null,
      },
    ]);
    expect(items.RoundsHalfUp).toEqual({
      state: 'skipped',
      results: [expect.objectContaining({ state: 'skipped', failure: null })],
    });
    expect(items.FormatsCurrency!.results[0]).toMatchObject({
      elapsed_ms: 250,
      log: 'stdout:\nCulture: en-US',
    });
  });

  it('NUnit 3: a failure labelled Error is an error; message, stack trace and output kept', async () => {
    const p = await project(t);
    const body = expectStatus(await postReport(p, sample('nunit3.xml')), 201);
    expect(body.cycle.name).toMatch(/^Calculator\.Tests\.dll /);
    const items = await cycleResults(body.cycle.id);
    expect(items.DividesByZero!.results[0]).toEqual({
      state: 'failed',
      elapsed_ms: 350,
      failure: {
        message: 'System.DivideByZeroException : Attempted to divide by zero.',
        type: null,
        text: expect.stringMatching(/^at Calculator\.Calculator\.Divide.*\n.*CalculatorTests\.cs:line 31$/),
      },
      log: 'output:\nDividing 1 by 0',
      step_results: null,
    });
    expect(items['Multiplies(-2,3,6)']!.results[0]).toMatchObject({
      elapsed_ms: 205,
      failure: { message: 'Expected: 6\n  But was:  -6' },
    });
    expect(items.AddsTwoNumbers!.results[0]).toMatchObject({
      state: 'passed',
      elapsed_ms: 12,
      failure: null,
    });
  });

  it('TestNG: configuration methods left out, a retried attempt failed and its retry passed', async () => {
    const p = await project(t);
    const body = expectStatus(await postReport(p, sample('testng-results.xml')), 201);
    expect(body.cycle.name).toMatch(/^Shop /);
    const items = await cycleResults(body.cycle.id);
    expect(items.setUp).toBeUndefined();
    expect(items.checksOut!.state).toBe('passed');
    expect(items.checksOut!.results).toEqual([
      expect.objectContaining({
        state: 'failed',
        elapsed_ms: 800,
        failure: {
          message: 'Read timed out',
          type: 'java.net.SocketTimeoutException',
          text: expect.stringContaining('CartTest.java:57'),
        },
      }),
      expect.objectContaining({ state: 'passed', elapsed_ms: 450, failure: null }),
    ]);
    expect(items.appliesVoucher!.results[0]).toMatchObject({
      elapsed_ms: 310,
      failure: { message: 'expected [90.0] but found [100.0]', type: 'java.lang.AssertionError' },
    });
    expect(items.addsItem!.results[0]).toMatchObject({ log: 'reporter-output:\nCart holds 1 item' });
    expect(items.exportsInvoice).toEqual({
      state: 'skipped',
      results: [expect.objectContaining({ state: 'skipped', elapsed_ms: 0, failure: null })],
    });
  });

  it('xUnit.net v2: the exception type, message, stack trace and output; a test read again is a retry', async () => {
    const p = await project(t);
    const body = expectStatus(await postReport(p, sample('xunit-v2.xml')), 201);
    expect(body.cycle.name).toMatch(/^Calculator\.Tests\.dll /);
    const items = await cycleResults(body.cycle.id);
    expect(items.DividesByZero!.results[0]).toEqual({
      state: 'failed',
      elapsed_ms: 420,
      failure: {
        message: 'Assert.Equal() Failure: Values differ\nExpected: 0\nActual:   1',
        type: 'Xunit.Sdk.EqualException',
        text: 'at Calculator.Tests.CalculatorTests.DividesByZero() in /src/Calculator.Tests/CalculatorTests.cs:line 27',
      },
      log: 'output:\nDividing 1 by 0',
      step_results: null,
    });
    expect(items.TalksToTheClock!.results.map((r) => [r.state, r.elapsed_ms])).toEqual([
      ['failed', 1200],
      ['passed', 300],
    ]);
    expect(items.AddsTwoNumbers!.results[0]).toMatchObject({ elapsed_ms: 3 });
  });
});

describe('Allure results as a zip', () => {
  it('imports the sample directory: suites from labels, broken as an error, steps, stdout, a retry by start', async () => {
    const p = await project(t);
    const body = expectStatus(await postReport(p, allureZip(), undefined, 'application/zip'), 201);
    expect(body.format).toBe('allure');
    expect(body.summary).toMatchObject({
      tests: 5,
      suites: 1,
      passed: 2,
      failed: 3,
      errors: 1,
      skipped: 1,
      retried: 1,
      runsRecorded: 5,
      warnings: [],
    });
    expect(await treeOf(t, p)).toEqual([
      'tests › test_cart: ',
      'tests › test_cart › TestCart: ',
      'tests › test_cart › TestCart › test_add_item: passed',
      'tests › test_cart › TestCart › test_total: failed',
      'tests › test_checkout: ',
      'tests › test_checkout › test_pay_with_card: failed',
      'tests › test_checkout › test_pay_with_voucher: ',
      'tests › test_checkout › test_sends_receipt: failed,passed',
    ]);
    const items = await cycleResults(body.cycle.id);
    expect(items.test_add_item!.results).toEqual([
      {
        state: 'passed',
        elapsed_ms: 125,
        failure: null,
        log: 'stdout:\ncart: 1 item(s)',
        step_results: [{ state: 'passed' }, { state: 'passed' }],
      },
    ]);
    expect(items.test_total!.results[0]).toMatchObject({
      elapsed_ms: 40,
      failure: {
        message: 'AssertionError: assert 4.5 == 4.0\n +  where 4.5 = total()',
        text: expect.stringContaining('tests/test_cart.py:18: AssertionError'),
      },
      step_results: [{ state: 'passed' }, { state: 'failed' }],
    });
    expect(items.test_pay_with_card!.results[0]).toMatchObject({
      elapsed_ms: 1000,
      failure: { message: 'ConnectionRefusedError: [Errno 111] Connection refused' },
    });
    expect(items.test_sends_receipt!.results.map((r) => [r.state, r.elapsed_ms])).toEqual([
      ['failed', 900],
      ['passed', 200],
    ]);

    const named = expectStatus(await postReport(p, allureZip(), 'allure', 'application/zip'), 201);
    expect(named.summary).toMatchObject({ tests: 5, casesCreated: 0 });
  });

  it('refuses a zip with a path that leaves its folder', async () => {
    const p = await project(t);
    const res = await postReport(
      p,
      zipOf([{ name: '../escape-result.json', data: '{"name":"x","status":"passed"}' }]),
      undefined,
      'application/zip',
    );
    expect(expectStatus(res, 400).message).toMatch(/path leaves its folder \(\.\.\/escape-result\.json\)/);
  });

  it('refuses a zip with more than 100,000 entries before reading them', async () => {
    const p = await project(t);
    // The count is the archive's own word: past the bound it is refused before any entry is read.
    const res = await postReport(p, zipWithCount(100_001), 'allure', 'application/zip');
    expect(expectStatus(res, 413).message).toMatch(/more than 100,000 files/);
  });

  it('refuses a zip bomb: entries inflating past the import limit, or past the size they declare', async () => {
    const p = await project(t);
    const bomb = zipOf([{ name: 'bomb-result.json', data: Buffer.alloc(4 * LIMIT, 0x20) }]);
    expect(bomb.length).toBeLessThan(LIMIT / 8);
    const refused = await postReport(p, bomb, undefined, 'application/zip');
    expect(expectStatus(refused, 413).message).toMatch(/inflate to more than the limit of 64 KB/);

    const liar = zipOf([{ name: 'liar-result.json', data: Buffer.alloc(LIMIT / 2, 0x20), declaredSize: 10 }]);
    const lied = await postReport(p, liar, undefined, 'application/zip');
    expect(expectStatus(lied, 400).message).toMatch(/inflates to another size than it declares/);
  });

  it('names the result file that is not valid JSON, and refuses a zip without results', async () => {
    const p = await project(t);
    const broken = zipOf([{ name: 'r/abc-result.json', data: '{"name": "x",' }]);
    const res = await postReport(p, broken, undefined, 'application/zip');
    expect(expectStatus(res, 400).message).toMatch(
      /^The Allure result r\/abc-result\.json is not valid JSON/,
    );

    const empty = zipOf([{ name: 'notes.txt', data: 'hello' }]);
    const none = await postReport(p, empty, undefined, 'application/zip');
    expect(expectStatus(none, 400).message).toMatch(/holds no Allure result/);

    const notZip = await postReport(p, 'not a zip at all', 'allure', 'application/zip');
    expect(expectStatus(notZip, 400).message).toMatch(/not a readable zip archive/);
  });
});

/** A zip whose end record claims `count` entries (past 65,535, the zip64 record says it). */
function zipWithCount(count: number): Buffer {
  const one = zipOf([{ name: 'a-result.json', data: '{}' }]);
  const endAt = one.length - 22;
  const directorySize = one.readUInt32LE(endAt + 12);
  const directoryAt = one.readUInt32LE(endAt + 16);
  const end = Buffer.from(one.subarray(endAt));
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 16);
  // The zip64 end record, then its locator, before the classic end record.
  const zip64 = Buffer.alloc(56);
  zip64.writeUInt32LE(0x06064b50, 0);
  zip64.writeBigUInt64LE(44n, 4);
  zip64.writeUInt16LE(45, 12);
  zip64.writeUInt16LE(45, 14);
  zip64.writeBigUInt64LE(BigInt(count), 24);
  zip64.writeBigUInt64LE(BigInt(count), 32);
  zip64.writeBigUInt64LE(BigInt(directorySize), 40);
  zip64.writeBigUInt64LE(BigInt(directoryAt), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(endAt), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([one.subarray(0, endAt), zip64, locator, end]);
}

describe('malformed and hostile XML reports', () => {
  const broken = {
    trx: ['mstest.trx.xml', '</StdErr>', '</StdErrr>'],
    nunit: ['nunit3.xml', '</output>', '</outptu>'],
    testng: ['testng-results.xml', '</message>', '</mesage>'],
    xunit: ['xunit-v2.xml', '</failure>', '</failur>'],
  } as const;
  for (const [format, [file, from, to]] of Object.entries(broken)) {
    it(`${format}: a malformed report is a 400 naming its line; a DTD is refused`, async () => {
      const p = await project(t);
      const text = sample(file).replace(from, to);
      const line = text.split('\n').findIndex((l) => l.includes(to)) + 1;
      for (const named of [undefined, format]) {
        const res = await postReport(p, text, named);
        expect(expectStatus(res, 400).message).toMatch(
          new RegExp(`^The report is not well-formed XML \\(line ${line}, column \\d+: `),
        );
      }
      const dtd = sample(file).replace(/^(<\?xml[^>]*\?>)/, '$1\n<!DOCTYPE r [<!ENTITY boom "boom">]>');
      const refused = await postReport(p, dtd);
      expect(expectStatus(refused, 400).message).toMatch(/DOCTYPE declaration; Verdict refuses DTDs/);
      expect(await treeOf(t, p)).toEqual([]);
    });
  }

  it('a report named as another format is refused naming its root element', async () => {
    const p = await project(t);
    const res = await postReport(p, sample('mstest.trx.xml'), 'nunit');
    expect(expectStatus(res, 400).message).toBe(
      'This is not an NUnit 3 report: its root element is <TestRun>',
    );
  });
});

describe('a test that names its case lands on it, whatever its name', () => {
  it('in every XML format and in Allure', async () => {
    const p = await project(t);
    expectStatus(await postReport(p, sample('mstest.trx.xml')), 201);
    const id = await caseId(p, 'AddsTwoNumbers');
    const before = await treeOf(t, p);
    const keyed = {
      trx: `<TestRun><Results><UnitTestResult testId="1" testName="Totally renamed [C${id}]" outcome="Failed" duration="00:00:00.5"/></Results>
        <TestDefinitions><UnitTest id="1" storage="other.dll"><TestMethod className="Ns.Elsewhere" codeBase="other.dll"/></UnitTest></TestDefinitions></TestRun>`,
      nunit: `<test-run><test-suite type="Assembly" name="other.dll"><test-suite type="TestFixture" name="E" fullname="Ns.E">
        <test-case name="Renamed" result="Passed" duration="0.1"><properties><property name="verdict_case_id" value="C${id}"/></properties></test-case>
        </test-suite></test-suite></test-run>`,
      testng: `<testng-results><suite name="S"><test name="T"><class name="ns.Other">
        <test-method name="renamed" status="PASS" duration-ms="7" signature="renamed()">
          <custom-attributes><custom-attribute><name value="verdict_case_id"/><value><![CDATA[[C${id}]]]></value></custom-attribute></custom-attributes>
        </test-method>
        <test-method name="described" description="@C${id} adds" status="PASS" duration-ms="8" signature="described()"/>
        </class></test></suite></testng-results>`,
      xunit: `<assemblies><assembly name="other.dll"><collection name="c">
        <test name="Ns.Other.Renamed" type="Ns.Other" method="Renamed" time="0.2" result="Pass"><traits><trait name="verdict_case_id" value="${id}"/></traits></test>
        </collection></assembly></assemblies>`,
    };
    for (const [format, xml] of Object.entries(keyed)) {
      const body = expectStatus(await postReport(p, xml), 201);
      expect(body.format).toBe(format);
      expect(body.summary).toMatchObject({ casesCreated: 0, suitesCreated: 0 });
    }
    const allure = zipOf([
      {
        name: 'k1-result.json',
        data: JSON.stringify({
          name: 'renamed in allure',
          status: 'passed',
          labels: [{ name: 'suite', value: 'Elsewhere' }],
          links: [{ type: 'tms', name: `C${id}`, url: `https://tms.example.com/C${id}` }],
        }),
      },
      {
        name: 'k2-result.json',
        data: JSON.stringify({
          name: 'labelled',
          status: 'failed',
          labels: [{ name: 'verdict_case_id', value: `C${id}` }],
        }),
      },
    ]);
    expect(
      expectStatus(await postReport(p, allure, undefined, 'application/zip'), 201).summary,
    ).toMatchObject({
      casesCreated: 0,
      runsRecorded: 2,
    });
    // No case was made; every test ran on the case it named (which takes the latest name).
    expect((await treeOf(t, p)).length).toBe(before.length);
    const runs = await queryRows<{ status: string }>(
      t.db,
      sql`select status from test_runs where case_id = ${id} order by id`,
    );
    expect(runs.map((r) => r.status)).toEqual([
      'passed', // the TRX sample
      'failed', // trx
      'passed', // nunit
      'passed', // testng, a custom attribute
      'passed', // testng, the description
      'passed', // xunit
      'passed', // allure, a tms link
      'failed', // allure, a label
    ]);
  });
});
