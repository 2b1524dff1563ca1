// The results import at size (docs/product/report-formats.md; target: 20,000 tests of each format
// imported with the CI gate in < 5 s on both databases). For each format a report of 20,000 tests
// (200 files or features of 100, one in twenty failing with a message and a trace, one in a hundred
// retried) is imported twice on a fresh server: the first import makes the suites and cases, the
// second lands on them, as CI's next run does. `npm run bench -- --only report-formats [--db
// embedded|postgres|both]`, or `node --import tsx bench/report-formats.ts [--db ...]`.
import { performance } from 'node:perf_hooks';
import { type Db, databasesOf, round, startSized } from './sized-server.ts';

export const REPORT_TARGET_MS = 5000;
const TESTS = 20_000;
const PER_FILE = 100;

const failing = (i: number) => i % 20 === 7;
const retried = (i: number) => i % 100 === 3;

/** A report of TESTS tests in each format, and its content type. */
export const REPORTS: Record<string, () => { body: string; type: string }> = {
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

export async function runReportFormats(dbs: Db[], formats = Object.keys(REPORTS)): Promise<void> {
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
        const report = REPORTS[format]!();
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
