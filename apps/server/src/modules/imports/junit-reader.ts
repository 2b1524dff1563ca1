import { setImmediate as nextTurn } from 'node:timers/promises';
import { IMPORT_LIMITS, LIMITS } from '@verdict/contract';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AppError, BadRequestError } from '../../lib/errors.ts';
import { reportText } from './import-body.ts';
import { casePath, fitName } from './junit-case-path.ts';

/**
 * Reads a JUnit XML report with a streaming (SAX) parser as its bytes arrive: no document tree
 * is built, no text is kept but a failure's (its message, type and text, each cut to
 * IMPORT_LIMITS.failureTextMax characters; a test case's system-out and system-err, cut to
 * IMPORT_LIMITS.logMax together), and DTDs are refused outright,
 * so entity expansion (billion laughs) and external entities (XXE) cannot happen.
 *
 * The parser is fed a slice of the report at a time (import-body.ts) and lets the event loop
 * turn after each, so a large report never holds the server for more than a slice's work.
 * The limits of IMPORT_LIMITS and of case nesting are checked as each element, attribute and
 * test case is read, so a report past one is refused the moment it passes it, without reading
 * the rest; the cases read go to the caller one by one, never gathered here.
 */

export type Outcome = 'passed' | 'failed' | 'error' | 'skipped';

export interface ReportedFailure {
  message: string | null;
  type: string | null;
  text: string | null;
}

export interface ReportedCase {
  suite: string;
  /** Case names from the top level of the suite down to the case itself. */
  path: string[];
  outcome: Outcome;
  /** The `time` attribute (seconds) in whole milliseconds; null when missing or not a number. */
  durationMs: number | null;
  /** The `<failure>` or `<error>` that decided the outcome. */
  failure: ReportedFailure | null;
  /** The test case's `<system-out>` and `<system-err>`, joined and cut (logOf); null when both are empty. */
  log: string | null;
}

/** The time of a test case, `time="1.234"` (seconds), in milliseconds. */
export function durationOf(time: string): number | null {
  if (!/^\d+(\.\d+)?$/.test(time)) return null;
  const ms = Math.round(Number(time) * 1000);
  return ms <= 2_147_483_647 ? ms : null;
}

const cut = (text: string) => text.slice(0, IMPORT_LIMITS.failureTextMax);

type Output = 'system-out' | 'system-err';
const OUTPUTS = new Set<string>(['system-out', 'system-err']);

/**
 * A test case's log: its system-out, then its system-err, each under its name, cut to
 * IMPORT_LIMITS.logMax characters together; null when both are empty.
 */
export function logOf(output: Partial<Record<Output, string>>): string | null {
  const parts = (['system-out', 'system-err'] as const)
    .map((name) => [name, output[name]?.trim()] as const)
    .filter(([, text]) => text)
    .map(([name, text]) => `${name}:\n${text}`);
  return parts.length === 0 ? null : parts.join('\n\n').slice(0, IMPORT_LIMITS.logMax);
}

const FALLBACK_SUITE = 'Imported tests';
const OUTCOME_RANK: Record<Outcome, number> = { passed: 0, skipped: 1, failed: 2, error: 3 };
const OUTCOME_OF_CHILD: Record<string, Outcome> = { failure: 'failed', error: 'error', skipped: 'skipped' };

interface OpenCase {
  depth: number;
  suites: string[];
  classname: string;
  name: string;
  outcome: Outcome;
  durationMs: number | null;
  failure: ReportedFailure | null;
  /** True while inside the element that set `failure`, whose text is gathered. */
  inFailure: boolean;
  /** The output element being read (a child of the test case), whose text is gathered. */
  inOutput: Output | null;
  output: Partial<Record<Output, string>>;
}

function attribute(tag: SaxesTagPlain, name: string): string {
  return tag.attributes[name]?.trim() ?? '';
}

const number = (n: number) => n.toLocaleString('en-US');

/** A limit of IMPORT_LIMITS passed: refused at once, before the rest of the report is read. */
const tooDeep = () =>
  new BadRequestError(
    `The report nests XML elements more than ${IMPORT_LIMITS.xmlDepthMax} levels deep, the limit of an import`,
  );
const tooManyElements = () =>
  new AppError(
    413,
    `The report holds more than ${number(IMPORT_LIMITS.xmlElementsMax)} XML elements, the limit of an import; split it into smaller reports`,
  );
const tooManyAttributes = () =>
  new BadRequestError(
    `An element of the report has more than ${IMPORT_LIMITS.xmlAttributesMax} attributes, the limit of an import`,
  );
const casesTooDeep = (name: string) =>
  new BadRequestError(
    `The report nests the test case "${name}" deeper than cases may go: cases nest at most ${LIMITS.caseDepthMax} levels`,
  );

/** A parser failure as the answer says it; the app's own refusals pass through. */
function asReportError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  // saxes reports "line:column: problem."
  const where = /^(\d+):(\d+): (.*?)\.?$/.exec(detail);
  return new BadRequestError(
    where
      ? `The report is not well-formed XML (line ${where[1]}, column ${where[2]}: ${where[3]})`
      : `The report is not well-formed XML (${detail})`,
  );
}

/**
 * Reads the report from its body (bytes, in chunks of any size) and hands each test case to
 * `onCase` in report order; answers what is worth telling the caller.
 */
export async function readJunitReport(
  body: AsyncIterable<Buffer>,
  onCase: (reported: ReportedCase) => void,
): Promise<{ warnings: string[]; reportName: string | null }> {
  const parser = new SaxesParser();
  let unnamed = 0;
  let shortened = 0;
  let depth = 0;
  let elements = 0;
  let attributes = 0;
  let rootSuite = FALLBACK_SUITE;
  // The report's own name: that of <testsuites>, else of its first <testsuite>.
  let reportName: string | null = null;
  // Names of the open <testsuite> elements, outermost first, with the depth of each.
  const suites: { name: string; depth: number }[] = [];
  let open: OpenCase | null = null;

  parser.on('doctype', () => {
    throw new BadRequestError(
      'The report contains a DOCTYPE declaration; Verdict refuses DTDs and entity declarations in reports',
    );
  });

  // Before its attributes are read, so one element's thousands of attributes are not gathered.
  parser.on('opentagstart', () => {
    elements += 1;
    if (elements > IMPORT_LIMITS.xmlElementsMax) throw tooManyElements();
    if (depth >= IMPORT_LIMITS.xmlDepthMax) throw tooDeep();
    attributes = 0;
  });

  parser.on('attribute', () => {
    attributes += 1;
    if (attributes > IMPORT_LIMITS.xmlAttributesMax) throw tooManyAttributes();
  });

  parser.on('opentag', (tag) => {
    depth += 1;
    if (depth === 1) {
      if (tag.name !== 'testsuites' && tag.name !== 'testsuite' && tag.name !== 'testcase') {
        throw new BadRequestError(`This is not a JUnit XML report: its root element is <${tag.name}>`);
      }
      if (tag.name === 'testsuites') rootSuite = fitName(attribute(tag, 'name')).name || FALLBACK_SUITE;
      if (tag.name === 'testsuites') reportName = fitName(attribute(tag, 'name')).name || null;
    }
    if (open) {
      if (depth === open.depth + 1 && OUTPUTS.has(tag.name)) open.inOutput = tag.name as Output;
      const outcome = depth === open.depth + 1 ? OUTCOME_OF_CHILD[tag.name] : undefined;
      if (outcome && OUTCOME_RANK[outcome] > OUTCOME_RANK[open.outcome]) {
        open.outcome = outcome;
        if (outcome === 'failed' || outcome === 'error') {
          const message = tag.attributes.message;
          const type = tag.attributes.type;
          open.failure = {
            message: message ? cut(message) : null,
            type: type ? cut(type) : null,
            text: null,
          };
          open.inFailure = true;
        }
      }
      return;
    }
    if (tag.name === 'testsuite') {
      suites.push({ name: attribute(tag, 'name') || attribute(tag, 'file'), depth });
      reportName ??= fitName(attribute(tag, 'name')).name || null;
    } else if (tag.name === 'testcase') {
      open = {
        depth,
        suites: suites.map((s) => s.name).filter(Boolean),
        classname: attribute(tag, 'classname') || attribute(tag, 'class'),
        name: attribute(tag, 'name'),
        outcome: 'passed',
        durationMs: durationOf(attribute(tag, 'time')),
        failure: null,
        inFailure: false,
        inOutput: null,
        output: {},
      };
    }
  });

  // A failure's text (its stack trace, say) and the test's output, each kept up to its limit.
  const gather = (text: string) => {
    if (open?.inOutput) {
      const kept = open.output[open.inOutput] ?? '';
      if (kept.length < IMPORT_LIMITS.logMax)
        open.output[open.inOutput] = (kept + text).slice(0, IMPORT_LIMITS.logMax);
      return;
    }
    if (!open?.inFailure || !open.failure) return;
    const kept = open.failure.text ?? '';
    if (kept.length < IMPORT_LIMITS.failureTextMax) open.failure.text = cut(kept + text);
  };
  parser.on('text', gather);
  parser.on('cdata', gather);

  parser.on('closetag', (tag) => {
    if (open?.inOutput && depth === open.depth + 1) open.inOutput = null;
    if (open?.inFailure && depth === open.depth + 1) {
      open.inFailure = false;
      if (open.failure?.text !== null && open.failure?.text !== undefined) {
        open.failure.text = open.failure.text.trim() || null;
      }
    }
    if (open && depth === open.depth) {
      const [outer = rootSuite, ...inner] = open.suites;
      const innermost = open.suites.at(-1) ?? rootSuite;
      const path = casePath(inner, innermost, open.classname, open.name, LIMITS.caseDepthMax);
      if (path.segments.length > LIMITS.caseDepthMax) throw casesTooDeep(path.segments.at(-1)!);
      if (path.segments.length === 0) unnamed += 1;
      else {
        if (path.shortened) shortened += 1;
        onCase({
          suite: fitName(outer).name,
          path: path.segments,
          outcome: open.outcome,
          durationMs: open.durationMs,
          failure: open.outcome === 'failed' || open.outcome === 'error' ? open.failure : null,
          log: logOf(open.output),
        });
      }
      open = null;
    } else if (!open && tag.name === 'testsuite' && suites.at(-1)?.depth === depth) {
      suites.pop();
    }
    depth -= 1;
  });

  const feed = (text: string | null) => {
    try {
      if (text === null) parser.close();
      else parser.write(text);
    } catch (error) {
      throw asReportError(error);
    }
  };
  for await (const text of reportText(body)) {
    feed(text);
    await nextTurn();
  }
  feed(null);

  const warnings: string[] = [];
  if (shortened > 0) warnings.push(`${shortened} test name(s) longer than 255 characters were shortened`);
  if (unnamed > 0) warnings.push(`${unnamed} test case(s) without a name or class name were left out`);
  return { warnings, reportName };
}
