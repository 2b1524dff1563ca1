import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type TestUser, type World } from './helpers/world.ts';
import { zipOf } from './helpers/zip-archive.ts';

/**
 * A report's evidence (docs/product/report-formats.md, "Evidence"): the files each format names for
 * its tests land on the import's results: the bytes a report carries stored by the server, the
 * paths listed for the uploader (never read by the server), within ATTACHMENT_MAX_BYTES, the
 * project's quota and the import's bounds; and POST /api/cycle-results/{id}/evidence, the
 * importer's upload to its own import's results, open or closed.
 */

const MAX_BYTES = 4000;
const QUOTA_BYTES = 10_000;

let t: TestApp;
let w: World;
let importer: TestUser;
let tester: TestUser;
beforeAll(async () => {
  ({ t, w, importer, tester } = await startWorld({
    env: { ATTACHMENT_MAX_BYTES: String(MAX_BYTES), ATTACHMENT_QUOTA_BYTES: String(QUOTA_BYTES) },
    members: {
      importer: [
        'import_results',
        'add_test_run_in_test_case',
        'add_test_suit_in_project',
        'add_test_case_in_test_suit',
        'add_test_case_in_test_case',
        'home_test_cycle',
      ],
      tester: ['home_test_cycle', 'execute_test_cycle', 'import_results'],
    },
  }));
});
afterAll(() => t.close());

let projects = 0;
const newProject = async () => (await createProject(t, w.admin, `Evidence ${++projects}`)).id;

function postReport(
  projectId: number,
  body: string | Buffer,
  type: string,
  token = w.admin,
  route = 'results',
) {
  return t.request({
    method: 'POST',
    url: `/api/projects/${projectId}/import/${route}`,
    token,
    payload: body,
    headers: { 'content-type': type },
  });
}

interface FileOf {
  name: string;
  content_type: string;
  size: number;
  bytes: Buffer;
}

/** Each result of the cycle as "case name #attempt", with its files and their bytes. */
async function filesOfCycle(cycleId: number): Promise<Record<string, { resultId: number; files: FileOf[] }>> {
  const api = as(t, w.admin);
  const { items } = expectStatus(await api.get(`/api/cycles/${cycleId}/items?limit=1000`), 200);
  const out: Record<string, { resultId: number; files: FileOf[] }> = {};
  for (const item of items) {
    const { results } = expectStatus(await api.get(`/api/cycle-items/${item.id}`), 200);
    for (const [attempt, result] of results.entries()) {
      const { attachments } = expectStatus(await api.get(`/api/cycle-results/${result.id}/attachments`), 200);
      const files: FileOf[] = [];
      for (const file of attachments) {
        const download = await t.request({
          method: 'GET',
          url: `/api/attachments/${file.id}`,
          token: w.admin,
        });
        files.push({
          name: file.name,
          content_type: file.content_type,
          size: file.size,
          bytes: download.rawPayload,
        });
      }
      out[`${item.test_case.name} #${attempt + 1}`] = { resultId: result.id, files };
    }
  }
  return out;
}

const png = randomBytes(300);
const body64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

/** A Playwright JSON report of one spec, whose attempts carry these attachments. */
function playwrightReport(tests: { title: string; attempts: { status: string; attachments: object[] }[] }[]) {
  return JSON.stringify({
    config: {},
    suites: [
      {
        title: 'shop.spec.ts',
        file: 'shop.spec.ts',
        specs: tests.map((test) => ({
          title: test.title,
          tests: [
            {
              projectName: 'chromium',
              expectedStatus: 'passed',
              results: test.attempts.map((attempt, retry) => ({ retry, duration: 5, ...attempt })),
            },
          ],
        })),
      },
    ],
  });
}

describe('evidence of the results import', () => {
  it('Playwright: inline bodies are stored on their attempt, paths are listed for the uploader and never read', async () => {
    const projectId = await newProject();
    const report = playwrightReport([
      {
        title: 'pays by card',
        attempts: [
          {
            status: 'failed',
            attachments: [
              { name: 'screenshot', contentType: 'image/png', body: body64(png) },
              { name: 'trace', contentType: 'application/zip', path: '/ci/work/test-results/pays/trace.zip' },
            ],
          },
          {
            status: 'passed',
            attachments: [
              { name: 'note', contentType: 'text/plain', body: body64('second attempt') },
              // On the server's own disk: the server must not read it.
              { name: 'passwd', contentType: 'text/plain', path: '/etc/passwd' },
              { name: 'up', contentType: 'text/plain', path: '../../secrets.txt' },
            ],
          },
        ],
      },
    ]);
    const answer = expectStatus(await postReport(projectId, report, 'application/json'), 201);
    expect(answer.summary.evidence).toEqual({ attached: 2, to_upload: 3, skipped: [] });
    const files = await filesOfCycle(answer.cycle.id);
    const first = files['pays by card #1']!;
    const second = files['pays by card #2']!;
    expect(first.files).toEqual([
      { name: 'screenshot.png', content_type: 'image/png', size: 300, bytes: png },
    ]);
    expect(second.files).toEqual([
      { name: 'note.txt', content_type: 'text/plain', size: 14, bytes: Buffer.from('second attempt') },
    ]);
    expect(answer.evidence_uploads).toEqual([
      {
        result_id: first.resultId,
        name: 'trace.zip',
        path: '/ci/work/test-results/pays/trace.zip',
        content_type: 'application/zip',
      },
      { result_id: second.resultId, name: 'passwd', path: '/etc/passwd', content_type: 'text/plain' },
      {
        result_id: second.resultId,
        name: 'secrets.txt',
        path: '../../secrets.txt',
        content_type: 'text/plain',
      },
    ]);
  });

  it('JUnit: [[ATTACHMENT|path]] lines of system-out and system-err, on either import, only listed', async () => {
    const projectId = await newProject();
    const xml = `<?xml version="1.0"?>
<testsuite name="api">
  <testcase classname="Orders" name="creates an order" time="0.1">
    <system-out>created
[[ATTACHMENT|screenshots/order.png]]
</system-out>
    <system-err><![CDATA[[[ATTACHMENT|C:\\ci\\logs\\server.log]]]]></system-err>
  </testcase>
  <testcase classname="Orders" name="cancels an order"><system-out>no files here [[ATTACHMENT|]]</system-out></testcase>
</testsuite>`;
    for (const route of ['junit', 'results']) {
      const answer = expectStatus(await postReport(projectId, xml, 'application/xml', w.admin, route), 201);
      const files = await filesOfCycle(answer.cycle.id);
      const resultId = files['creates an order #1']!.resultId;
      expect(answer.summary.evidence).toEqual({ attached: 0, to_upload: 2, skipped: [] });
      expect(answer.evidence_uploads).toEqual([
        { result_id: resultId, name: 'order.png', path: 'screenshots/order.png', content_type: 'image/png' },
        {
          result_id: resultId,
          name: 'server.log',
          path: 'C:\\ci\\logs\\server.log',
          content_type: 'text/plain',
        },
      ]);
      expect(Object.values(files).flatMap((r) => r.files)).toEqual([]);
    }
    // A report that names no file answers as before.
    const plain = expectStatus(
      await postReport(projectId, '<testsuite name="s"><testcase name="a"/></testsuite>', 'application/xml'),
      201,
    );
    expect(plain.summary.evidence).toBeUndefined();
    expect(plain.evidence_uploads).toBeUndefined();
  });

  it('Cucumber: embeddings and attachments of steps and hooks are stored on the scenario', async () => {
    const projectId = await newProject();
    const report = JSON.stringify([
      {
        name: 'Checkout',
        uri: 'checkout.feature',
        elements: [
          {
            type: 'scenario',
            name: 'Pay by card',
            steps: [
              {
                keyword: 'Given ',
                name: 'a cart',
                result: { status: 'passed' },
                embeddings: [{ data: body64(png), mime_type: 'image/png' }],
              },
              {
                keyword: 'Then ',
                name: 'it is paid',
                result: { status: 'failed', error_message: 'no' },
                embeddings: [{ data: 'plain text from cucumber-js', mime_type: 'text/plain' }],
              },
            ],
            after: [
              {
                result: { status: 'passed' },
                attachments: [
                  { body: body64('{"a":1}'), mediaType: 'application/json', fileName: 'state.json' },
                ],
              },
            ],
          },
        ],
      },
    ]);
    const answer = expectStatus(await postReport(projectId, report, 'application/json'), 201);
    expect(answer.summary.evidence).toEqual({ attached: 3, to_upload: 0, skipped: [] });
    const files = (await filesOfCycle(answer.cycle.id))['Pay by card #1']!.files;
    expect(files.map((f) => [f.name, f.content_type, f.bytes.toString('base64')])).toEqual([
      ['embedding-1.png', 'image/png', body64(png)],
      ['embedding-2.txt', 'text/plain', body64('plain text from cucumber-js')],
      ['state.json', 'application/json', body64('{"a":1}')],
    ]);
  });

  it('Allure: attachments of the test and its steps come from the zip; a source outside it names nothing', async () => {
    const projectId = await newProject();
    const result = {
      uuid: 'a1',
      historyId: 'h1',
      name: 'signs in',
      status: 'failed',
      labels: [{ name: 'suite', value: 'Auth' }],
      attachments: [
        { name: 'Screenshot', source: 'shot-attachment.png', type: 'image/png' },
        { name: 'stdout', source: 'out-attachment.txt', type: 'text/plain' },
        { name: 'escape', source: '../../etc/passwd', type: 'text/plain' },
      ],
      steps: [
        {
          name: 'open',
          status: 'passed',
          steps: [
            {
              name: 'deeper',
              status: 'passed',
              attachments: [{ name: 'page.html', source: 'page-attachment.html', type: 'text/html' }],
            },
          ],
        },
      ],
    };
    const zip = zipOf([
      { name: 'a1-result.json', data: JSON.stringify(result) },
      { name: 'shot-attachment.png', data: png },
      { name: 'out-attachment.txt', data: 'printed' },
      { name: 'page-attachment.html', data: '<p>hi</p>' },
    ]);
    const answer = expectStatus(await postReport(projectId, zip, 'application/zip'), 201);
    expect(answer.summary.evidence).toEqual({ attached: 2, to_upload: 0, skipped: [] });
    const files = (await filesOfCycle(answer.cycle.id))['signs in #1']!.files;
    expect(files.map((f) => [f.name, f.content_type, f.bytes.toString()])).toEqual([
      ['Screenshot.png', 'image/png', png.toString()],
      ['page.html', 'text/html', '<p>hi</p>'],
    ]);

    // An entry whose name leaves the archive's folder refuses the archive.
    const hostile = zipOf([
      { name: 'a1-result.json', data: JSON.stringify(result) },
      { name: '../shot-attachment.png', data: png },
    ]);
    const refused = expectStatus(await postReport(projectId, hostile, 'application/zip'), 400);
    expect(refused.message).toMatch(/leaves its folder/);
  });

  it('skips a file over ATTACHMENT_MAX_BYTES and those past the quota, a line each; the import stands', async () => {
    const projectId = await newProject();
    const big = randomBytes(MAX_BYTES + 1);
    const fits = randomBytes(3500);
    const report = playwrightReport([
      {
        title: 'uploads',
        attempts: [
          {
            status: 'passed',
            attachments: [
              { name: 'big.bin', contentType: 'application/octet-stream', body: body64(big) },
              { name: 'a.bin', contentType: 'application/octet-stream', body: body64(fits) },
              { name: 'b.bin', contentType: 'application/octet-stream', body: body64(fits) },
              { name: 'c.bin', contentType: 'application/octet-stream', body: body64(fits) },
            ],
          },
        ],
      },
    ]);
    const answer = expectStatus(await postReport(projectId, report, 'application/json'), 201);
    expect(answer.summary.runsRecorded).toBe(1);
    expect(answer.summary.evidence).toEqual({
      attached: 2,
      to_upload: 0,
      skipped: [
        'big.bin of "uploads": larger than 3.9 KB (ATTACHMENT_MAX_BYTES); not attached',
        `c.bin of "uploads": past the project's attachment quota of 9.8 KB (ATTACHMENT_QUOTA_BYTES); not attached`,
      ],
    });
    const files = (await filesOfCycle(answer.cycle.id))['uploads #1']!.files;
    expect(files.map((f) => f.name)).toEqual(['a.bin', 'b.bin']);
  });

  it('bounds the files: 20 per test, 2,000 per import, names cut; the rest skipped with a line', async () => {
    const projectId = await newProject();
    const many = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({
        name: 'f',
        contentType: 'text/plain',
        path: `/ci/${prefix}-${i}.txt`,
      }));
    const long = { name: `${'n'.repeat(300)}.txt`, contentType: 'text/plain', body: body64('x') };
    const tests = [
      { title: 'long name', attempts: [{ status: 'passed', attachments: [long] as object[] }] },
      ...Array.from({ length: 101 }, (_, i) => ({
        title: `test ${i}`,
        attempts: [{ status: 'passed', attachments: many(i === 0 ? 25 : 20, `t${i}`) }],
      })),
    ];
    const answer = expectStatus(
      await postReport(projectId, playwrightReport(tests), 'application/json'),
      201,
    );
    expect(answer.evidence_uploads).toHaveLength(1999);
    expect(answer.evidence_uploads[19].path).toBe('/ci/t0-19.txt');
    expect(answer.evidence_uploads[20].path).toBe('/ci/t1-0.txt');
    const [stored] = (await filesOfCycle(answer.cycle.id))['long name #1']!.files;
    expect(stored!.name).toBe('n'.repeat(255));
    expect(answer.summary.evidence).toEqual({
      attached: 1,
      to_upload: 1999,
      skipped: [
        '"test 0" names more than 20 files; the first 20 were kept',
        '21 file(s) past the 2,000 of one import were skipped',
      ],
    });
  });
});

describe('POST /api/cycle-results/{id}/evidence', () => {
  const upload = (resultId: number, token: string, name = 'trace.zip') => {
    const boundary = 'verdictevidence';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      Buffer.from('PK zip bytes'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.request({
      method: 'POST',
      url: `/api/cycle-results/${resultId}/evidence`,
      token,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };

  it("takes files for the importer's own import's results, open or closed, and refuses every other result", async () => {
    const report = playwrightReport([
      {
        title: 'traced',
        attempts: [
          {
            status: 'passed',
            attachments: [{ name: 'trace', contentType: 'application/zip', path: '/ci/trace.zip' }],
          },
        ],
      },
    ]);
    const answer = expectStatus(
      await postReport(w.project.id, report, 'application/json', importer.token),
      201,
    );
    const resultId = answer.evidence_uploads[0].result_id;

    const stored = expectStatus(await upload(resultId, importer.token), 201);
    expect(stored.attachments).toMatchObject([
      { name: 'trace.zip', content_type: 'application/zip', size: 12 },
    ]);

    // Closed: the evidence still goes in (the uploader runs after the import), a tester's file does not.
    expectStatus(await as(t, w.admin).put(`/api/cycles/${answer.cycle.id}`, { state: 'closed' }), 200);
    expectStatus(await upload(resultId, importer.token, 'second.zip'), 201);
    const tried = await t.request({
      method: 'POST',
      url: `/api/cycle-results/${resultId}/attachments`,
      token: tester.token,
    });
    expect(tried.statusCode).toBe(409);

    // Another importer of the project: not theirs.
    const other = expectStatus(await upload(resultId, tester.token), 403);
    expect(other.code).toBe('not_your_import');

    // A result of a cycle made by hand.
    const { items } = expectStatus(await as(t, w.admin).get(`/api/cycles/${answer.cycle.id}/items`), 200);
    const { cycle } = expectStatus(
      await as(t, w.admin).post(`/api/projects/${w.project.id}/cycles`, {
        name: 'By hand',
        case_ids: [items[0].test_case.id],
      }),
      201,
    );
    const manualItems = expectStatus(await as(t, w.admin).get(`/api/cycles/${cycle.id}/items`), 200).items;
    const manual = expectStatus(
      await as(t, tester.token).post(`/api/cycle-items/${manualItems[0].id}/results`, { state: 'passed' }),
      201,
    ).result.id;
    const refused = expectStatus(await upload(manual, w.admin), 409);
    expect(refused.code).toBe('not_an_import');

    // Without import_results, outside the project, and an unknown result.
    expectStatus(await upload(resultId, w.member.token), 403);
    expectStatus(await upload(resultId, w.outsider.token), 404);
    expectStatus(await upload(999_999, importer.token), 404);

    const list = expectStatus(await as(t, w.admin).get(`/api/cycle-results/${resultId}/attachments`), 200);
    expect(list.attachments.map((a: { name: string }) => a.name)).toEqual(['trace.zip', 'second.zip']);
  });
});
