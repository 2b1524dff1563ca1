import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { insertChunk } from './attachments-repository.ts';
import { CHUNK_BYTES } from './file-bytes.ts';
import { type ObjectStore, objectKeyOf } from './object-store.ts';

/**
 * The files of the object store in a backup (decision 253). After the tables, each complete file
 * whose row keeps its bytes in the bucket is a section: `@file {attachment_id, size, sha256}`, its
 * bytes as base64 lines of at most 256 KB (never starting with `{` or `@`), then `@end-file {}`.
 * A file deleted from the bucket after the snapshot began is `@file {attachment_id, missing: true}`.
 * The restore writes the bytes as attachment_chunks rows and marks the row as stored in the
 * database, so a backup restores whole into any Verdict, whatever its FILE_STORE.
 */

export interface FileSection {
  attachment_id: number;
  size?: number;
  sha256?: string;
  missing?: true;
}

const PAGE = 500;

/** How many sections the snapshot's files take. */
export async function countBucketFiles(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    tx,
    sql`select count(*)::text as n from attachments where store = 's3' and complete`,
  );
  return Number(row?.n ?? 0);
}

const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

/** Writes a section per file of the bucket, in id order, through `write` (which waits for room). */
export async function writeBucketFiles(
  tx: Tx,
  store: ObjectStore | undefined,
  write: (text: string) => Promise<void>,
): Promise<number> {
  let after = 0;
  let written = 0;
  for (;;) {
    const files = await queryRows<{ id: number; size: string; sha256: string | null }>(
      tx,
      sql`select id, size::text as size, sha256 from attachments
          where store = 's3' and complete and id > ${after} order by id limit ${PAGE}`,
    );
    if (files.length === 0) return written;
    if (!store) {
      throw new Error(
        'The database has files kept in the object store, and FILE_STORE is not s3: set FILE_STORE and S3_* to back them up',
      );
    }
    for (const file of files) {
      after = file.id;
      written++;
      let body: AsyncIterable<Buffer>;
      try {
        body = (await store.get(objectKeyOf(file.id))) as AsyncIterable<Buffer>;
      } catch (error) {
        if (!isMissing(error)) throw error;
        await write(`@file ${JSON.stringify({ attachment_id: file.id, missing: true })}\n@end-file {}\n`);
        continue;
      }
      const size = Number(file.size);
      await write(`@file ${JSON.stringify({ attachment_id: file.id, size, sha256: file.sha256 })}\n`);
      const hash = createHash('sha256');
      let seen = 0;
      let pending = Buffer.alloc(0);
      for await (const data of body) {
        hash.update(data);
        seen += data.length;
        pending = Buffer.concat([pending, data]);
        while (pending.length >= CHUNK_BYTES) {
          await write(`${pending.subarray(0, CHUNK_BYTES).toString('base64')}\n`);
          pending = pending.subarray(CHUNK_BYTES);
        }
      }
      if (pending.length > 0) await write(`${pending.toString('base64')}\n`);
      if (seen !== size || (file.sha256 !== null && hash.digest('hex') !== file.sha256))
        throw new Error(`The object of attachment ${file.id} does not match its size and SHA-256`);
      await write('@end-file {}\n');
    }
  }
}

/**
 * Restores one `@file` section (its directive is `line`) into the database: chunk rows, and the row
 * marked as stored in the database; a missing file's row is deleted. Answers the line after it.
 */
export async function restoreBucketFile(
  tx: Tx,
  line: string,
  next: () => Promise<string | undefined>,
  corrupted: (what: string) => Error,
): Promise<string | undefined> {
  const section = JSON.parse(line.slice('@file '.length)) as FileSection;
  const id = section.attachment_id;
  if (!Number.isInteger(id)) throw corrupted('a file section without its attachment');
  const hash = createHash('sha256');
  let size = 0;
  let seq = 0;
  let row = await next();
  for (; row !== undefined && !row.startsWith('@'); row = await next()) {
    const data = Buffer.from(row, 'base64');
    hash.update(data);
    size += data.length;
    await insertChunk(tx, id, seq++, data);
  }
  if (!row?.startsWith('@end-file')) throw corrupted(`the end of the file of attachment ${id} is missing`);
  if (section.missing) {
    // Deleted from the bucket after the snapshot began: deleted here too.
    await tx.execute(sql`delete from attachments where id = ${id}`);
  } else {
    if (size !== section.size || (section.sha256 && hash.digest('hex') !== section.sha256))
      throw corrupted(`the file of attachment ${id} does not match its checksum`);
    await tx.execute(sql`update attachments set store = 'database' where id = ${id}`);
  }
  return next();
}
