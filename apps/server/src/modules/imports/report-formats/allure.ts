import { inflateRawSync } from 'node:zlib';
import {
  CASE_CONTENT_LIMITS,
  EVIDENCE_LIMITS,
  IMPORT_LIMITS,
  IMPORT_MAX_BYTES_DEFAULT,
} from '@verdict/contract';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError, BadRequestError } from '../../../lib/errors.ts';
import { formatBytes } from '../import-body.ts';
import { CaseCollector, failureOf, logOfStreams } from './collector.ts';
import { contentTypeOfName, inlineName } from './evidence.ts';
import { objectOf, objectsOf, textOf } from './json-report.ts';
import {
  caseKeyInTitle,
  caseKeyOf,
  type OnCase,
  type Outcome,
  type ReadReport,
  type ReportedAttachment,
  type ReportedCase,
  type ReportedStep,
} from './reported-case.ts';

/**
 * An Allure results directory (allure-results/, as every Allure adapter writes it) sent as a zip:
 * a `<uuid>-result.json` per test attempt, with its name, status (passed, failed, broken,
 * skipped), statusDetails (message, trace), start and stop (ms), labels (parentSuite, suite,
 * subSuite, else testClass or package), links, parameters and steps; attachments beside it. The
 * archive is read from memory with yauzl and bounded before anything inflates: at most
 * ALLURE_LIMITS.entriesMax entries, their declared sizes together at most the import's limit
 * (IMPORT_MAX_BYTES), each result file at most resultFileMax, names that leave the folder refused,
 * and the inflated bytes counted again as they come, since declared sizes can lie.
 *
 * The suite is the first of parentSuite, suite and subSuite, the others cases above the test; the
 * attempts of one test (same historyId) are taken in the order they started, the later ones its
 * retries. A tms link or a `verdict_case_id` label names the case, as `[C123]` in the name does.
 * Top-level steps become the result's steps; text attachments named stdout, stderr or log its log.
 * The other attachments of the test and of its steps, at any depth, are its evidence: their
 * `source` is looked up among the archive's files by its last segment only, so a source such as
 * `../x` names nothing outside the archive. Evidence read from one archive stops at
 * EVIDENCE_LIMITS.inlineBytesMax and perImportMax (a file named by many tests is read for each).
 */

export const ALLURE_LIMITS = {
  entriesMax: 100_000,
  resultFileMax: 10 * 1024 * 1024,
} as const;

type Json = Record<string, unknown>;

const OUTCOMES: Record<string, Outcome> = { passed: 'passed', failed: 'failed', broken: 'error' };
const STEP_OUTCOMES: Record<string, ReportedStep['outcome']> = {
  passed: 'passed',
  failed: 'failed',
  broken: 'failed',
};
const LOG_ATTACHMENTS = new Set(['stdout', 'stderr', 'log']);

const number = (n: number) => n.toLocaleString('en-US');
const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1);

class TooLargeError extends AppError {
  constructor(maxBytes: number) {
    super(
      413,
      `The Allure results inflate to more than the limit of ${formatBytes(maxBytes)} (server setting IMPORT_MAX_BYTES)`,
    );
  }
}

const SIZE_MISMATCH =
  'An entry of the zip inflates to another size than it declares; Verdict refuses such archives';

/** yauzl's refusals as the answer says them. */
function zipError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  if (/invalid relative path|absolute path|invalid characters in fileName/.test(detail)) {
    return new BadRequestError(
      `The zip holds an entry whose path leaves its folder (${detail.replace(/^.*?: /, '')}); Verdict refuses such archives`,
    );
  }
  if (/too many bytes|too few bytes/.test(detail)) return new BadRequestError(SIZE_MISMATCH);
  return new BadRequestError(`The report is not a readable zip archive (${detail})`);
}

/** Entries inflated at once between two turns of the event loop. */
const YIELD_EVERY_ENTRIES = 256;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;

/**
 * An entry's bytes read straight from the archive in memory: its local header locates the data,
 * stored (method 0) or deflated (method 8) and inflated in one call, checked against the size the
 * central directory declares (as yauzl's validateEntrySizes does). Null for anything else
 * (encrypted, another method, a header that does not add up), which yauzl's stream then reads or
 * refuses. A stream per entry costs several turns of the event loop: 20,000 result files took
 * seconds that way.
 */
function inflatedAtOnce(archive: Buffer, entry: Entry): Buffer | null {
  const at = entry.relativeOffsetOfLocalHeader;
  if ((entry.generalPurposeBitFlag & 0x1) !== 0 || at + 30 > archive.length) return null;
  if (archive.readUInt32LE(at) !== LOCAL_HEADER_SIGNATURE) return null;
  const start = at + 30 + archive.readUInt16LE(at + 26) + archive.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > archive.length) return null;
  const data = archive.subarray(start, end);
  let out: Buffer;
  if (entry.compressionMethod === 0) out = data;
  else if (entry.compressionMethod === 8) {
    try {
      out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) + 1 });
    } catch (error) {
      // Past maxOutputLength: more than it declares.
      throw error instanceof RangeError ? new BadRequestError(SIZE_MISMATCH) : zipError(error);
    }
  } else return null;
  if (out.length !== entry.uncompressedSize) throw new BadRequestError(SIZE_MISMATCH);
  return out;
}

async function bytesOf(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The central directory: the result files and the attachments, every declared size summed first. */
async function entriesOf(zip: ZipFile, maxBytes: number) {
  if (zip.entryCount > ALLURE_LIMITS.entriesMax) {
    throw new AppError(
      413,
      `The zip holds more than ${number(ALLURE_LIMITS.entriesMax)} files, the limit of an import; split the results into smaller archives`,
    );
  }
  const results: Entry[] = [];
  const files = new Map<string, Entry>();
  let declared = 0;
  for await (const entry of zip.eachEntry()) {
    declared += entry.uncompressedSize;
    if (declared > maxBytes) throw new TooLargeError(maxBytes);
    if (entry.fileName.endsWith('/')) continue;
    const name = baseName(entry.fileName);
    if (name.endsWith('-result.json')) results.push(entry);
    else files.set(name, entry);
  }
  return { results, files };
}

export async function readAllureReport(
  body: AsyncIterable<Buffer>,
  onCase: OnCase,
  limits: { maxBytes: number } = { maxBytes: IMPORT_MAX_BYTES_DEFAULT },
): Promise<ReadReport> {
  const bytes = await bytesOf(body);
  if (bytes.length === 0) throw new BadRequestError('The report is empty');
  let zip: ZipFile;
  let entries: Awaited<ReturnType<typeof entriesOf>>;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { validateEntrySizes: true });
    entries = await entriesOf(zip, limits.maxBytes);
  } catch (error) {
    throw zipError(error);
  }
  if (entries.results.length === 0) {
    throw new BadRequestError('The zip holds no Allure result (no file named *-result.json)');
  }

  let readSinceYield = 0;
  /** An entry's bytes, at most `max` of them (more is refused, or with `cut`, left unread). */
  const read = async (entry: Entry, max: number, cut = false): Promise<Buffer> => {
    if (entry.uncompressedSize > max && !cut) {
      throw new AppError(
        413,
        `The Allure result ${entry.fileName} is larger than ${formatBytes(max)}, the limit of one result file`,
      );
    }
    if (entry.uncompressedSize <= max) {
      // Whole and small (a result file, most logs): inflated at once from the archive in memory,
      // with a turn of the event loop every few hundred entries (decision 257).
      if (++readSinceYield >= YIELD_EVERY_ENTRIES) {
        readSinceYield = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
      const whole = inflatedAtOnce(bytes, entry);
      if (whole) return whole;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      const stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= max) {
          stream.destroy();
          break;
        }
      }
    } catch (error) {
      throw zipError(error);
    }
    return Buffer.concat(chunks).subarray(0, max);
  };

  const attempts: (Omit<ReportedCase, 'log'> & {
    start: number;
    history: string;
    logs: string[];
    evidence: EvidenceSource[];
  })[] = [];
  for (const entry of entries.results) {
    let result: Json | null;
    try {
      result = objectOf(JSON.parse((await read(entry, ALLURE_LIMITS.resultFileMax)).toString('utf8')));
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new BadRequestError(
        `The Allure result ${entry.fileName} is not valid JSON (${error instanceof Error ? error.message : error})`,
      );
    }
    if (result)
      attempts.push({ ...attemptOf(result), logs: logSources(result), evidence: evidenceOf(result) });
  }

  const collector = new CaseCollector(onCase);
  const seen = new Set<string>();
  const budget = { files: 0, bytes: 0, skipped: 0 };
  // Attempts in the order they started; the order of the archive for those that do not say.
  attempts.sort((a, b) => a.start - b.start);
  for (const { start: _start, history, logs, evidence, suite, path, ...attempt } of attempts) {
    const streams: [string, string][] = [];
    for (const source of logs) {
      const [name, file] = source.split('\u0000') as [string, string];
      const entry = entries.files.get(file);
      if (entry) streams.push([name, (await read(entry, IMPORT_LIMITS.logMax, true)).toString('utf8')]);
    }
    const files: ReportedAttachment[] = [];
    for (const source of evidence) {
      const entry = entries.files.get(source.file);
      if (!entry) continue;
      if (
        budget.files >= EVIDENCE_LIMITS.perImportMax ||
        budget.bytes + entry.uncompressedSize > EVIDENCE_LIMITS.inlineBytesMax
      ) {
        budget.skipped += 1;
        continue;
      }
      const body = await read(entry, entry.uncompressedSize, true);
      budget.files += 1;
      budget.bytes += body.length;
      files.push({ name: source.name, contentType: source.contentType, body });
    }
    collector.add(suite, path, {
      ...attempt,
      log: logOfStreams(streams),
      retry: seen.has(history),
      ...(files.length > 0 ? { attachments: files } : {}),
    });
    seen.add(history);
  }
  const report = collector.result();
  if (budget.skipped > 0) {
    report.warnings.push(
      `${number(budget.skipped)} attachment(s) of the Allure results were skipped: an import reads at most ` +
        `${number(EVIDENCE_LIMITS.perImportMax)} files and ${formatBytes(EVIDENCE_LIMITS.inlineBytesMax)} of evidence`,
    );
  }
  return report;
}

interface EvidenceSource {
  name: string;
  contentType: string;
  /** The archive file it names: the last segment of its `source`. */
  file: string;
}

/** The attachments of a test and of its steps at any depth, but for those that are its log. */
function evidenceOf(result: Json): EvidenceSource[] {
  const found: EvidenceSource[] = [];
  const visit = (node: Json, depth: number) => {
    if (found.length > EVIDENCE_LIMITS.perTestMax) return;
    for (const attachment of objectsOf(node.attachments)) {
      const name = textOf(attachment.name);
      const type = textOf(attachment.type);
      const file = baseName(textOf(attachment.source));
      if (!file || (LOG_ATTACHMENTS.has(name.toLowerCase()) && type.startsWith('text/'))) continue;
      const contentType = type || contentTypeOfName(file);
      const extension = /\.[A-Za-z0-9]{1,8}$/.exec(file)?.[0] ?? '';
      const named = name && !/\.[A-Za-z0-9]{1,8}$/.test(name) && extension ? `${name}${extension}` : name;
      found.push({ name: named || inlineName(file, contentType), contentType, file });
      if (found.length > EVIDENCE_LIMITS.perTestMax) return;
    }
    // Steps nest as deep as the test's code calls; the bound keeps a hostile result's walk short.
    if (depth < 20) for (const step of objectsOf(node.steps)) visit(step, depth + 1);
  };
  visit(result, 0);
  return found;
}

function labelsOf(result: Json): Map<string, string> {
  const labels = new Map<string, string>();
  for (const label of objectsOf(result.labels)) {
    const name = textOf(label.name);
    const value = textOf(label.value).trim();
    if (name && value && !labels.has(name)) labels.set(name, value);
  }
  return labels;
}

/** A tms link's name ("C123"), or a verdict_case_id label. */
function keyOf(result: Json, labels: Map<string, string>): number | null {
  const label = caseKeyOf(labels.get('verdict_case_id'));
  if (label !== null) return label;
  for (const link of objectsOf(result.links)) {
    if (textOf(link.type) !== 'tms') continue;
    const key = caseKeyOf(textOf(link.name)) ?? caseKeyOf(/[^/=]+$/.exec(textOf(link.url))?.[0]);
    if (key !== null) return key;
  }
  return null;
}

function attemptOf(result: Json): Omit<ReportedCase, 'log'> & { start: number; history: string } {
  const labels = labelsOf(result);
  const levels = ['parentSuite', 'suite', 'subSuite'].map((name) => labels.get(name) ?? '').filter(Boolean);
  if (levels.length === 0) levels.push(labels.get('testClass') ?? labels.get('package') ?? '');
  const titled = caseKeyInTitle(textOf(result.name) || textOf(result.fullName));
  const [suite = '', ...above] = levels;
  const path = [...above, titled.title];
  const outcome = OUTCOMES[textOf(result.status)] ?? 'skipped';
  const details = objectOf(result.statusDetails) ?? {};
  const start = typeof result.start === 'number' ? result.start : Number.MAX_SAFE_INTEGER;
  const stop = typeof result.stop === 'number' ? result.stop : null;
  const durationMs =
    stop !== null && start <= stop && stop - start <= 2_147_483_647 ? Math.round(stop - start) : null;
  const steps = objectsOf(result.steps)
    .slice(0, CASE_CONTENT_LIMITS.stepsMax)
    .map((step) => ({
      text: (textOf(step.name).trim() || 'Step').slice(0, CASE_CONTENT_LIMITS.stepTextMax),
      outcome: STEP_OUTCOMES[textOf(step.status)] ?? 'skipped',
    }));
  return {
    suite,
    path,
    outcome,
    durationMs,
    failure:
      outcome === 'failed' || outcome === 'error'
        ? failureOf(textOf(details.message) || null, null, textOf(details.trace) || null)
        : null,
    caseKey: keyOf(result, labels) ?? titled.key,
    steps,
    start,
    history: textOf(result.historyId) || textOf(result.testCaseId) || [suite, ...path].join('\u0000'),
  };
}

/** The text attachments that hold the test's output, as "name\0file". */
function logSources(result: Json): string[] {
  return objectsOf(result.attachments)
    .filter((a) => LOG_ATTACHMENTS.has(textOf(a.name).toLowerCase()) && textOf(a.type).startsWith('text/'))
    .map((a) => `${textOf(a.name).toLowerCase()}\u0000${baseName(textOf(a.source))}`);
}
