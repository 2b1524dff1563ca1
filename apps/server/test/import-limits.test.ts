import { Readable } from 'node:stream';
import { IMPORT_LIMITS, LIMITS } from '@verdict/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countsOf, project } from './helpers/import-world.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Hostile JUnit reports (issue: 1.1 MB of 20,000 nested <testsuite> took 187 s and 4.4 GB; 9 MB
 * of unclosed tags stopped the server for 5 s). A report is read as it arrives, a slice at a
 * time with other work let in between; one that nests deeper or holds more than the limits of
 * IMPORT_LIMITS is refused the moment the limit is passed, before the rest is read.
 */

let t: TestApp;
let admin: string;
let p: number;
beforeAll(async () => {
  t = await createTestApp({ IMPORT_MAX_BYTES: String(32 * 1024 * 1024) });
  admin = await t.login();
  p = await project(t);
});
afterAll(() => t.close());

function importXml(body: string | Buffer) {
  return t.request({
    method: 'POST',
    url: `/api/projects/${p}/import/junit`,
    token: admin,
    payload: body,
    headers: { 'content-type': 'application/xml' },
  });
}

/** Text that is not XML: a parser that reached it would answer "not well-formed". */
const NOT_XML = '<<< not xml >>>'.repeat(1000);

const answer = async (body: string) => {
  const res = await importXml(body);
  return { status: res.statusCode, message: res.json().message as string };
};

describe('a report past a limit is refused at once', () => {
  it(`nesting elements deeper than ${IMPORT_LIMITS.xmlDepthMax} levels answers 400 naming the limit`, async () => {
    const deep = `<testsuites>${'<testsuite>'.repeat(IMPORT_LIMITS.xmlDepthMax)}${NOT_XML}`;
    expect(await answer(deep)).toEqual({
      status: 400,
      message: `The report nests XML elements more than ${IMPORT_LIMITS.xmlDepthMax} levels deep, the limit of an import`,
    });
  });

  it('20,000 nested test suites and 9 MB of unclosed tags answer 400 at once', async () => {
    // Each suite names a level of the case tree, so the cases' own limit comes first.
    const suites = `<testsuites>${'<testsuite name="s"><testcase name="t"/>'.repeat(20_000)}${'</testsuite>'.repeat(20_000)}</testsuites>`;
    expect(await answer(suites)).toEqual({
      status: 400,
      message: `The report nests the test case "t" deeper than cases may go: cases nest at most ${LIMITS.caseDepthMax} levels`,
    });
    const unclosed = `<testsuites>${'<testsuite>'.repeat((9 * 1024 * 1024) / 11)}`;
    expect(await answer(unclosed)).toMatchObject({
      status: 400,
      message: expect.stringMatching(/levels deep/),
    });
  });

  it(`holding more than ${IMPORT_LIMITS.xmlElementsMax.toLocaleString('en-US')} elements answers 413 naming the limit`, async () => {
    const many = `<testsuites><testsuite name="s"><testcase name="t">${'<p/>'.repeat(IMPORT_LIMITS.xmlElementsMax)}${NOT_XML}`;
    expect(await answer(many)).toEqual({
      status: 413,
      message: `The report holds more than ${IMPORT_LIMITS.xmlElementsMax.toLocaleString('en-US')} XML elements, the limit of an import; split it into smaller reports`,
    });
  });

  it(`an element with more than ${IMPORT_LIMITS.xmlAttributesMax} attributes answers 400 naming the limit`, async () => {
    const attributes = Array.from({ length: 200_000 }, (_, i) => ` a${i}="x"`).join('');
    const wide = `<testsuites><testsuite name="s"${attributes}${NOT_XML}`;
    expect(await answer(wide)).toEqual({
      status: 400,
      message: `An element of the report has more than ${IMPORT_LIMITS.xmlAttributesMax} attributes, the limit of an import`,
    });
  });

  it('writes nothing for any of them', async () => {
    expect(await countsOf(t, p)).toMatchObject({ suites: 0, cases: 0, runs: 0 });
  });
});

describe('a large report is read a slice at a time', () => {
  it('the event loop turns while it is parsed, also when it arrives in one piece', async () => {
    // 8 MB of test cases that end in a broken tag, so nothing reaches the database, handed to
    // the server in a single chunk: parsing it all at once would leave no turn to anyone else.
    const body = Buffer.from(
      `<testsuites><testsuite name="s">${'<testcase classname="c" name="a test case"/>'.repeat(180_000)}<broken`,
    );
    let reading = false;
    let turns = 0;
    const turn = () => {
      if (!reading) return;
      turns += 1;
      setImmediate(turn);
    };
    let sent = false;
    const payload = new Readable({
      read() {
        if (sent) return;
        sent = true;
        reading = true;
        setImmediate(turn);
        this.push(body);
        this.push(null);
      },
    });
    const res = await t.request({
      method: 'POST',
      url: `/api/projects/${p}/import/junit`,
      token: admin,
      payload,
      headers: { 'content-type': 'application/xml', 'content-length': String(body.length) },
    });
    reading = false;
    expect({ status: res.statusCode, message: res.json().message }).toMatchObject({
      status: 400,
      message: expect.stringMatching(/not well-formed XML .*unclosed tag/),
    });
    // Other requests get a turn at least every 128 KB of the report.
    expect(turns).toBeGreaterThanOrEqual(body.length / (128 * 1024));
  });
});
