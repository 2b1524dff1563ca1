import { IMPORT_LIMITS } from '@verdict/contract';
import { BadRequestError } from '../../../lib/errors.ts';
import { CaseCollector, failureOf, logOfStreams, msFromSeconds } from './collector.ts';
import { fileNameOf, pathInClass, titleInClass } from './dotnet-names.ts';
import { caseKeyInTitle, caseKeyOf, type OnCase, type Outcome, type ReadReport } from './reported-case.ts';
import { attribute, readXml, type XmlTag } from './xml-report.ts';
import { Attempts, TextFields } from './xml-test-text.ts';

/**
 * xUnit.net v2's XML (`dotnet test --logger xunit`, `xunit.console -xml`): `<assemblies>` holding
 * an `<assembly>` per test assembly (its path as its name), its `<collection>`s, and in them a
 * `<test>` per test: its name (the class's full name, the method and a theory's arguments, or a
 * display name), type (the class), result Pass, Fail, Skip or NotRun, time in seconds, its
 * `<failure>` (exception-type, message, stack-trace), `<output>` and `<traits>`. The suite is the
 * assembly's file name and the case above the test its class. A `verdict_case_id` trait or
 * `[C123]` in the name names the case; a test read again is a retry.
 */

type Field = 'message' | 'stack' | 'output';

const OUTCOMES: Record<string, Outcome> = { Pass: 'passed', Fail: 'failed' };

interface OpenTest {
  depth: number;
  suite: string;
  name: string;
  type: string;
  outcome: Outcome;
  durationMs: number | null;
  failureType: string;
  caseKey: number | null;
}

export async function readXunitReport(body: AsyncIterable<Buffer>, onCase: OnCase): Promise<ReadReport> {
  const collector = new CaseCollector(onCase);
  const attempts = new Attempts();
  const names: string[] = [];
  const fields = new TextFields<Field>();
  let assembly = '';
  let test: OpenTest | null = null;

  const open = (tag: XmlTag, depth: number) => {
    names[depth - 1] = tag.name;
    const parent = names[depth - 2];
    if (depth === 1 && tag.name !== 'assemblies' && tag.name !== 'assembly') {
      throw new BadRequestError(`This is not an xUnit.net v2 report: its root element is <${tag.name}>`);
    }
    if (test) {
      if (depth === test.depth + 1 && tag.name === 'output')
        fields.start('output', depth, IMPORT_LIMITS.logMax);
      if (depth === test.depth + 1 && tag.name === 'failure')
        test.failureType = attribute(tag, 'exception-type');
      if (depth === test.depth + 2 && parent === 'failure') {
        if (tag.name === 'message') fields.start('message', depth, IMPORT_LIMITS.failureTextMax);
        if (tag.name === 'stack-trace') fields.start('stack', depth, IMPORT_LIMITS.failureTextMax);
      }
      if (depth === test.depth + 2 && parent === 'traits' && attribute(tag, 'name') === 'verdict_case_id') {
        test.caseKey = caseKeyOf(attribute(tag, 'value')) ?? test.caseKey;
      }
      return;
    }
    if (tag.name === 'assembly') {
      assembly = fileNameOf(attribute(tag, 'name'));
      collector.reportName ??= assembly || null;
    } else if (tag.name === 'test') {
      fields.clear();
      test = {
        depth,
        suite: assembly,
        name: attribute(tag, 'name'),
        type: attribute(tag, 'type'),
        outcome: OUTCOMES[attribute(tag, 'result')] ?? 'skipped',
        durationMs: msFromSeconds(attribute(tag, 'time')),
        failureType: '',
        caseKey: null,
      };
    }
  };

  const close = (_tag: XmlTag, depth: number) => {
    fields.close(depth);
    if (!test || depth !== test.depth) return;
    const titled = caseKeyInTitle(titleInClass(test.name, test.type));
    const path = pathInClass(test.type, titled.title);
    collector.add(test.suite, path, {
      outcome: test.outcome,
      durationMs: test.durationMs,
      failure:
        test.outcome === 'failed'
          ? failureOf(fields.get('message') || null, test.failureType || null, fields.get('stack') || null)
          : null,
      log: logOfStreams([['output', fields.get('output')]]),
      caseKey: test.caseKey ?? titled.key,
      retry: attempts.repeat(test.suite, path),
    });
    test = null;
    fields.clear();
  };

  await readXml(body, { open, text: (text) => fields.text(text), close });
  return collector.result();
}
