import type { ReportFormat } from '@verdict/contract';
import { AppError, BadRequestError } from '../../../lib/errors.ts';
import { readJunitReport } from '../junit-reader.ts';
import { readAllureReport } from './allure.ts';
import { readCucumberReport } from './cucumber.ts';
import { readNunitReport } from './nunit.ts';
import { readPlaywrightReport } from './playwright.ts';
import type { OnCase, ReadReport } from './reported-case.ts';
import { readTestngReport } from './testng.ts';
import { readTrxReport } from './trx.ts';
import { readXunitReport } from './xunit.ts';

/**
 * The report readers of the results import, by format (docs/product/report-formats.md), and how a
 * report's format is told from its first bytes when the caller does not name it.
 */

/** `maxBytes`: the import's limit (IMPORT_MAX_BYTES), which an archive's inflated files keep to as well. */
export type ReportReader = (
  body: AsyncIterable<Buffer>,
  onCase: OnCase,
  limits: { maxBytes: number },
) => Promise<ReadReport>;

const READERS: Partial<Record<ReportFormat, ReportReader>> = {
  junit: (body, onCase) => readJunitReport(body, onCase, { keys: true }),
  playwright: readPlaywrightReport,
  cucumber: readCucumberReport,
  trx: readTrxReport,
  nunit: readNunitReport,
  testng: readTestngReport,
  xunit: readXunitReport,
  allure: readAllureReport,
};

export function readerOf(format: ReportFormat): ReportReader {
  const reader = READERS[format];
  if (!reader) throw new AppError(415, `Reports in the ${format} format cannot be imported yet`);
  return reader;
}

/** The root elements of the XML formats. */
const XML_ROOTS: Record<string, ReportFormat> = {
  testsuites: 'junit',
  testsuite: 'junit',
  testcase: 'junit',
  TestRun: 'trx',
  'test-run': 'nunit',
  'testng-results': 'testng',
  assemblies: 'xunit',
  assembly: 'xunit',
};

/** How much of the report is looked at to tell its format. */
const HEAD_BYTES = 64 * 1024;

/** The format the report's first bytes show; null when they show none. */
export function formatOf(head: Buffer): ReportFormat | null {
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'allure';
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (start.startsWith('<')) {
    // The first element, past the declaration, comments and processing instructions.
    const element = /<([A-Za-z_][\w.-]*)/.exec(start.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''));
    return element ? (XML_ROOTS[element[1]!] ?? null) : null;
  }
  if (start.startsWith('{')) {
    return /"suites"\s*:/.test(start) || /"config"\s*:/.test(start) ? 'playwright' : null;
  }
  if (start.startsWith('[')) {
    if (/^\[\s*\]/.test(start)) return 'cucumber';
    return /"elements"\s*:|"keyword"\s*:/.test(start) ? 'cucumber' : null;
  }
  return null;
}

/**
 * Reads the report's first bytes to tell its format (or takes the one named), and answers the
 * format with the whole body still to read.
 */
export async function detectFormat(
  body: AsyncIterable<Buffer>,
  named: ReportFormat | undefined,
): Promise<{ format: ReportFormat; body: AsyncIterable<Buffer> }> {
  if (named) return { format: named, body };
  const iterator = body[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
  }
  const first = Buffer.concat(head);
  if (first.length === 0) throw new BadRequestError('The report is empty');
  const format = formatOf(first);
  if (!format) {
    throw new BadRequestError(
      'The report is in no format Verdict knows; name it with ?format= (junit, playwright, cucumber, trx, nunit, testng, xunit or allure)',
    );
  }
  async function* whole(): AsyncGenerator<Buffer> {
    yield first;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { format, body: whole() };
}
