import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { countBucketFiles, writeBucketFiles } from '../attachments/bucket-backup.ts';
import { type ObjectStore, objectStoreOf } from '../attachments/object-store.ts';
import {
  appliedSchemaLevel,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BACKUP_FORMAT_VERSION_TABLES,
  type BackupHeader,
  listTables,
  quoteIdent,
  ROW_TEXT_SETTINGS,
  rowsQuery,
  type TableTrailer,
} from './backup-format.ts';

export interface BackupProgress {
  /** Rows written so far and in all. */
  done: number;
  total: number;
  table: string;
}

export interface BackupOptions {
  withoutSecrets?: boolean;
  onProgress?: ((progress: BackupProgress) => void) | undefined;
  /** Where files kept in the object store are read (FILE_STORE=s3); the database handle's by default. */
  objects?: ObjectStore | undefined;
}

// Rows per FETCH: a batch of ordinary rows is a few hundred kB; attachment chunks are 256 kB each.
const BATCH_ROWS = 2000;
const WIDE_BATCH_ROWS = 8;

async function execute(tx: Tx, text: string): Promise<void> {
  await tx.execute(sql.raw(text));
}

/**
 * Writes a gzip-compressed backup of every table to `sink`, read in one REPEATABLE READ, READ
 * ONLY transaction (one consistent snapshot; the embedded database has one connection, so its
 * transaction sees no other write either). Each table is read through a cursor, a batch at a
 * time, and written with backpressure, so memory stays flat whatever the size.
 */
export async function writeBackup(
  db: Db,
  source: BackupHeader['source'],
  sink: Writable,
  options: BackupOptions = {},
): Promise<TableTrailer[]> {
  const gzip = createGzip({ level: 6 });
  gzip.pipe(sink);
  const done = finished(sink);
  done.catch(() => {});
  // A destination that goes away (a download aborted) ends the read, so the snapshot's
  // transaction never waits forever for room to write.
  const stop = new AbortController();
  const gone = () => stop.abort(new Error('The backup destination closed before the backup was complete'));
  sink.once('close', gone);
  sink.once('error', gone);
  const write = async (text: string) => {
    stop.signal.throwIfAborted();
    if (!gzip.write(text)) await once(gzip, 'drain', { signal: stop.signal });
  };
  const withoutSecrets = options.withoutSecrets ?? false;
  try {
    const trailers = await db.transaction(async (tx) => {
      await execute(tx, 'set transaction isolation level repeatable read, read only');
      for (const setting of ROW_TEXT_SETTINGS) await execute(tx, setting);
      const schema = await appliedSchemaLevel(tx);
      if (!schema)
        throw new Error('The database has no Verdict schema (no migration was applied); nothing to back up');
      const tables = await listTables(tx);
      const counts = new Map<string, number>();
      for (const table of tables) {
        const [row] = await queryRows<{ n: string }>(
          tx,
          sql.raw(`select count(*)::text as n from ${quoteIdent(table.name)}`),
        );
        counts.set(table.name, Number(row?.n ?? 0));
      }
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const files = await countBucketFiles(tx);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        // A backup without files of the object store stays readable by a Verdict that knows no files.
        version: files > 0 ? BACKUP_FORMAT_VERSION : BACKUP_FORMAT_VERSION_TABLES,
        schema,
        source,
        created_at: new Date().toISOString(),
        without_secrets: withoutSecrets,
        tables: tables.map((t) => t.name),
        counts: Object.fromEntries(counts),
        ...(files > 0 ? { files } : {}),
      };
      await write(`${JSON.stringify(header)}\n`);
      const result: TableTrailer[] = [];
      let written = 0;
      for (const table of tables) {
        await write(`@table ${JSON.stringify({ table: table.name, columns: table.columns })}\n`);
        await execute(tx, `declare backup_rows no scroll cursor for ${rowsQuery(table, withoutSecrets)}`);
        const hash = createHash('sha256');
        let rows = 0;
        for (;;) {
          const batch = await queryRows<{ line: string }>(
            tx,
            sql.raw(`fetch ${table.wide ? WIDE_BATCH_ROWS : BATCH_ROWS} from backup_rows`),
          );
          if (batch.length === 0) break;
          const text = `${batch.map((r) => r.line).join('\n')}\n`;
          hash.update(text);
          rows += batch.length;
          written += batch.length;
          await write(text);
          options.onProgress?.({ done: written, total, table: table.name });
        }
        await execute(tx, 'close backup_rows');
        const trailer = { table: table.name, rows, sha256: hash.digest('hex') };
        await write(`@end ${JSON.stringify(trailer)}\n`);
        result.push(trailer);
      }
      await writeBucketFiles(tx, options.objects ?? objectStoreOf(db), write);
      await write('@done {}\n');
      return result;
    });
    sink.off('close', gone);
    sink.off('error', gone);
    gzip.end();
    await done;
    return trailers;
  } catch (error) {
    gzip.destroy();
    sink.destroy(error as Error);
    throw error;
  }
}
