import { IMPORT_LIMITS } from '@verdict/contract';
import { BadRequestError } from '../../../lib/errors.ts';
import { CaseCollector, failureOf, logOfStreams, msFromSeconds } from './collector.ts';
import { fileNameOf, pathInClass, titleInClass } from './dotnet-names.ts';
import {
  caseKeyInTitle,
  type OnCase,
  type Outcome,
  type ReadReport,
  type ReportedCase,
} from './reported-case.ts';
import { attribute, readXml, type XmlTag } from './xml-report.ts';
import { Attempts, TextFields } from './xml-test-text.ts';

/**
 * Visual Studio's TRX (`dotnet test --logger trx`, vstest, MSTest): `<TestRun>` with `<Results>`
 * (a `<UnitTestResult>` per test: testName, outcome, duration "hh:mm:ss.fffffff", and in its
 * `<Output>` the StdOut, StdErr and ErrorInfo Message and StackTrace) and `<TestDefinitions>` (a
 * `<UnitTest>` per test, whose `<TestMethod>` names its class and assembly), joined by the test's
 * id. Only the id → class map is kept; results read before their definitions wait for them. A data
 * row's inner results are left to the result that holds them. A test read again is a retry.
 */

type Field = 'message' | 'stack' | 'stdout' | 'stderr';

const OUTCOMES: Record<string, Outcome> = {
  Passed: 'passed',
  PassedButRunAborted: 'passed',
  Completed: 'passed',
  Warning: 'passed',
  Failed: 'failed',
  Timeout: 'failed',
  Error: 'error',
  Aborted: 'error',
  Disconnected: 'error',
  NotRunnable: 'error',
};

/** "00:00:01.2345678" (hours, minutes, seconds) in milliseconds; null when not such a time. */
export function msFromTimeSpan(value: string): number | null {
  const parts = /^(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(value);
  if (!parts) return null;
  return msFromSeconds(Number(parts[1]) * 3600 + Number(parts[2]) * 60 + Number(parts[3]));
}

interface Definition {
  className: string;
  assembly: string;
}

interface ReadResult {
  testId: string;
  testName: string;
  test: Omit<ReportedCase, 'suite' | 'path'>;
}

export async function readTrxReport(body: AsyncIterable<Buffer>, onCase: OnCase): Promise<ReadReport> {
  const collector = new CaseCollector(onCase);
  const attempts = new Attempts();
  const definitions = new Map<string, Definition>();
  let definitionsRead = false;
  const waiting: ReadResult[] = [];
  const names: string[] = [];
  const fields = new TextFields<Field>();
  let result: {
    depth: number;
    testId: string;
    testName: string;
    outcome: Outcome;
    durationMs: number | null;
  } | null = null;
  let unitTest: { id: string; assembly: string } | null = null;

  const report = ({ testId, testName, test }: ReadResult) => {
    const definition = definitions.get(testId);
    const className = definition?.className ?? '';
    const titled = caseKeyInTitle(titleInClass(testName, className));
    const suite = definition?.assembly ?? '';
    const path = pathInClass(className, titled.title);
    collector.add(suite, path, { ...test, caseKey: titled.key, retry: attempts.repeat(suite, path) });
  };

  const open = (tag: XmlTag, depth: number) => {
    names[depth - 1] = tag.name;
    const parent = names[depth - 2];
    if (depth === 1) {
      if (tag.name !== 'TestRun')
        throw new BadRequestError(`This is not a TRX report: its root element is <${tag.name}>`);
      collector.reportName = attribute(tag, 'name') || null;
      return;
    }
    if (result) {
      // <Output><StdOut/><StdErr/><ErrorInfo><Message/><StackTrace/></ErrorInfo></Output>, not an inner result's.
      if (names[result.depth] !== 'Output') return;
      if (depth === result.depth + 2 && tag.name === 'StdOut')
        fields.start('stdout', depth, IMPORT_LIMITS.logMax);
      if (depth === result.depth + 2 && tag.name === 'StdErr')
        fields.start('stderr', depth, IMPORT_LIMITS.logMax);
      if (depth === result.depth + 3 && parent === 'ErrorInfo') {
        if (tag.name === 'Message') fields.start('message', depth, IMPORT_LIMITS.failureTextMax);
        if (tag.name === 'StackTrace') fields.start('stack', depth, IMPORT_LIMITS.failureTextMax);
      }
      return;
    }
    if (tag.name === 'UnitTestResult' && parent === 'Results') {
      fields.clear();
      result = {
        depth,
        testId: attribute(tag, 'testId'),
        testName: attribute(tag, 'testName'),
        outcome: OUTCOMES[attribute(tag, 'outcome')] ?? 'skipped',
        durationMs: msFromTimeSpan(attribute(tag, 'duration')),
      };
    } else if (tag.name === 'UnitTest' && parent === 'TestDefinitions') {
      unitTest = { id: attribute(tag, 'id'), assembly: fileNameOf(attribute(tag, 'storage')) };
    } else if (tag.name === 'TestMethod' && unitTest) {
      definitions.set(unitTest.id, {
        className: attribute(tag, 'className'),
        assembly: fileNameOf(attribute(tag, 'codeBase')) || unitTest.assembly,
      });
    }
  };

  const close = (tag: XmlTag, depth: number) => {
    fields.close(depth);
    if (result && depth === result.depth) {
      const failed = result.outcome === 'failed' || result.outcome === 'error';
      const read: ReadResult = {
        testId: result.testId,
        testName: result.testName,
        test: {
          outcome: result.outcome,
          durationMs: result.durationMs,
          failure: failed
            ? failureOf(fields.get('message') || null, null, fields.get('stack') || null)
            : null,
          log: logOfStreams([
            ['stdout', fields.get('stdout')],
            ['stderr', fields.get('stderr')],
          ]),
        },
      };
      result = null;
      fields.clear();
      if (definitionsRead) report(read);
      else waiting.push(read);
    } else if (tag.name === 'UnitTest') {
      unitTest = null;
    } else if (tag.name === 'TestDefinitions' && depth === 2) {
      definitionsRead = true;
      for (const read of waiting.splice(0)) report(read);
    }
  };

  await readXml(body, { open, text: (text) => fields.text(text), close });
  for (const read of waiting.splice(0)) report(read);
  return collector.result();
}
