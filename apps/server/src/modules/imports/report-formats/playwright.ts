import { CaseCollector, failureOf, logOfStreams } from './collector.ts';
import { bytesOfData, inlineName, pathAttachment } from './evidence.ts';
import { type JsonValue, objectOf, objectsOf, readJsonValues, textOf } from './json-report.ts';
import {
  caseKeyInTitle,
  caseKeyOf,
  type OnCase,
  type Outcome,
  type ReadReport,
  type ReportedAttachment,
} from './reported-case.ts';

/**
 * Playwright's JSON reporter (`--reporter=json`): `{config, suites: [file suites with specs and
 * nested describe suites], errors, stats}`. Each file suite is read as it arrives. A spec's test
 * (one per project) is one test: its suite is the file, its path the describe titles and the spec's
 * title (as the JUnit reporter's " › " names split, so both formats land on the same cases), with
 * the project's name as a last level when the spec ran in more than one project. Each result is an
 * attempt: the first the test, the others retries. A test marked `test.fail()` passes when it fails.
 * An attempt's `attachments` (screenshots, traces, videos) are its evidence: a `path` on the
 * machine that ran the tests, or a base64 `body`.
 */

type Json = Record<string, unknown>;

function outcomeOf(status: string, expected: string): Outcome {
  if (status === 'skipped') return 'skipped';
  const failed = status === 'failed' || status === 'timedOut' || status === 'interrupted';
  if (expected === 'failed') return failed ? 'passed' : 'failed';
  return failed ? 'failed' : 'passed';
}

const streamText = (chunks: unknown) =>
  objectsOf(chunks)
    .map((c) =>
      typeof c.text === 'string'
        ? c.text
        : typeof c.buffer === 'string'
          ? Buffer.from(c.buffer, 'base64').toString()
          : '',
    )
    .join('');

/** An attempt's files: by path (for the uploader), or the bytes the report carries. */
function attachmentsOf(result: Json): ReportedAttachment[] {
  const files: ReportedAttachment[] = [];
  for (const attachment of objectsOf(result.attachments)) {
    const contentType = textOf(attachment.contentType);
    const file =
      typeof attachment.path === 'string'
        ? pathAttachment(attachment.path, contentType)
        : typeof attachment.body === 'string'
          ? {
              name: inlineName(textOf(attachment.name), contentType),
              contentType: contentType || 'application/octet-stream',
              body: bytesOfData(attachment.body, contentType),
            }
          : null;
    if (file) files.push(file);
  }
  return files;
}

/** The case a test names: a `verdict` annotation, an `@C123` tag, or `[C123]` / `@C123` in its title. */
function keyOf(spec: Json, test: Json, titleKey: number | null): number | null {
  for (const note of objectsOf(test.annotations)) {
    if (note.type === 'verdict') {
      const key = caseKeyOf(textOf(note.description));
      if (key !== null) return key;
    }
  }
  for (const tag of Array.isArray(spec.tags) ? spec.tags : []) {
    const key = /^@?C(\d{1,9})$/.exec(textOf(tag));
    if (key) return Number(key[1]);
  }
  return titleKey;
}

function readSuite(collector: CaseCollector, file: string, suite: Json, titles: string[]): void {
  for (const spec of objectsOf(suite.specs)) {
    const titled = caseKeyInTitle(textOf(spec.title));
    const tests = objectsOf(spec.tests);
    const projects = new Set(tests.map((t) => textOf(t.projectName)));
    for (const test of tests) {
      const path = [...titles, titled.title];
      if (projects.size > 1 && textOf(test.projectName)) path.push(textOf(test.projectName));
      const caseKey = keyOf(spec, test, titled.key);
      const expected = textOf(test.expectedStatus) || 'passed';
      const results = objectsOf(test.results);
      if (results.length === 0) {
        collector.add(file, path, {
          outcome: 'skipped',
          durationMs: null,
          failure: null,
          log: null,
          caseKey,
        });
        continue;
      }
      results.forEach((result, attempt) => {
        const outcome = outcomeOf(textOf(result.status), expected);
        const error = objectOf(result.error) ?? objectsOf(result.errors)[0] ?? null;
        const message = error ? textOf(error.message) : '';
        collector.add(file, path, {
          outcome,
          durationMs: typeof result.duration === 'number' ? Math.max(0, Math.round(result.duration)) : null,
          failure:
            outcome === 'failed'
              ? failureOf(message.split('\n')[0] ?? null, null, error ? textOf(error.stack) || message : null)
              : null,
          log: logOfStreams([
            ['stdout', streamText(result.stdout)],
            ['stderr', streamText(result.stderr)],
          ]),
          caseKey,
          retry: attempt > 0,
          attachments: attachmentsOf(result),
        });
      });
    }
  }
  for (const inner of objectsOf(suite.suites)) {
    readSuite(collector, file, inner, [...titles, textOf(inner.title)]);
  }
}

export async function readPlaywrightReport(body: AsyncIterable<Buffer>, onCase: OnCase): Promise<ReadReport> {
  const collector = new CaseCollector(onCase);
  await readJsonValues(body, ['$.suites.*'], (value: JsonValue) => {
    const suite = objectOf(value);
    if (!suite) return;
    const file = textOf(suite.file) || textOf(suite.title);
    readSuite(collector, file, suite, []);
  });
  return collector.result();
}
