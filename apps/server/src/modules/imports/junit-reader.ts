import { IMPORT_LIMITS, LIMITS } from '@verdict/contract';
import { BadRequestError } from '../../lib/errors.ts';
import { casePath, fitName } from './junit-case-path.ts';
import { AttachmentMarkers } from './report-formats/evidence.ts';
import {
  caseKeyInTitle,
  caseKeyOf,
  type OnCase,
  type Outcome,
  type ReadReport,
  type ReportedFailure,
} from './report-formats/reported-case.ts';
import { appendCut, attribute, readXml, type XmlTag } from './report-formats/xml-report.ts';

export type { Outcome, ReportedCase, ReportedFailure } from './report-formats/reported-case.ts';

/**
 * Reads a JUnit XML report as its bytes arrive (report-formats/xml-report.ts: streaming, bounded,
 * no DTDs): no text is kept but a failure's (its message, type and text, each cut to
 * IMPORT_LIMITS.failureTextMax characters) and a test case's system-out and system-err (cut to
 * IMPORT_LIMITS.logMax together). Case nesting is checked as each test case is read; the cases
 * read go to the caller one by one, never gathered here.
 */

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
  /** `[[ATTACHMENT|path]]` lines of its output: the test's evidence on the CI machine. */
  markers: AttachmentMarkers;
}

const casesTooDeep = (name: string) =>
  new BadRequestError(
    `The report nests the test case "${name}" deeper than cases may go: cases nest at most ${LIMITS.caseDepthMax} levels`,
  );

/**
 * Reads the report from its body (bytes, in chunks of any size) and hands each test case to
 * `onCase` in report order; answers what is worth telling the caller. With `keys` (the results
 * import; the JUnit import reads names as they are), a test names its case with `[C123]` or
 * `@C123` in its name, or a `verdict_case_id` property.
 */
export async function readJunitReport(
  body: AsyncIterable<Buffer>,
  onCase: OnCase,
  options: { keys?: boolean } = {},
): Promise<ReadReport> {
  let unnamed = 0;
  let shortened = 0;
  let rootSuite = FALLBACK_SUITE;
  // The report's own name: that of <testsuites>, else of its first <testsuite>.
  let reportName: string | null = null;
  // Names of the open <testsuite> elements, outermost first, with the depth of each.
  const suites: { name: string; depth: number }[] = [];
  let open: (OpenCase & { caseKey: number | null }) | null = null;

  const opened = (tag: XmlTag, depth: number) => {
    if (depth === 1) {
      if (tag.name !== 'testsuites' && tag.name !== 'testsuite' && tag.name !== 'testcase') {
        throw new BadRequestError(`This is not a JUnit XML report: its root element is <${tag.name}>`);
      }
      if (tag.name === 'testsuites') rootSuite = fitName(attribute(tag, 'name')).name || FALLBACK_SUITE;
      if (tag.name === 'testsuites') reportName = fitName(attribute(tag, 'name')).name || null;
    }
    if (open) {
      if (depth === open.depth + 1 && OUTPUTS.has(tag.name)) open.inOutput = tag.name as Output;
      // <properties><property name="verdict_case_id" value="C123"/></properties>
      if (options.keys && tag.name === 'property' && attribute(tag, 'name') === 'verdict_case_id') {
        open.caseKey = caseKeyOf(attribute(tag, 'value')) ?? open.caseKey;
      }
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
      const titled = options.keys
        ? caseKeyInTitle(attribute(tag, 'name'))
        : { title: attribute(tag, 'name'), key: null };
      open = {
        depth,
        suites: suites.map((s) => s.name).filter(Boolean),
        classname: attribute(tag, 'classname') || attribute(tag, 'class'),
        name: titled.title,
        caseKey: titled.key,
        outcome: 'passed',
        durationMs: durationOf(attribute(tag, 'time')),
        failure: null,
        inFailure: false,
        inOutput: null,
        output: {},
        markers: new AttachmentMarkers(),
      };
    }
  };

  // A failure's text (its stack trace, say) and the test's output, each kept up to its limit.
  const gather = (text: string) => {
    if (open?.inOutput) {
      open.markers.feed(text);
      open.output[open.inOutput] = appendCut(open.output[open.inOutput], text, IMPORT_LIMITS.logMax);
      return;
    }
    if (!open?.inFailure || !open.failure) return;
    open.failure.text = appendCut(open.failure.text, text, IMPORT_LIMITS.failureTextMax);
  };

  const closed = (tag: XmlTag, depth: number) => {
    if (open?.inOutput && depth === open.depth + 1) {
      open.inOutput = null;
      open.markers.close();
    }
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
          caseKey: open.caseKey,
          ...(open.markers.found.length > 0 ? { attachments: open.markers.found } : {}),
        });
      }
      open = null;
    } else if (!open && tag.name === 'testsuite' && suites.at(-1)?.depth === depth) {
      suites.pop();
    }
  };

  await readXml(body, { open: opened, text: gather, close: closed });

  const warnings: string[] = [];
  if (shortened > 0) warnings.push(`${shortened} test name(s) longer than 255 characters were shortened`);
  if (unnamed > 0) warnings.push(`${unnamed} test case(s) without a name or class name were left out`);
  return { warnings, reportName };
}
