// The results import at size (docs/product/report-formats.md; target: 20,000 tests of each format
// imported with the CI gate in < 5 s on both databases). For each format a report of 20,000 tests
// (200 files or features of 100, one in twenty failing with a message and a trace, one in a hundred
// retried) is imported twice on a fresh server: the first import makes the suites and cases, the
// second lands on them, as CI's next run does. `npm run bench -- --only report-formats [--db
// embedded|postgres|both]`, or `node --import tsx bench/report-formats.ts [--db ...]`.
import { performance } from 'node:perf_hooks';
import yazl from 'yazl';
import { type Db, databasesOf, round, startSized } from './sized-server.ts';

export const REPORT_TARGET_MS = 5000;
const TESTS = 20_000;
const PER_FILE = 100;

const failing = (i: number) => i % 20 === 7;
const retried = (i: number) => i % 100 === 3;
const FILES = TESTS / PER_FILE;

/** `each(f, t, i)` for every test: file f, its t-th test, i overall; the pieces joined. */
function tests(each: (f: number, t: number, i: number) => string): string[] {
  const out: string[] = [];
  for (let f = 0; f < FILES; f++) for (let t = 0; t < PER_FILE; t++) out.push(each(f, t, f * PER_FILE + t));
  return out;
}

/** An Allure results directory of TESTS result files, zipped as the CLI zips one. */
async function allureZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (let i = 0; i < TESTS; i++) {
    const f = Math.floor(i / PER_FILE);
    const result = {
      uuid: `r-${i}`,
      historyId: `h-${i}`,
      fullName: `tests.file${f}#test_${i}`,
      name: `test_${i}`,
      status: failing(i) ? 'failed' : 'passed',
      statusDetails: failing(i) ? { message: `expected ${i}`, trace: `at file${f}.py:${i}` } : {},
      stage: 'finished',
      steps: [],
      attachments: [],
      start: 1_714_644_000_000 + i,
      stop: 1_714_644_000_012 + i,
      labels: [
        { name: 'suite', value: `file${f}` },
        { name: 'package', value: `tests.file${f}` },
      ],
      links: [],
    };
    zip.addBuffer(Buffer.from(JSON.stringify(result)), `r-${i}-result.json`);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A report of TESTS tests in each format, and its content type. */
export const REPORTS: Record<string, () => { body: string | Buffer; type: string }> = {
  junit: () => {
    const suites: string[] = [];
    for (let f = 0; f < TESTS / PER_FILE; f++) {
      const cases: string[] = [];
      for (let t = 0; t < PER_FILE; t++) {
        const i = f * PER_FILE + t;
        const failure = failing(i)
          ? `<failure message="expected ${i} to equal ${i + 1}" type="AssertionError">at file${f}.test.ts:${t}</failure>`
          : '';
        cases.push(
          `<testcase classname="file${f}.test.ts" name="test ${i}" time="0.012">${failure}</testcase>`,
        );
      }
      suites.push(`<testsuite name="file${f}.test.ts" tests="${PER_FILE}">${cases.join('')}</testsuite>`);
    }
    return {
      body: `<?xml version="1.0"?><testsuites name="bench">${suites.join('')}</testsuites>`,
      type: 'application/xml',
    };
  },
  playwright: () => {
    const suites = [];
    for (let f = 0; f < TESTS / PER_FILE; f++) {
      const specs = [];
      for (let t = 0; t < PER_FILE; t++) {
        const i = f * PER_FILE + t;
        const attempts = retried(i) ? ['failed', 'passed'] : [failing(i) ? 'failed' : 'passed'];
        specs.push({
          title: `test ${i}`,
          ok: true,
          tags: [],
          tests: [
            {
              annotations: [],
              expectedStatus: 'passed',
              projectName: 'chromium',
              results: attempts.map((status, retry) => ({
                status,
                retry,
                duration: 12,
                errors: [],
                stdout: [],
                stderr: [],
                attachments: [],
                ...(status === 'failed'
                  ? {
                      error: {
                        message: `Error: expected ${i}`,
                        stack: `Error: expected ${i}\n    at spec${f}.ts:${t}`,
                      },
                    }
                  : {}),
              })),
            },
          ],
        });
      }
      suites.push({ title: `spec${f}.spec.ts`, file: `spec${f}.spec.ts`, specs, suites: [] });
    }
    return { body: JSON.stringify({ config: {}, suites, errors: [], stats: {} }), type: 'application/json' };
  },
  trx: () => {
    const results = tests(
      (f, _t, i) =>
        `<UnitTestResult executionId="e${i}" testId="t${i}" testName="Test${i}" duration="00:00:00.0120000" outcome="${failing(i) ? 'Failed' : 'Passed'}">${
          failing(i)
            ? `<Output><ErrorInfo><Message>Expected ${i}</Message><StackTrace>at File${f}.Test${i}()</StackTrace></ErrorInfo></Output>`
            : ''
        }</UnitTestResult>`,
    );
    const definitions = tests(
      (f, _t, i) =>
        `<UnitTest name="Test${i}" storage="bench.dll" id="t${i}"><Execution id="e${i}"/><TestMethod codeBase="bench.dll" className="Bench.File${f}" name="Test${i}"/></UnitTest>`,
    );
    return {
      body: `<?xml version="1.0" encoding="utf-8"?><TestRun id="bench" name="bench" xmlns="http://microsoft.com/schemas/VisualStudio/TeamTest/2010"><Results>${results.join('')}</Results><TestDefinitions>${definitions.join('')}</TestDefinitions></TestRun>`,
      type: 'application/xml',
    };
  },
  nunit: () => {
    const fixtures: string[] = [];
    for (let f = 0; f < FILES; f++) {
      const cases = [];
      for (let t = 0; t < PER_FILE; t++) {
        const i = f * PER_FILE + t;
        cases.push(
          `<test-case id="c${i}" name="Test${i}" fullname="Bench.File${f}.Test${i}" methodname="Test${i}" classname="Bench.File${f}" result="${failing(i) ? 'Failed' : 'Passed'}" duration="0.012">${
            failing(i)
              ? `<failure><message><![CDATA[Expected ${i}]]></message><stack-trace><![CDATA[at Test${i}]]></stack-trace></failure>`
              : ''
          }</test-case>`,
        );
      }
      fixtures.push(
        `<test-suite type="TestFixture" id="f${f}" name="File${f}" fullname="Bench.File${f}" classname="Bench.File${f}">${cases.join('')}</test-suite>`,
      );
    }
    return {
      body: `<?xml version="1.0" encoding="utf-8"?><test-run id="0" testcasecount="${TESTS}"><test-suite type="Assembly" id="a" name="Bench.dll" fullname="/bench/Bench.dll">${fixtures.join('')}</test-suite></test-run>`,
      type: 'application/xml',
    };
  },
  testng: () => {
    const classes: string[] = [];
    for (let f = 0; f < FILES; f++) {
      const methods = [];
      for (let t = 0; t < PER_FILE; t++) {
        const i = f * PER_FILE + t;
        methods.push(
          `<test-method signature="test${i}()" name="test${i}" duration-ms="12" status="${failing(i) ? 'FAIL' : 'PASS'}">${
            failing(i)
              ? `<exception class="java.lang.AssertionError"><message><![CDATA[expected ${i}]]></message><full-stacktrace><![CDATA[at File${f}.test${i}]]></full-stacktrace></exception>`
              : ''
          }</test-method>`,
        );
      }
      classes.push(`<class name="com.bench.File${f}">${methods.join('')}</class>`);
    }
    return {
      body: `<?xml version="1.0" encoding="UTF-8"?><testng-results total="${TESTS}"><suite name="Bench"><test name="Regression">${classes.join('')}</test></suite></testng-results>`,
      type: 'application/xml',
    };
  },
  xunit: () => {
    const body = tests(
      (f, _t, i) =>
        `<test name="Bench.File${f}.Test${i}" type="Bench.File${f}" method="Test${i}" time="0.012" result="${failing(i) ? 'Fail' : 'Pass'}">${
          failing(i)
            ? `<failure exception-type="Xunit.Sdk.EqualException"><message><![CDATA[Expected ${i}]]></message><stack-trace><![CDATA[at Test${i}]]></stack-trace></failure>`
            : ''
        }</test>`,
    );
    return {
      body: `<?xml version="1.0" encoding="utf-8"?><assemblies><assembly name="/bench/Bench.dll" total="${TESTS}"><collection name="Bench">${body.join('')}</collection></assembly></assemblies>`,
      type: 'application/xml',
    };
  },
  cucumber: () => {
    const features = [];
    for (let f = 0; f < TESTS / PER_FILE; f++) {
      const elements = [];
      for (let t = 0; t < PER_FILE; t++) {
        const i = f * PER_FILE + t;
        const step = (name: string, status: string) => ({
          keyword: 'Given ',
          name,
          result: {
            status,
            duration: 1_000_000,
            ...(status === 'failed' ? { error_message: `expected ${i}` } : {}),
          },
        });
        elements.push({
          keyword: 'Scenario',
          type: 'scenario',
          name: `scenario ${i}`,
          steps: [step('a cart', 'passed'), step('I pay', failing(i) ? 'failed' : 'passed')],
        });
      }
      features.push({ keyword: 'Feature', name: `feature ${f}`, uri: `features/f${f}.feature`, elements });
    }
    return { body: JSON.stringify(features), type: 'application/json' };
  },
};

async function importOnce(
  base: string,
  token: string,
  format: string,
  report: { body: string; type: string },
) {
  const started = performance.now();
  const res = await fetch(`${base}/api/projects/1/import/results?format=${format}&branch=main`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': report.type },
    body: report.body,
  });
  const json = await res.json();
  if (res.status !== 201) throw new Error(`${format}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  if (json.summary.tests !== TESTS) throw new Error(`${format}: ${json.summary.tests} tests, not ${TESTS}`);
  if (!json.gate) throw new Error(`${format}: no gate in the answer`);
  return round(performance.now() - started);
}

export async function runReportFormats(
  dbs: Db[],
  formats = [...Object.keys(REPORTS), 'allure'],
): Promise<void> {
  for (const db of dbs) {
    const sized = await startSized({
      db,
      name: 'report_formats',
      fill: async (q) => {
        await q(`insert into projects (name, created_by) values ('Report formats bench', 1)`);
      },
      portBase: 3800,
    });
    try {
      for (const format of formats) {
        const report =
          format === 'allure' ? { body: await allureZip(), type: 'application/zip' } : REPORTS[format]!();
        const first = await importOnce(sized.server.url, sized.token, format, report);
        const second = await importOnce(sized.server.url, sized.token, format, report);
        console.log(
          `${format} report of ${TESTS.toLocaleString('en-US')} tests (${(report.body.length / 1e6).toFixed(1)} MB) on ${db}: first ${first} ms, again ${second} ms (target < ${REPORT_TARGET_MS})`,
        );
      }
    } finally {
      await sized.close();
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--formats');
  await runReportFormats(
    databasesOf(process.argv.slice(2)),
    at >= 0 ? process.argv[at + 1]!.split(',') : undefined,
  );
}
