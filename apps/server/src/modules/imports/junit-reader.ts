import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { BadRequestError } from '../../lib/errors.ts';
import { casePath, fitName } from './junit-case-path.ts';

/**
 * Reads a JUnit XML report with a streaming (SAX) parser: no document tree is built, no text
 * is kept (messages and output are skipped), and DTDs are refused outright, so entity
 * expansion (billion laughs) and external entities (XXE) cannot happen.
 */

export type Outcome = 'passed' | 'failed' | 'error' | 'skipped';

export interface ReportedCase {
  suite: string;
  /** Case names from the top level of the suite down to the case itself. */
  path: string[];
  outcome: Outcome;
}

export interface JunitReport {
  cases: ReportedCase[];
  warnings: string[];
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
}

function attribute(tag: SaxesTagPlain, name: string): string {
  return tag.attributes[name]?.trim() ?? '';
}

export function readJunitReport(xml: string): JunitReport {
  const parser = new SaxesParser();
  const cases: ReportedCase[] = [];
  let unnamed = 0;
  let shortened = 0;
  let depth = 0;
  let rootSuite = FALLBACK_SUITE;
  // Names of the open <testsuite> elements, outermost first, with the depth of each.
  const suites: { name: string; depth: number }[] = [];
  let open: OpenCase | null = null;

  parser.on('doctype', () => {
    throw new BadRequestError(
      'The report contains a DOCTYPE declaration; Verdict refuses DTDs and entity declarations in reports',
    );
  });

  parser.on('opentag', (tag) => {
    depth += 1;
    if (depth === 1) {
      if (tag.name !== 'testsuites' && tag.name !== 'testsuite' && tag.name !== 'testcase') {
        throw new BadRequestError(`This is not a JUnit XML report: its root element is <${tag.name}>`);
      }
      if (tag.name === 'testsuites') rootSuite = fitName(attribute(tag, 'name')).name || FALLBACK_SUITE;
    }
    if (open) {
      const outcome = depth === open.depth + 1 ? OUTCOME_OF_CHILD[tag.name] : undefined;
      if (outcome && OUTCOME_RANK[outcome] > OUTCOME_RANK[open.outcome]) open.outcome = outcome;
      return;
    }
    if (tag.name === 'testsuite') {
      suites.push({ name: attribute(tag, 'name') || attribute(tag, 'file'), depth });
    } else if (tag.name === 'testcase') {
      open = {
        depth,
        suites: suites.map((s) => s.name).filter(Boolean),
        classname: attribute(tag, 'classname') || attribute(tag, 'class'),
        name: attribute(tag, 'name'),
        outcome: 'passed',
      };
    }
  });

  parser.on('closetag', (tag) => {
    if (open && depth === open.depth) {
      const [outer = rootSuite, ...inner] = open.suites;
      const innermost = open.suites.at(-1) ?? rootSuite;
      const path = casePath(inner, innermost, open.classname, open.name);
      if (path.segments.length === 0) unnamed += 1;
      else {
        if (path.shortened) shortened += 1;
        cases.push({ suite: fitName(outer).name, path: path.segments, outcome: open.outcome });
      }
      open = null;
    } else if (!open && tag.name === 'testsuite' && suites.at(-1)?.depth === depth) {
      suites.pop();
    }
    depth -= 1;
  });

  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof BadRequestError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    // saxes reports "line:column: problem."
    const where = /^(\d+):(\d+): (.*?)\.?$/.exec(detail);
    throw new BadRequestError(
      where
        ? `The report is not well-formed XML (line ${where[1]}, column ${where[2]}: ${where[3]})`
        : `The report is not well-formed XML (${detail})`,
    );
  }

  const warnings: string[] = [];
  if (shortened > 0) warnings.push(`${shortened} test name(s) longer than 255 characters were shortened`);
  if (unnamed > 0) warnings.push(`${unnamed} test case(s) without a name or class name were left out`);
  return { cases, warnings };
}
