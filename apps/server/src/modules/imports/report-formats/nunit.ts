import { IMPORT_LIMITS } from '@verdict/contract';
import { BadRequestError } from '../../../lib/errors.ts';
import { CaseCollector, failureOf, logOfStreams, msFromSeconds } from './collector.ts';
import { fileNameOf, pathInClass } from './dotnet-names.ts';
import { caseKeyInTitle, caseKeyOf, type OnCase, type Outcome, type ReadReport } from './reported-case.ts';
import { attribute, readXml, type XmlTag } from './xml-report.ts';
import { Attempts, TextFields } from './xml-test-text.ts';

/**
 * NUnit 3's result file (`nunit3-console`, `dotnet test --logger nunit`): `<test-run>` holding
 * nested `<test-suite>`s (type Assembly, TestSuite for a namespace, TestFixture for a class,
 * ParameterizedMethod for a test's cases…) around each `<test-case>`: its result Passed, Failed
 * (label Error: an error), Skipped, Inconclusive or Warning, its duration in seconds, its
 * `<failure>` message and stack-trace, its `<output>`, its `<properties>`. The suite is the
 * assembly's file name and the case above the test its fixture's full name, as TRX and xUnit.net
 * name them. A `verdict_case_id` property or `[C123]` in the name names the case.
 */

type Field = 'message' | 'stack' | 'output';

function outcomeOf(result: string, label: string): Outcome {
  if (result === 'Passed' || result === 'Warning') return 'passed';
  if (result === 'Failed')
    return label === 'Error' || label === 'Invalid' || label === 'Cancelled' ? 'error' : 'failed';
  return 'skipped';
}

interface OpenSuite {
  depth: number;
  type: string;
  name: string;
  fullname: string;
}

interface OpenCase {
  depth: number;
  name: string;
  classname: string;
  outcome: Outcome;
  durationMs: number | null;
  caseKey: number | null;
}

export async function readNunitReport(body: AsyncIterable<Buffer>, onCase: OnCase): Promise<ReadReport> {
  const collector = new CaseCollector(onCase);
  const attempts = new Attempts();
  const suites: OpenSuite[] = [];
  const names: string[] = [];
  const fields = new TextFields<Field>();
  let test: OpenCase | null = null;

  const open = (tag: XmlTag, depth: number) => {
    names[depth - 1] = tag.name;
    const parent = names[depth - 2];
    if (depth === 1) {
      if (tag.name !== 'test-run')
        throw new BadRequestError(`This is not an NUnit 3 report: its root element is <${tag.name}>`);
      return;
    }
    if (test) {
      if (depth === test.depth + 1 && tag.name === 'output')
        fields.start('output', depth, IMPORT_LIMITS.logMax);
      if (depth === test.depth + 2 && parent === 'failure') {
        if (tag.name === 'message') fields.start('message', depth, IMPORT_LIMITS.failureTextMax);
        if (tag.name === 'stack-trace') fields.start('stack', depth, IMPORT_LIMITS.failureTextMax);
      }
      if (depth === test.depth + 2 && parent === 'properties' && tag.name === 'property') {
        if (attribute(tag, 'name') === 'verdict_case_id')
          test.caseKey = caseKeyOf(attribute(tag, 'value')) ?? test.caseKey;
      }
      return;
    }
    if (tag.name === 'test-suite') {
      const suite = {
        depth,
        type: attribute(tag, 'type'),
        name: attribute(tag, 'name'),
        fullname: attribute(tag, 'fullname'),
      };
      suites.push(suite);
      if (suite.type === 'Assembly') collector.reportName ??= fileNameOf(suite.name) || null;
    } else if (tag.name === 'test-case') {
      fields.clear();
      test = {
        depth,
        name: attribute(tag, 'name'),
        classname: attribute(tag, 'classname'),
        outcome: outcomeOf(attribute(tag, 'result'), attribute(tag, 'label')),
        durationMs: msFromSeconds(attribute(tag, 'duration')),
        caseKey: null,
      };
    }
  };

  const close = (tag: XmlTag, depth: number) => {
    fields.close(depth);
    if (test && depth === test.depth) {
      const assembly = suites.findLast((s) => s.type === 'Assembly');
      const fixture = suites.findLast((s) => s.type === 'TestFixture');
      const titled = caseKeyInTitle(test.name);
      const suite = fileNameOf(assembly?.name ?? '');
      const path = pathInClass(fixture ? fixture.fullname || fixture.name : test.classname, titled.title);
      const failed = test.outcome === 'failed' || test.outcome === 'error';
      collector.add(suite, path, {
        outcome: test.outcome,
        durationMs: test.durationMs,
        failure: failed ? failureOf(fields.get('message') || null, null, fields.get('stack') || null) : null,
        log: logOfStreams([['output', fields.get('output')]]),
        caseKey: test.caseKey ?? titled.key,
        retry: attempts.repeat(suite, path),
      });
      test = null;
      fields.clear();
    } else if (!test && tag.name === 'test-suite' && suites.at(-1)?.depth === depth) {
      suites.pop();
    }
  };

  await readXml(body, { open, text: (text) => fields.text(text), close });
  return collector.result();
}
