import { randomBytes } from 'node:crypto';
import type { Attachment } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/client.ts';
import { deleteStaleUploads } from '../src/modules/attachments/attachments-repository.ts';
import { createProject, createTree, createWorld } from './helpers/fixtures.ts';
import { as, expectGuards, expectStatus } from './helpers/requests.ts';
import { createTestApp } from './helpers/test-app.ts';
import { startWorld, type TestApp, type TestUser, type Tree, type World } from './helpers/world.ts';

/** docs/product/attachments.md: files on cases and cycle results, through the HTTP API. */

/** Small enough to test the limit cheaply, large enough for a file of two chunks (256 KB each). */
const MAX_BYTES = 300_000;

let t: TestApp;
let w: World;
let tree: Tree;
let reader: TestUser;
let tester: TestUser;
beforeAll(async () => {
  ({ t, w, tree, reader, tester } = await startWorld({
    env: { ATTACHMENT_MAX_BYTES: String(MAX_BYTES) },
    tree: true,
    members: {
      reader: ['home_test_case', 'home_test_cycle'],
      tester: ['home_test_cycle', 'execute_test_cycle', 'home_test_case'],
    },
  }));
});
afterAll(() => t.close());

interface File {
  name: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body holding these files (and a text field, which is ignored). */
function multipart(files: File[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----verdict${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nignored\r\n`),
  ];
  for (const file of files) {
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`;
    parts.push(Buffer.from(head), Buffer.from(file.data), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(url: string, files: File[], token: string | undefined = w.admin) {
  return t.request({ method: 'POST', url, token, ...multipart(files) });
}

const caseUrl = (id = tree.caseId) => `/api/test-cases/${id}/attachments`;

async function attach(files: File[], url = caseUrl(), token = w.admin): Promise<Attachment[]> {
  return expectStatus(await upload(url, files, token), 201).attachments;
}

function download(id: number, token = w.admin): Promise<LightMyRequestResponse> {
  return t.request({ method: 'GET', url: `/api/attachments/${id}`, token });
}

async function rowsOf(caseId: number) {
  const [row] = await queryRows<{ attachments: number; chunks: number }>(
    t.db,
    sql`select count(*)::int as attachments,
      (select count(*)::int from attachment_chunks k join attachments a on a.id = k.attachment_id
        where a.case_id = ${caseId}) as chunks
    from attachments where case_id = ${caseId}`,
  );
  return row!;
}

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(100)]);

describe('upload, list, download', () => {
  it('keeps every file of an upload; the bytes come back equal, a file past 256 KB in several chunks', async () => {
    const big = randomBytes(290_000);
    const body = expectStatus(
      await upload(caseUrl(tree.childId), [
        { name: 'shot.png', type: 'image/png', data: PNG },
        { name: 'trace.bin', data: big },
      ]),
      201,
    );
    expect(body.message).toBe('2 files attached');
    expect(body.attachments).toEqual([
      expect.objectContaining({
        name: 'shot.png',
        content_type: 'image/png',
        size: PNG.length,
        case_id: tree.childId,
        result_id: null,
        is_image: true,
        created_by: { id: expect.any(Number), username: 'admin' },
      }),
      expect.objectContaining({ name: 'trace.bin', size: big.length, is_image: false }),
    ]);
    expect(await rowsOf(tree.childId)).toEqual({ attachments: 2, chunks: 3 });

    const list = expectStatus(await as(t, w.admin).get(caseUrl(tree.childId)), 200);
    expect(list.attachments.map((a: Attachment) => a.name)).toEqual(['shot.png', 'trace.bin']);

    const [png, bin] = body.attachments as Attachment[];
    const image = await download(png!.id);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(image.headers['content-disposition']).toBe(
      `inline; filename="shot.png"; filename*=UTF-8''shot.png`,
    );
    const file = await download(bin!.id);
    expect(file.rawPayload.equals(big)).toBe(true);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('a file of exactly the limit is kept; an empty file too', async () => {
    const [full, empty] = await attach([
      { name: 'full.bin', data: randomBytes(MAX_BYTES) },
      { name: 'empty.txt', type: 'text/plain', data: '' },
    ]);
    expect(full!.size).toBe(MAX_BYTES);
    expect((await download(full!.id)).rawPayload.length).toBe(MAX_BYTES);
    const none = await download(empty!.id);
    expect(none.statusCode).toBe(200);
    expect(none.rawPayload.length).toBe(0);
    expect(none.headers['content-type']).toBe('text/plain');
  });

  it('file names lose their folders and control characters; unicode names download by filename*', async () => {
    const [shot, report] = await attach([
      { name: 'C:\\Users\\ann\\Screen shot.png', type: 'image/png', data: PNG },
      { name: 'rap\u202Eport\u0007 é.txt', type: 'Text/Plain; charset=UTF-8', data: 'hello' },
    ]);
    expect(shot!.name).toBe('Screen shot.png');
    expect(report!.name).toBe('rapport é.txt');
    expect(report!.content_type).toBe('text/plain');
    const res = await download(report!.id);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="rapport _.txt"; filename*=UTF-8''rapport%20%C3%A9.txt`,
    );
    expect(res.body).toBe('hello');
  });

  it('an HTML or SVG file is served as a download of application/octet-stream, never inline', async () => {
    const script = '<script>parent.document.title="owned"</script>';
    const files = await attach([
      { name: 'evil.html', type: 'text/html', data: `<html>${script}</html>` },
      {
        name: 'evil.svg',
        type: 'image/svg+xml',
        data: `<svg xmlns="http://www.w3.org/2000/svg">${script}</svg>`,
      },
      { name: 'evil.xhtml', type: 'application/xhtml+xml', data: script },
      // Declared as a text type the browser shows: still nosniff, a download, in a sandbox.
      { name: 'page.txt', type: 'text/plain', data: `<html>${script}</html>` },
    ]);
    expect(files.map((f) => f.is_image)).toEqual([false, false, false, false]);
    expect(files[0]!.content_type).toBe('text/html');
    for (const file of files) {
      const res = await download(file.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        file.name === 'page.txt' ? 'text/plain' : 'application/octet-stream',
      );
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="evil\.|^attachment; filename="page/,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }
  });

  it('a body that is not multipart answers 415; an upload with no file attaches nothing', async () => {
    for (const payload of [undefined, { name: 'x' }, 'plain text']) {
      const res = await t.request({ method: 'POST', url: caseUrl(), token: w.admin, payload });
      expect(expectStatus(res, 415).message).toBe('Send the files as multipart/form-data');
    }
    // The caller is checked first: an outsider learns nothing, whatever the body.
    expectStatus(
      await t.request({ method: 'POST', url: caseUrl(), token: w.outsider.token, payload: {} }),
      404,
    );
    const none = expectStatus(await upload(caseUrl(), []), 201);
    expect(none.attachments).toEqual([]);
  });
});

describe('the size limit (ATTACHMENT_MAX_BYTES)', () => {
  it('a file past it answers 413 naming the setting, and no file of that upload is kept', async () => {
    const before = await rowsOf(tree.grandchildId);
    const res = await upload(caseUrl(tree.grandchildId), [
      { name: 'small.txt', type: 'text/plain', data: 'fine' },
      { name: 'huge.bin', data: randomBytes(MAX_BYTES + 1) },
    ]);
    expect(expectStatus(res, 413).message).toBe(
      'The file is larger than the limit of 293 KB (server setting ATTACHMENT_MAX_BYTES)',
    );
    expect(await rowsOf(tree.grandchildId)).toEqual(before);
    const list = expectStatus(await as(t, w.admin).get(caseUrl(tree.grandchildId)), 200);
    expect(list.attachments).toEqual([]);
  });

  it('is read at start: 25 MB by default, a bad value stops the start', () => {
    expect(loadConfig({}).attachmentMaxBytes).toBe(25 * 1024 * 1024);
    expect(loadConfig({ ATTACHMENT_MAX_BYTES: '1000' }).attachmentMaxBytes).toBe(1000);
    expect(() => loadConfig({ ATTACHMENT_MAX_BYTES: '25MB' })).toThrow(/ATTACHMENT_MAX_BYTES must be/);
  });
});

describe('the project quota (ATTACHMENT_QUOTA_BYTES)', () => {
  const QUOTA = 600_000;
  let q: TestApp;
  let qw: World;
  let qtree: Tree;
  beforeAll(async () => {
    q = await createTestApp({
      ATTACHMENT_MAX_BYTES: String(MAX_BYTES),
      ATTACHMENT_QUOTA_BYTES: String(QUOTA),
    });
    qw = await createWorld(q);
    qtree = await createTree(q, qw.admin, qw.project.id);
  });
  afterAll(() => q?.close());

  const sendTo = (caseId: number, files: File[]) =>
    q.request({
      method: 'POST',
      url: `/api/test-cases/${caseId}/attachments`,
      token: qw.admin,
      ...multipart(files),
    });
  const usage = async () =>
    expectStatus(await as(q, qw.admin).get(`/api/projects/${qw.project.id}/attachments/usage`), 200);
  const keptBytes = async () => {
    const [row] = await queryRows<{ bytes: number }>(
      q.db,
      sql`select coalesce(sum(octet_length(k.data)), 0)::int as bytes
        from attachment_chunks k join attachments a on a.id = k.attachment_id where a.project_id = ${qw.project.id}`,
    );
    return row!.bytes;
  };
  const QUOTA_REFUSAL =
    "The project's files would pass its attachment quota of 585.9 KB (server setting " +
    'ATTACHMENT_QUOTA_BYTES); delete files or ask an administrator to raise it';

  it('an upload that would pass it answers 413 naming the quota and keeps nothing; usage is shown', async () => {
    expect(await usage()).toEqual({ used_bytes: 0, quota_bytes: QUOTA });
    const first = expectStatus(
      await sendTo(qtree.caseId, [{ name: 'a.bin', data: randomBytes(250_000) }]),
      201,
    );
    expect(await usage()).toEqual({ used_bytes: 250_000, quota_bytes: QUOTA });

    const over = await sendTo(qtree.childId, [
      { name: 'b.bin', data: randomBytes(200_000) },
      { name: 'c.bin', data: randomBytes(200_000) },
    ]);
    expect(expectStatus(over, 413).message).toBe(QUOTA_REFUSAL);
    expect(await usage()).toEqual({ used_bytes: 250_000, quota_bytes: QUOTA });
    expect(await keptBytes()).toBe(250_000);

    // Exactly up to the quota is taken; one byte more is not.
    expectStatus(
      await sendTo(qtree.childId, [
        { name: 'b.bin', data: randomBytes(300_000) },
        { name: 'c.bin', data: randomBytes(50_000) },
      ]),
      201,
    );
    expect(await usage()).toEqual({ used_bytes: QUOTA, quota_bytes: QUOTA });
    expect(expectStatus(await sendTo(qtree.caseId, [{ name: 'd', data: 'x' }]), 413).message).toBe(
      QUOTA_REFUSAL,
    );
    expectStatus(await sendTo(qtree.caseId, [{ name: 'empty.txt', data: '' }]), 201);

    // Deleting a file makes room again.
    expectStatus(await as(q, qw.admin).del(`/api/attachments/${first.attachments[0].id}`), 200);
    expect(await usage()).toEqual({ used_bytes: 350_000, quota_bytes: QUOTA });
    expectStatus(await sendTo(qtree.caseId, [{ name: 'd', data: 'x' }]), 201);
  });

  it('uploads sent side by side never pass it together', async () => {
    const project = await createProject(q, qw.admin);
    const caseIds: number[] = [];
    for (let i = 0; i < 5; i++) {
      const made = expectStatus(
        await as(q, qw.admin).post(`/api/test-cases/project/${project.id}/create`, { name: `c${i}` }),
        201,
      );
      caseIds.push(made.testCase.id);
    }
    const answers = await Promise.all(
      caseIds.map((id) =>
        q.request({
          method: 'POST',
          url: `/api/test-cases/${id}/attachments`,
          token: qw.admin,
          ...multipart([{ name: 'part.bin', data: randomBytes(200_000) }]),
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 413, 413]);
    const used = expectStatus(
      await as(q, qw.admin).get(`/api/projects/${project.id}/attachments/usage`),
      200,
    ).used_bytes;
    expect(used).toBe(600_000);
    const [row] = await queryRows<{ files: number }>(
      q.db,
      sql`select count(*)::int as files from attachments where project_id = ${project.id}`,
    );
    expect(row!.files).toBe(3);
  });

  it('usage needs home_test_case in the project; outsiders get 404', async () => {
    await expectGuards(q, qw, {
      method: 'GET',
      url: `/api/projects/${qw.project.id}/attachments/usage`,
      permission: 'home_test_case',
    });
    expectStatus(await as(q, qw.admin).get('/api/projects/999999/attachments/usage'), 404);
  });

  it('is read at start: 1 GiB by default, a bad value stops the start', () => {
    expect(loadConfig({}).attachmentQuotaBytes).toBe(1024 ** 3);
    expect(loadConfig({ ATTACHMENT_QUOTA_BYTES: '5000' }).attachmentQuotaBytes).toBe(5000);
    for (const bad of ['1GB', '0', '-1', String(1024 ** 4 + 1)]) {
      expect(() => loadConfig({ ATTACHMENT_QUOTA_BYTES: bad })).toThrow(/ATTACHMENT_QUOTA_BYTES must be/);
    }
  });
});

describe('who may do what', () => {
  it('uploading needs edit_test_case in the project: 401, 403 for a member, 404 for an outsider', async () => {
    const file = [{ name: 'a.txt', type: 'text/plain', data: 'a' }];
    expectStatus(await upload(caseUrl(), file, ''), 401);
    expect(expectStatus(await upload(caseUrl(), file, w.member.token), 403).message).toContain(
      'edit_test_case',
    );
    expect(expectStatus(await upload(caseUrl(), file, reader.token), 403).message).toContain(
      'edit_test_case',
    );
    expect(expectStatus(await upload(caseUrl(), file, w.outsider.token), 404).message).toBe(
      'Test case not found',
    );
    expectStatus(await upload(caseUrl(999_999), file), 404);
  });

  it('listing and downloading need home_test_case; an outsider gets 404, as for a missing file', async () => {
    const [file] = await attach([{ name: 'seen.txt', type: 'text/plain', data: 'seen' }]);
    await expectGuards(t, w, { method: 'GET', url: caseUrl(), permission: 'home_test_case' });
    await expectGuards(t, w, {
      method: 'GET',
      url: `/api/attachments/${file!.id}`,
      permission: 'home_test_case',
    });
    expect((await download(file!.id, reader.token)).body).toBe('seen');
    expectStatus(await as(t, reader.token).get(caseUrl()), 200);
    expect(expectStatus(await download(999_999), 404).message).toBe('Attachment not found');
  });

  it('deleting needs edit_test_case; the file and its chunks are gone', async () => {
    const caseId = tree.looseCaseId;
    const [file] = await attach([{ name: 'gone.bin', data: randomBytes(1000) }], caseUrl(caseId));
    await expectGuards(t, w, {
      method: 'DELETE',
      url: `/api/attachments/${file!.id}`,
      permission: 'edit_test_case',
    });
    expectStatus(await as(t, reader.token).del(`/api/attachments/${file!.id}`), 403);
    expect(expectStatus(await as(t, w.admin).del(`/api/attachments/${file!.id}`), 200).message).toBe(
      'Attachment deleted',
    );
    expectStatus(await download(file!.id), 404);
    expectStatus(await as(t, w.admin).del(`/api/attachments/${file!.id}`), 404);
    expect(await rowsOf(caseId)).toEqual({ attachments: 0, chunks: 0 });
  });

  it('uploads and deletes are in the audit log', async () => {
    const rows = await queryRows<{ summary: string; entity_type: string }>(
      t.db,
      sql`select summary, entity_type from audit_log where summary like 'Attached %' or summary like 'Removed %'
        order by id`,
    );
    expect(rows).toContainEqual({
      summary: 'Attached "shot.png", "trace.bin" to case "child"',
      entity_type: 'case',
    });
    expect(rows).toContainEqual({ summary: 'Removed "gone.bin" from case "loose"', entity_type: 'case' });
  });
});

describe('files on a cycle result', () => {
  let cycleId: number;
  let resultId: number;
  beforeAll(async () => {
    const cycle = expectStatus(
      await as(t, w.admin).post(`/api/projects/${w.project.id}/cycles`, {
        name: 'R1',
        case_ids: [tree.caseId],
      }),
      201,
    ).cycle;
    cycleId = cycle.id;
    const { items } = expectStatus(await as(t, w.admin).get(`/api/cycles/${cycleId}/items`), 200);
    const item = items.find((i: { test_case: { id: number } }) => i.test_case.id === tree.caseId);
    resultId = expectStatus(
      await as(t, tester.token).post(`/api/cycle-items/${item.id}/results`, { state: 'failed' }),
      201,
    ).result.id;
  });
  const resultUrl = () => `/api/cycle-results/${resultId}/attachments`;

  it('a tester (execute_test_cycle) attaches, lists, downloads and deletes', async () => {
    const log = 'GET /cart 500\n';
    const [file] = await attach(
      [{ name: 'server.log', type: 'text/plain', data: log }],
      resultUrl(),
      tester.token,
    );
    expect(file).toMatchObject({ result_id: resultId, case_id: null, name: 'server.log' });
    const list = expectStatus(await as(t, tester.token).get(resultUrl()), 200);
    expect(list.attachments.map((a: Attachment) => a.id)).toEqual([file!.id]);
    expect((await download(file!.id, tester.token)).body).toBe(log);
    // The case's own list holds only the case's files.
    const caseList = expectStatus(await as(t, w.admin).get(caseUrl()), 200);
    expect(caseList.attachments.map((a: Attachment) => a.id)).not.toContain(file!.id);
    expectStatus(await as(t, tester.token).del(`/api/attachments/${file!.id}`), 200);
  });

  it('needs execute_test_cycle to upload and home_test_cycle to read; outsiders get 404', async () => {
    const file = [{ name: 'a.txt', type: 'text/plain', data: 'a' }];
    expect(expectStatus(await upload(resultUrl(), file, w.member.token), 403).message).toContain(
      'execute_test_cycle',
    );
    expect(expectStatus(await upload(resultUrl(), file, w.outsider.token), 404).message).toBe(
      'Cycle result not found',
    );
    const [kept] = await attach(file, resultUrl());
    await expectGuards(t, w, { method: 'GET', url: resultUrl(), permission: 'home_test_cycle' });
    await expectGuards(t, w, {
      method: 'GET',
      url: `/api/attachments/${kept!.id}`,
      permission: 'home_test_cycle',
    });
    await expectGuards(t, w, {
      method: 'DELETE',
      url: `/api/attachments/${kept!.id}`,
      permission: 'execute_test_cycle',
    });
  });

  it('a closed cycle takes no file and loses none (409) until it is reopened', async () => {
    const [kept] = await attach([{ name: 'before.txt', type: 'text/plain', data: 'x' }], resultUrl());
    expectStatus(await as(t, w.admin).put(`/api/cycles/${cycleId}`, { state: 'closed' }), 200);
    const file = [{ name: 'late.txt', type: 'text/plain', data: 'late' }];
    expect(expectStatus(await upload(resultUrl(), file, tester.token), 409).message).toBe(
      'This test cycle is closed; reopen it first',
    );
    expectStatus(await as(t, tester.token).del(`/api/attachments/${kept!.id}`), 409);
    // Still readable.
    expect((await download(kept!.id, tester.token)).body).toBe('x');
    expectStatus(await as(t, w.admin).put(`/api/cycles/${cycleId}`, { state: 'open' }), 200);
    expectStatus(await as(t, tester.token).del(`/api/attachments/${kept!.id}`), 200);
  });
});

describe('unfinished uploads', () => {
  it('are never listed nor served, and are swept after an hour', async () => {
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into attachments (project_id, case_id, name, content_type, created_at)
        values (${w.project.id}, ${tree.caseId}, 'half.bin', 'application/octet-stream', now() - interval '2 hours')
        returning id`,
    );
    await t.db.execute(sql`insert into attachment_chunks values (${row!.id}, 0, '\\x00'::bytea)`);
    const list = expectStatus(await as(t, w.admin).get(caseUrl()), 200);
    expect(list.attachments.map((a: Attachment) => a.id)).not.toContain(row!.id);
    expectStatus(await download(row!.id), 404);
    await deleteStaleUploads(t.db, 60 * 60);
    const left = await queryRows(t.db, sql`select 1 from attachments where id = ${row!.id}`);
    expect(left).toEqual([]);
  });
});
