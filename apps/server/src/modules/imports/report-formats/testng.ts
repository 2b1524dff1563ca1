import { IMPORT_LIMITS, LIMITS } from '@verdict/contract';
import { BadRequestError } from '../../../lib/errors.ts';
import { CaseCollector, failureOf, logOfStreams, msFromSeconds } from './collector.ts';
import { caseKeyInTitle, caseKeyOf, type OnCase, type Outcome, type ReadReport } from './reported-case.ts';
import { appendCut, attribute, readXml, type XmlTag } from './xml-report.ts';
import { Attempts, TextFields } from './xml-test-text.ts';

/**
 * TestNG's `testng-results.xml`: `<testng-results>` > `<suite>` > `<test>` > `<class>` >
 * `<test-method>` with status PASS, FAIL or SKIP, duration-ms, its `<params>`, `<exception>`
 * (class, message, full-stacktrace) and `<reporter-output>` lines. Configuration methods
 * (is-config="true": @BeforeMethod and the like) are not tests and are left out. The suite is the
 * class and the case the method, as Surefire's JUnit reports of the same run name them; a data
 * provider's invocations are told apart by their arguments, "addItem(apple, 2)". An attempt
 * TestNG retried (retried="true", written as SKIP) failed; the method read again in the same
 * `<test>` is its retry. A `verdict_case_id` attribute (ITestResult's or a custom attribute), or
 * `[C123]` in the test's name or description, names the case.
 */

type Field = 'message' | 'stack' | 'line' | 'param' | 'key';

function outcomeOf(status: string, retried: boolean): Outcome {
  if (status === 'PASS') return 'passed';
  if (status === 'SKIP') return retried ? 'failed' : 'skipped';
  return 'failed';
}

/** duration-ms="1234"; null when missing. */
const msOf = (text: string) => (/^\d+$/.test(text) ? msFromSeconds(Number(text) / 1000) : null);

interface OpenMethod {
  depth: number;
  config: boolean;
  title: string;
  description: string;
  outcome: Outcome;
  durationMs: number | null;
  failureType: string;
  output: string;
  /** The data provider's arguments, joined; null for a method without. */
  params: string | null;
  /** Inside a custom attribute named verdict_case_id (its value follows its name). */
  keyAttribute: boolean;
}

export async function readTestngReport(body: AsyncIterable<Buffer>, onCase: OnCase): Promise<ReadReport> {
  const collector = new CaseCollector(onCase);
  const attempts = new Attempts();
  const names: string[] = [];
  const fields = new TextFields<Field>();
  let testName = '';
  let className = '';
  let method: OpenMethod | null = null;

  const open = (tag: XmlTag, depth: number) => {
    names[depth - 1] = tag.name;
    const parent = names[depth - 2];
    if (depth === 1) {
      if (tag.name !== 'testng-results')
        throw new BadRequestError(`This is not a TestNG report: its root element is <${tag.name}>`);
      return;
    }
    if (method) {
      const below = depth - method.depth;
      if (below === 1 && tag.name === 'exception') method.failureType = attribute(tag, 'class');
      if (below === 2 && parent === 'exception') {
        if (tag.name === 'message') fields.start('message', depth, IMPORT_LIMITS.failureTextMax);
        if (tag.name === 'full-stacktrace' || tag.name === 'short-stacktrace')
          fields.start('stack', depth, IMPORT_LIMITS.failureTextMax);
      }
      // TestNG writes each line and value as CDATA between the indentation: each is trimmed.
      if (below === 2 && parent === 'reporter-output' && tag.name === 'line')
        fields.start('line', depth, IMPORT_LIMITS.logMax);
      if (below === 3 && parent === 'param' && tag.name === 'value')
        fields.start('param', depth, LIMITS.nameMax);
      if (below === 2 && parent === 'attributes' && attribute(tag, 'name') === 'verdict_case_id')
        fields.start('key', depth, LIMITS.nameMax);
      if (below === 2 && tag.name === 'custom-attribute') method.keyAttribute = false;
      if (below === 3 && parent === 'custom-attribute') {
        if (tag.name === 'name') method.keyAttribute = attribute(tag, 'value') === 'verdict_case_id';
        if (tag.name === 'value' && method.keyAttribute) fields.start('key', depth, LIMITS.nameMax);
      }
      return;
    }
    if (tag.name === 'suite' && depth === 2) collector.reportName ??= attribute(tag, 'name') || null;
    else if (tag.name === 'test' && parent === 'suite') testName = attribute(tag, 'name');
    else if (tag.name === 'class' && parent === 'test') {
      const pkg = attribute(tag, 'package');
      className = pkg && pkg !== '[default]' ? `${pkg}.${attribute(tag, 'name')}` : attribute(tag, 'name');
    } else if (tag.name === 'test-method' && parent === 'class') {
      fields.clear();
      method = {
        depth,
        config: attribute(tag, 'is-config') === 'true',
        title: attribute(tag, 'test-instance-name') || attribute(tag, 'name'),
        description: attribute(tag, 'description'),
        outcome: outcomeOf(attribute(tag, 'status'), attribute(tag, 'retried') === 'true'),
        durationMs: msOf(attribute(tag, 'duration-ms')),
        failureType: '',
        output: '',
        params: null,
        keyAttribute: false,
      };
    }
  };

  const close = (tag: XmlTag, depth: number) => {
    fields.close(depth);
    if (!method) return;
    if (tag.name === 'line' && depth === method.depth + 2) {
      method.output = appendCut(
        method.output,
        `${method.output ? '\n' : ''}${fields.take('line')}`,
        IMPORT_LIMITS.logMax,
      );
    }
    if (tag.name === 'value' && depth === method.depth + 3) {
      const value = fields.take('param');
      method.params = method.params === null ? value : appendCut(method.params, `, ${value}`, LIMITS.nameMax);
    }
    if (depth !== method.depth) return;
    if (!method.config) {
      const titled = caseKeyInTitle(method.title);
      const path = [method.params === null ? titled.title : `${titled.title}(${method.params})`];
      const failed = method.outcome === 'failed';
      const key = fields
        .get('key')
        .trim()
        .replace(/^\[(.*)\]$/, '$1');
      collector.add(className, path, {
        outcome: method.outcome,
        durationMs: method.durationMs,
        failure: failed
          ? failureOf(fields.get('message') || null, method.failureType || null, fields.get('stack') || null)
          : null,
        log: logOfStreams([['reporter-output', method.output]]),
        caseKey: caseKeyOf(key) ?? titled.key ?? caseKeyInTitle(method.description).key,
        retry: attempts.repeat(testName, [className, ...path]),
      });
    }
    method = null;
    fields.clear();
  };

  await readXml(body, { open, text: (text) => fields.text(text), close });
  return collector.result();
}
