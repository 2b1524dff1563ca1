import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/client.ts';
import {
  createObjectStore,
  type ObjectStore,
  useObjectStore,
} from '../src/modules/attachments/object-store.ts';
import { sweepOrphanedObjects } from '../src/modules/attachments/object-sweep.ts';
import { restoreBackup } from '../src/modules/backup/backup-restore.ts';
import { writeBackup } from '../src/modules/backup/backup-writer.ts';
import { createProject } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { type S3Server, startS3Server } from './helpers/s3-server.ts';
import { ADMIN_PASSWORD, openTestDatabase } from './helpers/test-app.ts';
import { startWorld, type TestApp, type Tree, type World } from './helpers/world.ts';

/**
 * docs/product/attachments.md, "Where files are stored": FILE_STORE=s3 against a real
 * S3-compatible server on loopback (s3rver), through the HTTP API; and a backup that carries the
 * bucket's files, restored into a Verdict that keeps files in the database.
 */

let s3: S3Server;
let t: TestApp;
let w: World;
let tree: Tree;
let bucket: ObjectStore;
const work = mkdtempSync(path.join(tmpdir(), 'verdict-s3-test-'));

beforeAll(async () => {
  s3 = await startS3Server();
  ({ t, w, tree } = await startWorld({ env: s3.env, tree: true }));
  const settings = loadConfig({ ...s3.env }).fileStore;
  if (settings.kind !== 's3') throw new Error('FILE_STORE=s3 was not read');
  bucket = await createObjectStore(settings);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function keys(): Promise<string[]> {
  const all: string[] = [];
  let token: string | undefined;
  do {
    const page = await bucket.list('attachments/', token);
    all.push(...page.keys);
    token = page.next;
  } while (token);
  return all;
}

function multipart(files: { name: string; type?: string; data: Buffer }[]) {
  const boundary = `----verdict${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function attach(caseId: number, files: { name: string; type?: string; data: Buffer }[]) {
  const res = await t.request({
    method: 'POST',
    url: `/api/test-cases/${caseId}/attachments`,
    token: w.admin,
    ...multipart(files),
  });
  return expectStatus(res, 201).attachments as { id: number; name: string; size: number }[];
}

async function rowOf(id: number) {
  const [row] = await queryRows<{ store: string; sha256: string | null; size: string; chunks: number }>(
    t.db,
    sql`select store, sha256, size::text as size,
          (select count(*)::int from attachment_chunks where attachment_id = a.id) as chunks
        from attachments a where id = ${id}`,
  );
  return row;
}

const download = (id: number, token = w.admin) =>
  t.request({ method: 'GET', url: `/api/attachments/${id}`, token });

describe('the file store setting', () => {
  it('is database by default, and names what is wrong with an s3 one', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'database' });
    expect(() => loadConfig({ FILE_STORE: 'disk' })).toThrow(/FILE_STORE must be database or s3/);
    let message = '';
    try {
      loadConfig({
        FILE_STORE: 's3',
        S3_ENDPOINT: 'ftp://x',
        S3_FORCE_PATH_STYLE: 'yes',
        S3_SECRET_ACCESS_KEY: 'hidden-secret',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('S3_ENDPOINT must read http(s)://host[:port]');
    expect(message).toContain('S3_BUCKET must be set when FILE_STORE is s3');
    expect(message).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set');
    expect(message).toContain('S3_FORCE_PATH_STYLE must be true or false');
    expect(message).not.toContain('hidden-secret');
  });
});

describe('files in an S3-compatible bucket', () => {
  it('uploads to the bucket under attachments/<id>, keeps size and SHA-256 in the row, downloads from it', async () => {
    const small = Buffer.from('a log line\n');
    // Past 5 MB: a multipart upload of two parts.
    const large = randomBytes(6 * 1024 * 1024 + 123);
    const [one, two] = await attach(tree.caseId, [
      { name: 'log.txt', type: 'text/plain', data: small },
      { name: 'trace.zip', type: 'application/zip', data: large },
    ]);
    expect(await rowOf(one!.id)).toEqual({ store: 's3', sha256: sha256(small), size: '11', chunks: 0 });
    expect(await rowOf(two!.id)).toEqual({
      store: 's3',
      sha256: sha256(large),
      size: String(large.length),
      chunks: 0,
    });
    expect(await keys()).toEqual(
      expect.arrayContaining([`attachments/${one!.id}`, `attachments/${two!.id}`]),
    );
    const got = await download(two!.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-length']).toBe(String(large.length));
    expect(sha256(got.rawPayload)).toBe(sha256(large));
    expect((await download(one!.id)).rawPayload).toEqual(small);
  });

  it('deletes the object with its file', async () => {
    const [file] = await attach(tree.caseId, [{ name: 'gone.txt', data: Buffer.from('soon gone') }]);
    expect(await keys()).toContain(`attachments/${file!.id}`);
    expectStatus(await as(t, w.admin).del(`/api/attachments/${file!.id}`), 200);
    expect(await keys()).not.toContain(`attachments/${file!.id}`);
    expect((await download(file!.id)).statusCode).toBe(404);
  });

  it('keeps no row and no object of an upload refused as too large', async () => {
    const before = await keys();
    const [{ n: rowsBefore }] = (await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from attachments`,
    )) as [{ n: number }];
    const res = await t.request({
      method: 'POST',
      url: `/api/test-cases/${tree.caseId}/attachments`,
      token: w.admin,
      // The default ATTACHMENT_MAX_BYTES is 25 MB.
      ...multipart([{ name: 'huge.bin', data: Buffer.alloc(26 * 1024 * 1024, 1) }]),
    });
    expect(res.statusCode).toBe(413);
    const [{ n: rowsAfter }] = (await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from attachments`,
    )) as [{ n: number }];
    expect(rowsAfter).toBe(rowsBefore);
    expect(await keys()).toEqual(before);
  });

  it("stores an import's inline evidence in the bucket", async () => {
    const projectId = (await createProject(t, w.admin, 'S3 evidence')).id;
    const shot = randomBytes(500);
    const report = JSON.stringify({
      config: {},
      suites: [
        {
          title: 'a.spec.ts',
          file: 'a.spec.ts',
          specs: [
            {
              title: 'opens',
              tests: [
                {
                  projectName: 'chromium',
                  expectedStatus: 'passed',
                  results: [
                    {
                      retry: 0,
                      duration: 1,
                      status: 'failed',
                      attachments: [
                        { name: 'shot', contentType: 'image/png', body: shot.toString('base64') },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    const answer = expectStatus(
      await t.request({
        method: 'POST',
        url: `/api/projects/${projectId}/import/results`,
        token: w.admin,
        payload: report,
        headers: { 'content-type': 'application/json' },
      }),
      201,
    );
    expect(answer.summary.evidence.attached).toBe(1);
    const [row] = await queryRows<{ id: number; store: string; sha256: string }>(
      t.db,
      sql`select id, store, sha256 from attachments where project_id = ${projectId}`,
    );
    expect(row).toMatchObject({ store: 's3', sha256: sha256(shot) });
    expect((await download(row!.id)).rawPayload).toEqual(shot);
  });

  it('reads files kept in the database before the store changed', async () => {
    // The same database handle without its object store is a Verdict with FILE_STORE=database.
    const store = (await import('../src/modules/attachments/object-store.ts')).objectStoreOf(t.db);
    useObjectStore(t.db, undefined);
    let id = 0;
    try {
      const [file] = await attach(tree.looseCaseId, [{ name: 'old.txt', data: Buffer.from('from before') }]);
      id = file!.id;
    } finally {
      useObjectStore(t.db, store);
    }
    expect(await rowOf(id)).toMatchObject({ store: 'database', chunks: 1 });
    expect((await download(id)).rawPayload.toString()).toBe('from before');
  });

  it('sweeps the objects of rows a cascade deleted (a deleted project)', async () => {
    const project = await createProject(t, w.admin, 'S3 cascade');
    const api = as(t, w.admin);
    const made = expectStatus(
      await api.post(`/api/test-cases/project/${project.id}/create`, { name: 'doomed' }),
      201,
    );
    const [file] = await attach(made.testCase.id, [{ name: 'doomed.txt', data: Buffer.from('x') }]);
    await t.db.execute(sql`delete from projects where id = ${project.id}`);
    expect(await keys()).toContain(`attachments/${file!.id}`);
    let token: string | undefined;
    const removed: string[] = [];
    do {
      const page = await sweepOrphanedObjects(t.db, token);
      removed.push(...page.removed);
      token = page.next;
    } while (token);
    expect(removed).toEqual([`attachments/${file!.id}`]);
    const left = await keys();
    expect(left).not.toContain(`attachments/${file!.id}`);
    // The files that still have rows stay.
    const [{ n }] = (await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from attachments where store = 's3'`,
    )) as [{ n: number }];
    expect(left).toHaveLength(n);
  });
});

describe('backup and restore of the bucket', () => {
  it('carries the files of the bucket; a restore into a database-store Verdict brings them back', async () => {
    const bytes = randomBytes(300 * 1024);
    const [file] = await attach(tree.childId, [{ name: 'kept.bin', data: bytes }]);
    const backup = path.join(work, 'with-files.vbk');
    const sink = createWriteStream(backup);
    await writeBackup(t.db, t.database.kind, sink);
    await finished(sink).catch(() => {});
    const text = gunzipSync(readFileSync(backup)).toString();
    const header = JSON.parse(text.slice(0, text.indexOf('\n')));
    const [{ n }] = (await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from attachments where store = 's3' and complete`,
    )) as [{ n: number }];
    expect(header).toMatchObject({ version: 2, files: n });
    expect(text).toContain(
      `@file {"attachment_id":${file!.id},"size":${bytes.length},"sha256":"${sha256(bytes)}"}`,
    );

    const fresh = await openTestDatabase();
    try {
      const report = await restoreBackup(fresh.database, createReadStream(backup));
      expect(report.files).toBe(n);
      const [row] = await queryRows<{ store: string; sha256: string; chunks: number }>(
        fresh.database.db,
        sql`select store, sha256, (select count(*)::int from attachment_chunks where attachment_id = a.id) as chunks
            from attachments a where id = ${file!.id}`,
      );
      expect(row).toEqual({ store: 'database', sha256: sha256(bytes), chunks: 2 });
      const [{ s3Rows }] = (await queryRows<{ s3Rows: number }>(
        fresh.database.db,
        sql`select count(*)::int as "s3Rows" from attachments where store = 's3'`,
      )) as [{ s3Rows: number }];
      expect(s3Rows).toBe(0);
      // A Verdict with FILE_STORE=database serves every restored file.
      const app = await buildApp({
        config: loadConfig({ WEB_DIST: '/nonexistent-web-dist' }),
        database: fresh.database,
      });
      try {
        await app.ready();
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'admin@example.com', password: ADMIN_PASSWORD },
        });
        const token = login.json().token as string;
        const got = await app.inject({
          method: 'GET',
          url: `/api/attachments/${file!.id}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(got.statusCode).toBe(200);
        expect(sha256(got.rawPayload)).toBe(sha256(bytes));
      } finally {
        await app.close();
      }
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  }, 120_000);

  it('writes a version 1 backup when no file is in the bucket', async () => {
    const store = (await import('../src/modules/attachments/object-store.ts')).objectStoreOf(t.db);
    const fresh = await openTestDatabase({ migrated: true });
    try {
      const backup = path.join(work, 'no-files.vbk');
      const sink = createWriteStream(backup);
      await writeBackup(fresh.database.db, fresh.database.kind, sink, { objects: store });
      const text = gunzipSync(readFileSync(backup)).toString();
      expect(JSON.parse(text.slice(0, text.indexOf('\n')))).toMatchObject({ version: 1 });
      expect(JSON.parse(text.slice(0, text.indexOf('\n'))).files).toBeUndefined();
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  });
});
