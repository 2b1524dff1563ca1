// Attachments at size (`node --import tsx bench/attachments.ts`), docs/product/attachments.md. A
// fresh database (embedded in a temporary DATA_DIR, or a new database on the PostgreSQL server of
// DATABASE_URL / scripts/ensure-postgres.sh) gets a project with one case; the server starts as
// `npm start` starts it; then a 25 MB file (the default ATTACHMENT_MAX_BYTES) is uploaded and
// downloaded a few times through the API while the server's resident memory is sampled from
// /proc every 20 ms. The point: memory stays flat, since a file passes through in 256 KB chunks
// and is never held whole (issue 19, "Speed"). Each download is compared with what was sent.
// Options: --db embedded|postgres|both (default: postgres when DATABASE_URL is set, else
// embedded), --rounds N (default 3), --mb N (the file's size, default 25; the server's
// ATTACHMENT_MAX_BYTES is set to it, so a larger file shows whether memory grows with the file).
// Not part of `npm run bench` nor of CI.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ATTACHMENT_MAX_BYTES_DEFAULT } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { seededWith, startOnFreshDatabase } from './server-process.ts';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN_PASSWORD = 'attachments-bench-admin-password';
const MB = 1024 * 1024;

type Db = 'embedded' | 'postgres';

interface AttachmentsResult {
  database: string;
  fileMb: number;
  rounds: number;
  uploadMs: number[];
  downloadMs: number[];
  /** The peak resident memory (VmHWM) after each round, MB: flat when later rounds add nothing. */
  hwmAfterRound: number[];
  bytesMatch: boolean;
  memoryMb: {
    rssBefore: number;
    hwmBefore: number;
    rssPeakDuring: number;
    hwmAfter: number;
    rssAfter: number;
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

const seed = seededWith(ADMIN_PASSWORD, async (db) => {
  await db.execute(sql`insert into projects (name, created_by) values ('Attachments bench', 1)`);
  await db.execute(sql`insert into suites (project_id, name) values (1, 'Suite')`);
  await db.execute(sql`insert into test_cases (project_id, suite_id, name) values (1, 1, 'Case')`);
});

/** A multipart/form-data body of one file. */
function multipart(name: string, data: Buffer): { body: Buffer; type: string } {
  const boundary = `----verdict-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, data, tail]), type: `multipart/form-data; boundary=${boundary}` };
}

async function runOne(db: Db, rounds: number, fileBytes: number): Promise<AttachmentsResult> {
  const label = db === 'postgres' ? 'PostgreSQL server' : 'embedded PostgreSQL';
  const work = mkdtempSync(path.join(os.tmpdir(), 'verdict-attachments-'));
  const env: Record<string, string> = {
    ADMIN_PASSWORD,
    VERDICT_SKIP_WEB_BUILD: '1',
    WEB_DIST: path.join(work, 'no-web'),
    ATTACHMENT_MAX_BYTES: String(fileBytes),
  };
  console.error(`\n== Attachments on ${label}`);
  const { server, drop } = await startOnFreshDatabase({
    db,
    work,
    prefix: 'verdict_attachments',
    seed,
    env,
    port: 3700 + Math.floor(Math.random() * 100),
  });
  const memoryOf = (field: 'VmRSS' | 'VmHWM') => {
    const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return match ? Number(match[1]) / 1024 : 0;
  };
  try {
    const base = server.url;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    // A small upload and download first, so what every request needs once is in place.
    const warm = multipart('warm.bin', randomBytes(1000));
    const warmed = await fetch(`${base}/api/test-cases/1/attachments`, {
      method: 'POST',
      headers: { ...auth, 'content-type': warm.type },
      body: warm.body,
    });
    const warmId = ((await warmed.json()) as { attachments: { id: number }[] }).attachments[0]!.id;
    await (await fetch(`${base}/api/attachments/${warmId}`, { headers: auth })).arrayBuffer();

    const rssBefore = memoryOf('VmRSS');
    const hwmBefore = memoryOf('VmHWM');
    let rssPeakDuring = rssBefore;
    const sampler = setInterval(() => {
      rssPeakDuring = Math.max(rssPeakDuring, memoryOf('VmRSS'));
    }, 20);

    const data = randomBytes(fileBytes);
    const sent = createHash('sha256').update(data).digest('hex');
    const upload = multipart('big.bin', data);
    const uploadMs: number[] = [];
    const downloadMs: number[] = [];
    const hwmAfterRound: number[] = [];
    let bytesMatch = true;
    for (let i = 0; i < rounds; i++) {
      console.error(`   round ${i + 1} of ${rounds}: upload and download ${fileBytes / MB} MB`);
      let started = performance.now();
      const res = await fetch(`${base}/api/test-cases/1/attachments`, {
        method: 'POST',
        headers: { ...auth, 'content-type': upload.type },
        body: upload.body,
      });
      const answer = (await res.json()) as { attachments: { id: number; size: number }[]; message?: string };
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${answer.message}`);
      uploadMs.push(round(performance.now() - started));

      started = performance.now();
      const download = await fetch(`${base}/api/attachments/${answer.attachments[0]!.id}`, { headers: auth });
      if (!download.ok || !download.body) throw new Error(`download: ${download.status}`);
      const hash = createHash('sha256');
      let received = 0;
      for await (const chunk of download.body) {
        hash.update(chunk);
        received += chunk.length;
      }
      downloadMs.push(round(performance.now() - started));
      bytesMatch &&= received === fileBytes && hash.digest('hex') === sent;
      hwmAfterRound.push(round(memoryOf('VmHWM')));
    }
    clearInterval(sampler);
    return {
      database: label,
      fileMb: fileBytes / MB,
      rounds,
      uploadMs,
      downloadMs,
      hwmAfterRound,
      bytesMatch,
      memoryMb: {
        rssBefore: round(rssBefore),
        hwmBefore: round(hwmBefore),
        rssPeakDuring: round(rssPeakDuring),
        hwmAfter: round(memoryOf('VmHWM')),
        rssAfter: round(memoryOf('VmRSS')),
      },
    };
  } finally {
    await server.stop();
    await drop();
    rmSync(work, { recursive: true, force: true });
  }
}

export function attachmentsTable(results: AttachmentsResult[]): string {
  const lines = [
    `| Measured | ${results.map((r) => r.database).join(' | ')} |`,
    `| --- | ${results.map(() => '---:').join(' | ')} |`,
  ];
  const row = (name: string, value: (r: AttachmentsResult) => string) =>
    lines.push(`| ${name} | ${results.map(value).join(' | ')} |`);
  const size = `${results[0]?.fileMb ?? 0} MB`;
  row(`upload of ${size}, ms each`, (r) => r.uploadMs.join(' / '));
  row(`download of ${size}, ms each`, (r) => r.downloadMs.join(' / '));
  row('bytes downloaded equal those uploaded', (r) => (r.bytesMatch ? 'yes' : 'NO'));
  row('resident memory before (VmRSS), MB', (r) => String(r.memoryMb.rssBefore));
  row('peak resident memory before (VmHWM), MB', (r) => String(r.memoryMb.hwmBefore));
  row('highest resident memory during the transfers, MB', (r) => String(r.memoryMb.rssPeakDuring));
  row('peak resident memory after each round (VmHWM), MB', (r) => r.hwmAfterRound.join(' / '));
  row(
    'growth of the peak over the file size',
    (r) => `${round(((r.memoryMb.hwmAfter - r.memoryMb.hwmBefore) / r.fileMb) * 100)} %`,
  );
  return lines.join('\n');
}

export async function runAttachments(
  dbs: Db[],
  rounds: number,
  fileBytes = ATTACHMENT_MAX_BYTES_DEFAULT,
): Promise<AttachmentsResult[]> {
  const results: AttachmentsResult[] = [];
  for (const db of dbs) results.push(await runOne(db, rounds, fileBytes));
  console.log(`\n${attachmentsTable(results)}`);
  const file = path.join(root, 'bench/results.json');
  let saved: Record<string, unknown> = {};
  try {
    saved = JSON.parse(readFileSync(file, 'utf8'));
  } catch {}
  saved.attachments = { at: new Date().toISOString(), results };
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
  return results;
}

function optionOf(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const value = optionOf(args, '--db') ?? (process.env.DATABASE_URL ? 'postgres' : 'embedded');
  const dbs: Db[] =
    value === 'both' ? ['embedded', 'postgres'] : [value === 'postgres' ? 'postgres' : 'embedded'];
  const mb = optionOf(args, '--mb');
  await runAttachments(
    dbs,
    Number(optionOf(args, '--rounds') ?? 3),
    mb ? Number(mb) * MB : ATTACHMENT_MAX_BYTES_DEFAULT,
  );
}
