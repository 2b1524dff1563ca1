import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Database, migrateDatabase, migrationsFolder, queryRows, type Tx } from '../../db/client.ts';
import { restoreBucketFile } from '../attachments/bucket-backup.ts';
import {
  appliedSchemaLevel,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupHeader,
  knownMigrations,
  listTables,
  quoteIdent,
  ROW_TEXT_SETTINGS,
  rowsQuery,
  type TableShape,
  type TableTrailer,
} from './backup-format.ts';
import type { BackupProgress } from './backup-writer.ts';

export class RestoreRefusedError extends Error {}

export interface RestoreOptions {
  /** Replaces whatever the target holds. */
  force?: boolean;
  onProgress?: ((progress: BackupProgress) => void) | undefined;
}

export interface RestoreReport {
  header: BackupHeader;
  tables: TableTrailer[];
  /** Files of the object store the backup carried, now kept in the database. */
  files: number;
}

// A batch is inserted when it reaches this many rows or bytes of JSON.
const BATCH_ROWS = 2000;
const BATCH_BYTES = 4 * 1024 * 1024;

function parseHeader(line: string | undefined): BackupHeader {
  let header: BackupHeader | undefined;
  try {
    header = line ? (JSON.parse(line) as BackupHeader) : undefined;
  } catch {
    header = undefined;
  }
  if (header?.format !== BACKUP_FORMAT) throw new RestoreRefusedError('This file is not a Verdict backup');
  if (header.version > BACKUP_FORMAT_VERSION) {
    throw new RestoreRefusedError(
      `The backup's format (${header.version}) is newer than this Verdict reads (${BACKUP_FORMAT_VERSION}); upgrade Verdict first`,
    );
  }
  const known = knownMigrations();
  if (known[0] && header.schema.when < known[0].when) {
    throw new RestoreRefusedError(
      `The backup's schema (${header.schema.tag}) is older than this Verdict restores (decision 240): ` +
        'restore it with a version of Verdict that still has migration 0035_case_updates_hash_joins, then back that database up again',
    );
  }
  if (!known.some((entry) => entry.when === header.schema.when)) {
    throw new RestoreRefusedError(
      `The backup's schema (${header.schema.tag}) is newer than this Verdict knows (${known.at(-1)?.tag}); ` +
        'upgrade Verdict first, then restore',
    );
  }
  return header;
}

/** Applies the migrations up to and including the one applied `when`, as that version shipped them. */
async function migrateUpTo(database: Database, when: number): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'verdict-restore-migrations-'));
  try {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((e: { when: number }) => e.when <= when);
    mkdirSync(path.join(folder, 'meta'));
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
    for (const entry of journal.entries as { tag: string }[]) {
      copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    }
    const { migrate } = database.pool
      ? await import('drizzle-orm/node-postgres/migrator')
      : await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Empties the target so the backup's own migrations can build its schema: refused when it holds
 * data (a user) unless `force`. A schema with no user yet is only what a start-up migration left.
 */
async function prepareTarget(database: Database, force: boolean): Promise<void> {
  const db = database.db;
  const [state] = await queryRows<{ tables: number; users: boolean }>(
    db,
    sql`select (select count(*)::int from pg_tables where schemaname = 'public') as tables,
               to_regclass('public.users') is not null as users`,
  );
  if (!state || state.tables === 0) return;
  const hasData = state.users
    ? ((await queryRows<{ any: boolean }>(db, sql`select exists (select 1 from users) as any`))[0]?.any ??
      true)
    : true;
  const level = await appliedSchemaLevel(db);
  if ((hasData || !level) && !force) {
    throw new RestoreRefusedError(
      'The target database is not empty; restore into an empty database, or pass --force to replace everything in it',
    );
  }
  await db.execute(sql.raw('drop schema if exists drizzle cascade'));
  await db.execute(sql.raw('drop schema public cascade'));
  await db.execute(sql.raw('create schema public'));
}

async function insertBatch(tx: Tx, table: TableShape, lines: string[]): Promise<void> {
  const columns = sql.raw(table.columns.map(quoteIdent).join(', '));
  const name = sql.raw(quoteIdent(table.name));
  // The database turns each JSON row back into its column types (the inverse of to_jsonb).
  await tx.execute(
    sql`insert into ${name} (${columns}) overriding system value select ${columns}
        from jsonb_populate_recordset(null::${name}, ${`[${lines.join(',')}]`}::jsonb)`,
  );
}

/** Reads a table back as the backup wrote it and answers its row count and sha256. */
async function readBack(tx: Tx, table: TableShape): Promise<{ rows: number; sha256: string }> {
  await tx.execute(sql.raw(`declare restore_check no scroll cursor for ${rowsQuery(table, false)}`));
  const hash = createHash('sha256');
  let rows = 0;
  for (;;) {
    const batch = await queryRows<{ line: string }>(
      tx,
      sql.raw(`fetch ${table.wide ? 8 : BATCH_ROWS} from restore_check`),
    );
    if (batch.length === 0) break;
    for (const { line } of batch) hash.update(`${line}\n`);
    rows += batch.length;
  }
  await tx.execute(sql.raw('close restore_check'));
  return { rows, sha256: hash.digest('hex') };
}

/** Sets every sequence owned by a column (serial or identity) past the largest value restored. */
async function resetSequences(tx: Tx): Promise<void> {
  const owned = await queryRows<{ sequence: string; table: string; column: string }>(
    tx,
    sql`select s.oid::regclass::text as sequence, t.relname as table, a.attname as column
          from pg_class s
          join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
           and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
          join pg_class t on t.oid = d.refobjid
          join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
          join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
         where s.relkind = 'S'`,
  );
  for (const { sequence, table, column } of owned) {
    await tx.execute(
      sql`select setval(${sequence}::regclass,
            coalesce((select max(${sql.raw(quoteIdent(column))}) from ${sql.raw(quoteIdent(table))}), 0) + 1, false)`,
    );
  }
}

const corrupted = (what: string) =>
  new RestoreRefusedError(`The backup is damaged (${what}); nothing was restored`);

/**
 * Loads a backup into `database` (decision 156): refuses a newer schema and a non-empty target
 * (unless `force`), builds the backup's schema level, loads every table in one transaction with
 * triggers off (the counters and rollups are rows of the backup themselves), checks each table's
 * count and sha256 as read from the file and again as read back from the database, sets the
 * sequences, commits, and then applies this version's newer migrations.
 */
export async function restoreBackup(
  database: Database,
  input: Readable,
  options: RestoreOptions = {},
): Promise<RestoreReport> {
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY })[
    Symbol.asyncIterator
  ]();
  const next = async () => {
    const { value, done } = await lines.next();
    return done ? undefined : (value as string);
  };
  try {
    const header = parseHeader(await next());
    await prepareTarget(database, options.force ?? false);
    await migrateUpTo(database, header.schema.when);
    const total = Object.values(header.counts ?? {}).reduce((a, b) => a + b, 0);
    const tables = await database.db.transaction(async (tx) => {
      // Triggers (and foreign-key checks, which are triggers) are off while loading: the counter,
      // rollup and statistics tables are restored as they were, not counted again.
      await tx.execute(sql.raw('set local session_replication_role = replica'));
      for (const setting of ROW_TEXT_SETTINGS) await tx.execute(sql.raw(setting));
      const shapes = new Map((await listTables(tx)).map((t) => [t.name, t]));
      const unknown = header.tables.filter((name) => !shapes.has(name));
      if (unknown.length > 0) throw corrupted(`unknown tables ${unknown.join(', ')}`);
      // What the migrations seeded (permissions, built-in roles) is in the backup as well.
      await tx.execute(sql.raw(`truncate ${[...shapes.keys()].map(quoteIdent).join(', ')}`));
      const report: TableTrailer[] = [];
      let loaded = 0;
      let files = 0;
      let line = await next();
      while (line !== undefined && !line.startsWith('@done')) {
        if (line.startsWith('@file ')) {
          line = await restoreBucketFile(tx, line, next, corrupted);
          files++;
          continue;
        }
        if (!line.startsWith('@table ')) throw corrupted('a table section was expected');
        const { table: name } = JSON.parse(line.slice('@table '.length)) as { table: string };
        const table = shapes.get(name);
        if (!table || !header.tables.includes(name)) throw corrupted(`unexpected table ${name}`);
        const hash = createHash('sha256');
        let rows = 0;
        let batch: string[] = [];
        let bytes = 0;
        let row = await next();
        for (; row?.startsWith('{'); row = await next()) {
          hash.update(`${row}\n`);
          rows++;
          batch.push(row);
          bytes += row.length;
          if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
            await insertBatch(tx, table, batch);
            loaded += batch.length;
            options.onProgress?.({ done: loaded, total, table: name });
            batch = [];
            bytes = 0;
          }
        }
        if (batch.length > 0) await insertBatch(tx, table, batch);
        loaded += batch.length;
        options.onProgress?.({ done: loaded, total, table: name });
        if (!row?.startsWith('@end ')) throw corrupted(`the end of table ${name} is missing`);
        const trailer = JSON.parse(row.slice('@end '.length)) as TableTrailer;
        const sha256 = hash.digest('hex');
        if (trailer.table !== name || trailer.rows !== rows || trailer.sha256 !== sha256) {
          throw corrupted(`table ${name} does not match its checksum`);
        }
        const stored = await readBack(tx, table);
        if (stored.rows !== rows || stored.sha256 !== sha256) {
          throw new Error(
            `Table ${name} reads back differently from the backup (${stored.rows} of ${rows} rows)`,
          );
        }
        report.push(trailer);
        line = await next();
      }
      const missing = header.tables.filter((name) => !report.some((t) => t.table === name));
      if (missing.length > 0) throw corrupted(`tables ${missing.join(', ')} are missing`);
      if (files !== (header.files ?? 0))
        throw corrupted(`${header.files} files were expected, ${files} found`);
      await resetSequences(tx);
      return { report, files };
    });
    await migrateDatabase(database);
    return { header, tables: tables.report, files: tables.files };
  } finally {
    input.destroy();
  }
}
