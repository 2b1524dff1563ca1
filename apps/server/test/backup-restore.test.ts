import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, type Db, openDatabase, queryRows } from '../src/db/client.ts';
import { journalMigrations } from '../src/db/migration-status.ts';
import { RestoreRefusedError, restoreBackup } from '../src/modules/backup/backup-restore.ts';
import { writeBackup } from '../src/modules/backup/backup-writer.ts';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.ts';
import {
  as,
  createTree,
  createUser,
  createWorld,
  expectStatus,
  FIXTURE_PASSWORD,
  type Tree,
  type World,
} from './helpers/fixtures.ts';
import { call, SERVER_ADMIN_PASSWORD, signIn, startServer } from './helpers/server-process.ts';
import { ADMIN_PASSWORD, createTestApp, openTestDatabase, type TestApp } from './helpers/test-app.ts';

/**
 * docs/product/backup.md: `npm run backup` and `npm run restore` between the two kinds of
 * database. The source is this run's kind (embedded, or the server with DATABASE_URL); its data is
 * restored into the other kind and back, and every table is compared row by row.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const sourceKind = process.env.DATABASE_URL ? 'postgres' : 'embedded';
// Without DATABASE_URL the other kind is the local server scripts/ensure-postgres.sh starts (CI has it).
const serverUrl =
  process.env.DATABASE_URL ?? `postgres://${userInfo().username}@localhost/postgres?host=/var/run/postgresql`;

async function serverReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
const reachable = await serverReachable();
if (!reachable)
  console.warn(`backup-restore: no PostgreSQL server at ${serverUrl}; the cross-kind tests are skipped`);

const work = mkdtempSync(path.join(tmpdir(), 'verdict-backup-test-'));
const cleanups: (() => Promise<void>)[] = [];

/** A fresh place of the other kind: a new database on the server, or a new DATA_DIR. */
async function otherTarget(): Promise<{ env: Record<string, string>; open(): Promise<Database> }> {
  if (sourceKind === 'embedded') {
    const name = `verdict_backup_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });
    return { env: { DATABASE_URL: url.toString() }, open: () => openDatabase({ url: url.toString() }) };
  }
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
}

/** Runs `npm run backup` or `npm run restore` (the same script) with these settings. */
function cli(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  const { DATABASE_URL: _inherited, DATA_DIR: _dir, ...base } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', `apps/server/src/modules/backup/${command}-cli.ts`, ...args],
    {
      cwd: repoRoot,
      env: { ...base, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

/** Every table's rows as exact text (to_jsonb in UTC, bytea as hex), in one order on both kinds. */
async function dump(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw("set local timezone = 'UTC'"));
    await tx.execute(sql.raw("set local bytea_output = 'hex'"));
    const tables = await queryRows<{ name: string }>(
      tx,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    );
    const result: Record<string, string[]> = {};
    for (const { name } of tables) {
      const rows = await queryRows<{ line: string }>(
        tx,
        sql.raw(`select to_jsonb(t)::text as line from "${name}" t order by to_jsonb(t)::text collate "C"`),
      );
      result[name] = rows.map((r) => r.line);
    }
    return result;
  });
}

async function backupTo(db: Db, kind: Database['kind'], file: string, withoutSecrets = false) {
  return writeBackup(db, kind, createWriteStream(file), { withoutSecrets });
}

/** The app on a restored database: signs in as the administrator. */
async function appOn(database: Database) {
  const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent-web-dist' }), database });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@example.com', password: ADMIN_PASSWORD },
  });
  return { app, login };
}

let t: TestApp;
let w: World;
let tree: Tree;
let attachmentId: number;
const attachmentBytes = randomBytes(600 * 1024); // three chunks of 256 kB
let source: Record<string, string[]>;
const full = path.join(work, 'full.vbk');

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  tree = await createTree(t, w.admin, w.project.id);
  const admin = as(t, w.admin);
  const cycle = expectStatus(
    await admin.post(`/api/projects/${w.project.id}/cycles`, {
      name: 'Release',
      case_ids: [tree.childId, tree.caseId],
    }),
    201,
  ).cycle;
  // Arrays (tags, options, events), jsonb (steps, default values) and a unicode name.
  expectStatus(
    await admin.post(`/api/projects/${w.project.id}/case-fields`, {
      name: 'Browser',
      type: 'select',
      options: ['Chrome', 'Firefox'],
    }),
    201,
  );
  expectStatus(
    await admin.post(`/api/test-cases/suite/${tree.suiteId}/create`, {
      name: 'Pay by card ✓ «ü»',
      tags: ['smoke', 'payments flow'],
      steps: [{ action: 'Open the **cart**', expected: 'The cart lists `2` items' }],
    }),
    201,
  );
  expectStatus(
    await admin.post(`/api/projects/${w.project.id}/webhooks`, {
      url: 'https://93.184.215.14/hook',
      events: ['cycle.created'],
      active: false,
    }),
    201,
  );
  const items = expectStatus(await admin.get(`/api/cycles/${cycle.id}/items`), 200).items;
  for (const item of items) {
    expectStatus(
      await admin.post(`/api/cycle-items/${item.id}/results`, { state: 'failed', comment: 'broke' }),
      201,
    );
  }
  const boundary = `----verdict${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="trace.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    attachmentBytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await t.request({
    method: 'POST',
    url: `/api/test-cases/${tree.childId}/attachments`,
    token: w.admin,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  attachmentId = expectStatus(uploaded, 201).attachments[0].id;
  source = await dump(t.db);
  await backupTo(t.db, t.database.kind, full);
}, 120_000);

afterAll(async () => {
  await t?.close();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

describe('what a backup holds', () => {
  it('has every kind of row the issue names, and a compressed line format with a checksum per table', () => {
    expect(source.attachment_chunks).toHaveLength(3);
    expect(source.audit_log!.length).toBeGreaterThan(5);
    expect(source.cycle_results!.length).toBeGreaterThanOrEqual(2);
    expect(source.test_cases!.some((row) => JSON.parse(row).parent_id !== null)).toBe(true);
    expect(source.settings!.some((row) => row.includes('jwt_signing_key'))).toBe(true);
    expect(source.webhooks).toHaveLength(1);
    expect(source.case_fields).toHaveLength(1);
    const lines = gunzipSync(readFileSync(full)).toString('utf8').trimEnd().split('\n');
    const header = JSON.parse(lines[0]!);
    expect(header).toMatchObject({ format: 'verdict-backup', version: 1, source: sourceKind });
    expect(header.tables).toEqual(Object.keys(source));
    const ends = lines.filter((line) => line.startsWith('@end '));
    expect(ends).toHaveLength(Object.keys(source).length);
    expect(JSON.parse(ends[0]!.slice(5))).toMatchObject({
      rows: expect.any(Number),
      sha256: expect.any(String),
    });
    expect(lines.at(-1)).toBe('@done {}');
  });
});

describe.skipIf(!reachable)(`round trip: ${sourceKind} → the other kind → ${sourceKind}`, () => {
  let other: Awaited<ReturnType<typeof otherTarget>>;

  it('npm run restore loads the backup into the other kind, identical in every table', async () => {
    other = await otherTarget();
    const restored = await cli('restore', [full], other.env);
    expect(restored.err + restored.out).toContain('counts and checksums match');
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(/attachment_chunks\s+3 rows {2}ok/);
    const database = await other.open();
    try {
      expect(await dump(database.db)).toEqual(source);
      const { app, login } = await appOn(database);
      try {
        expect(login.statusCode).toBe(200);
        const token = login.json().token;
        // The signing key came along: a token of the source is valid here too.
        const me = await app.inject({
          method: 'GET',
          url: '/api/projects/list',
          headers: { authorization: `Bearer ${w.admin}` },
        });
        expect(me.statusCode).toBe(200);
        const file = await app.inject({
          method: 'GET',
          url: `/api/attachments/${attachmentId}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(file.statusCode).toBe(200);
        expect(Buffer.compare(file.rawPayload, attachmentBytes)).toBe(0);
        // Sequences were set past the restored rows: a new project gets a new id.
        const created = await app.inject({
          method: 'POST',
          url: '/api/projects/create',
          headers: { authorization: `Bearer ${token}` },
          payload: { name: 'After restore', description: 'd' },
        });
        expect(created.statusCode).toBe(201);
        expect(created.json().project.id).toBeGreaterThan(w.project.id);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  }, 120_000);

  it('npm run backup on the other kind, restored back into a fresh database of this kind, is identical', async () => {
    const back = path.join(work, 'back.vbk');
    const written = await cli('backup', ['--out', back], other.env);
    expect(written.err).toContain('Backup [');
    expect(written.code).toBe(0);
    const database = await other.open();
    const expected = await dump(database.db).finally(() => database.close());
    const fresh = await openTestDatabase();
    try {
      const report = await restoreBackup(fresh.database, createReadStream(back));
      expect(report.header.source).not.toBe(sourceKind);
      expect(await dump(fresh.database.db)).toEqual(expected);
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  }, 120_000);

  it('refuses a target that holds data, and replaces it with --force', async () => {
    const refused = await cli('restore', [full], other.env);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('not empty');
    const forced = await cli('restore', [full, '--force'], other.env);
    expect(forced.code).toBe(0);
    const database = await other.open();
    try {
      expect(await dump(database.db)).toEqual(source);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('refusals', () => {
  async function restoreIntoFresh(file: string) {
    const fresh = await openTestDatabase();
    try {
      return await restoreBackup(fresh.database, createReadStream(file));
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  }

  it('refuses a backup from a newer schema', async () => {
    const lines = gunzipSync(readFileSync(full)).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]!);
    header.schema = { tag: '9999_from_the_future', when: header.schema.when + 1 };
    lines[0] = JSON.stringify(header);
    const file = path.join(work, 'newer.vbk');
    writeFileSync(file, gzipSync(lines.join('\n')));
    const error = await restoreIntoFresh(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreRefusedError);
    expect((error as Error).message).toContain('newer than this Verdict knows');
  });

  it('refuses a backup from before the baseline, saying which version restores it', async () => {
    const lines = gunzipSync(readFileSync(full)).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]!);
    header.schema = { tag: '0034_case_parameters', when: journalMigrations()[0]!.when - 1 };
    lines[0] = JSON.stringify(header);
    const file = path.join(work, 'older.vbk');
    writeFileSync(file, gzipSync(lines.join('\n')));
    const error = await restoreIntoFresh(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreRefusedError);
    expect((error as Error).message).toContain(
      'older than this Verdict restores (decision 240): restore it with a version of Verdict that still has migration 0035_case_updates_hash_joins',
    );
  });

  it('refuses a file whose rows do not match their checksum', async () => {
    const text = gunzipSync(readFileSync(full)).toString('utf8');
    const damaged = text.replace('"name": "grandchild"', '"name": "grandchilD"');
    expect(damaged).not.toBe(text);
    const file = path.join(work, 'damaged.vbk');
    writeFileSync(file, gzipSync(damaged));
    const error = await restoreIntoFresh(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreRefusedError);
    expect((error as Error).message).toMatch(/table (test_cases|case_versions) does not match its checksum/);
  });

  it('refuses a file cut short', async () => {
    const compressed = readFileSync(full);
    const file = path.join(work, 'short.vbk');
    writeFileSync(file, compressed.subarray(0, Math.floor(compressed.length / 2)));
    await expect(restoreIntoFresh(file)).rejects.toThrow();
  });
});

describe('who may download a backup', () => {
  it('holders of the Administrator role alone, with a session or an API token; every permission is not enough', async () => {
    const every = (await queryRows<{ name: string }>(t.db, sql`select name from permissions`)).map(
      (p) => p.name,
    );
    const strong = await createUser(t, { permissions: every });
    const strongToken = expectStatus(
      await as(t, strong.token).post('/api/api-tokens', { name: 'b' }),
      201,
    ).token;
    const adminToken = expectStatus(await as(t, w.admin).post('/api/api-tokens', { name: 'b' }), 201).token;
    for (const token of [strong.token, strongToken]) {
      for (const url of ['/api/backup', '/api/backup?without_secrets=true']) {
        const refused = await t.request({ method: 'GET', url, token });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().message).toBe('Only holders of the Administrator role may download a backup');
        expect(refused.body).not.toContain('jwt_signing_key');
      }
    }
    for (const token of [w.admin, adminToken]) {
      const backup = await t.request({ method: 'GET', url: '/api/backup', token });
      expect(backup.statusCode).toBe(200);
      expect(gunzipSync(backup.rawPayload).toString('utf8')).toContain('jwt_signing_key');
    }
  });
});

describe('--without-secrets', () => {
  it('leaves out every secret; the restore starts, and no old password, token, key or code works', async () => {
    // Secrets of every kind, each with a value to look for in the file.
    const webhookSecret = `known-webhook-secret-${randomBytes(8).toString('hex')}`;
    expectStatus(
      await as(t, w.admin).post(`/api/projects/${w.project.id}/webhooks`, {
        url: 'https://93.184.215.14/hook2',
        events: ['cycle.created'],
        secret: webhookSecret,
      }),
      201,
    );
    const apiToken = expectStatus(await as(t, w.admin).post('/api/api-tokens', { name: 'ci' }), 201).token;
    const person = await createUser(t);
    const totpSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const pendingSecret = 'KRUGS4ZANFZSAYJAONSWG4TFOQQGC3TE';
    await t.db.execute(
      sql`update users set totp_secret = ${totpSecret}, totp_pending_secret = ${pendingSecret}, totp_last_step = 1 where id = ${person.id}`,
    );
    await t.db.execute(
      sql`insert into oidc_logins (state, code_verifier, nonce) values ('a-state', 'known-code-verifier-value', 'known-nonce-value')`,
    );
    // Every value of a column whose name says it keeps a secret, read from the source itself, so
    // a secret column added later is caught here until --without-secrets covers it.
    const NOT_SECRET = new Set(['users.token_version', 'api_tokens.token_version', 'settings.key']);
    const columns = await queryRows<{ table: string; column: string }>(
      t.db,
      sql`select table_name as table, column_name as column from information_schema.columns
           where table_schema = 'public' and column_name ~ '(hash|secret|token|password|verifier|nonce|key|code)'
             and data_type in ('text', 'character varying')`,
    );
    const known: string[] = [apiToken, webhookSecret, totpSecret, pendingSecret];
    for (const { table, column } of columns) {
      if (NOT_SECRET.has(`${table}.${column}`)) continue;
      const values = await queryRows<{ value: string }>(
        t.db,
        sql.raw(
          `select "${column}"::text as value from "${table}" where "${column}" is not null and "${column}" <> ''`,
        ),
      );
      known.push(...values.map((v) => v.value));
    }
    const [signingKey] = await queryRows<{ value: string }>(
      t.db,
      sql`select value from settings where key = 'jwt_signing_key'`,
    );
    known.push(signingKey!.value);
    expect(columns.map((c) => `${c.table}.${c.column}`).sort()).toEqual(
      expect.arrayContaining([
        'api_tokens.token_hash',
        'oidc_logins.code_verifier',
        'oidc_logins.nonce',
        'users.password_hash',
        'users.totp_pending_secret',
        'users.totp_secret',
        'webhooks.secret',
      ]),
    );

    const file = path.join(work, 'no-secrets.vbk');
    await backupTo(t.db, t.database.kind, file, true);
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    expect(text).not.toContain('jwt_signing_key');
    const kept = known.filter((value) => text.includes(value));
    expect(kept).toEqual([]);
    // The same file over HTTP.
    const asked = await t.request({ method: 'GET', url: '/api/backup?without_secrets=true', token: w.admin });
    const download = gunzipSync(asked.rawPayload).toString('utf8');
    expect(known.filter((value) => download.includes(value))).toEqual([]);

    const fresh = await openTestDatabase();
    try {
      const report = await restoreBackup(fresh.database, createReadStream(file));
      expect(report.header.without_secrets).toBe(true);
      const db = fresh.database.db;
      const restored = (query: string) => queryRows<Record<string, unknown>>(db, sql.raw(query));
      expect(await restored(`select distinct password_hash from users`)).toEqual([
        { password_hash: '!restored-without-secrets' },
      ]);
      expect(
        await restored(
          'select count(*)::int as n from users where totp_secret is not null or totp_pending_secret is not null',
        ),
      ).toEqual([{ n: 0 }]);
      expect(
        await restored(`select count(*)::int as n from api_tokens where token_hash not like 'unusable-%'`),
      ).toEqual([{ n: 0 }]);
      expect(await restored(`select distinct secret, active from webhooks`)).toEqual([
        { secret: '', active: false },
      ]);
      expect(await restored('select count(*)::int as n from oidc_logins')).toEqual([{ n: 0 }]);
      const dumped = JSON.stringify(await dump(db));
      expect(known.filter((value) => dumped.includes(value))).toEqual([]);

      // The server starts on it; no old password, session or API token opens anything.
      const { app, login } = await appOn(fresh.database);
      try {
        expect(login.statusCode).toBe(401);
        for (const token of [w.admin, apiToken]) {
          const old = await app.inject({
            method: 'GET',
            url: '/api/projects/list',
            headers: { authorization: `Bearer ${token}` },
          });
          expect(old.statusCode).toBe(401);
        }
        const theirs = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: person.email, password: FIXTURE_PASSWORD },
        });
        expect(theirs.statusCode).toBe(401);
      } finally {
        await app.close();
      }

      // ADMIN_PASSWORD at start gives the administrator a password, once; they set the others'.
      const again = 'restored-admin-password-2';
      await bootstrap(db, { adminEmail: 'ADMIN@example.com', adminName: 'admin', adminPassword: again });
      await bootstrap(db, {
        adminEmail: 'admin@example.com',
        adminName: 'admin',
        adminPassword: 'another-one-3',
      });
      const app2 = await buildApp({
        config: loadConfig({ WEB_DIST: '/nonexistent-web-dist' }),
        database: fresh.database,
      });
      try {
        const admin = await app2.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'admin@example.com', password: again },
        });
        expect(admin.statusCode).toBe(200);
        const token = admin.json().token;
        const edited = await app2.inject({
          method: 'PUT',
          url: `/api/users/edit/${person.id}`,
          headers: { authorization: `Bearer ${token}` },
          payload: { username: person.username, email: person.email, password: 'a-new-password-4' },
        });
        expect(edited.statusCode).toBe(200);
        const theirs = await app2.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: person.email, password: 'a-new-password-4' },
        });
        expect(theirs.statusCode).toBe(200);
        // Their second factor did not come along.
        expect(theirs.json().token).toBeTypeOf('string');
      } finally {
        await app2.close();
      }
      const others = await restored(
        `select count(*)::int as n from users where password_hash = '!restored-without-secrets'`,
      );
      expect(others[0]!.n).toBeGreaterThan(0);
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  }, 120_000);
});

describe('a running Verdict on the embedded database', () => {
  it('the locked directory sends the backup to the running server, which an administrator token may ask', async () => {
    const dataDir = mkdtempSync(path.join(work, 'running-'));
    const server = await startServer({ DATA_DIR: dataDir }, 240_000);
    try {
      const token = await signIn(server);
      const apiToken = (await call(server, 'POST', '/api/api-tokens', { token, body: { name: 'backup' } }))
        .body.token;
      const file = path.join(work, 'running.vbk');
      const locked = await cli('backup', ['--out', file], { DATA_DIR: dataDir });
      expect(locked.code).toBe(1);
      expect(locked.err).toContain('--url');
      const asked = await cli('backup', ['--out', file, '--url', server.url], { VERDICT_TOKEN: apiToken });
      expect(asked.err).toBe('');
      expect(asked.code).toBe(0);
      const fresh = await openTestDatabase();
      try {
        const report = await restoreBackup(fresh.database, createReadStream(file));
        expect(report.header.source).toBe('embedded');
        expect(report.tables.find((table) => table.table === 'api_tokens')?.rows).toBe(1);
        const { app } = await appOn(fresh.database);
        await app.close();
        const signedIn = await buildAndSignIn(fresh.database);
        expect(signedIn).toBe(200);
      } finally {
        await fresh.database.close();
        await fresh.drop();
      }
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 400_000);
});

async function buildAndSignIn(database: Database): Promise<number> {
  const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent-web-dist' }), database });
  try {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: SERVER_ADMIN_PASSWORD },
    });
    return res.statusCode;
  } finally {
    await app.close();
  }
}
