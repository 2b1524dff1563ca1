import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { type FileStoreKind, insertChunk, readChunks } from './attachments-repository.ts';
import { objectKeyOf, objectStoreOf } from './object-store.ts';

/**
 * The bytes of files, wherever they are (decision 251): in attachment_chunks, or in the object
 * store's bucket when FILE_STORE=s3. A row says where its own bytes are, so files stored before a
 * change of FILE_STORE stay readable.
 */

/** The most bytes one chunk row holds: small enough to pass through memory, large enough to be few. */
export const CHUNK_BYTES = 256 * 1024;
/** Chunks read per statement while a download is sent: 1 MB in memory at most. */
const CHUNKS_PER_READ = 4;

/** Where new files go on this database handle. */
export const newFileStore = (db: Db): FileStoreKind => (objectStoreOf(db) ? 's3' : 'database');

function bucketOf(db: Db) {
  const store = objectStoreOf(db);
  if (!store) throw new Error('This file is kept in the object store, and FILE_STORE is not s3');
  return store;
}

/**
 * Writes a file's bytes as they arrive and answers their size and SHA-256. In the database, a
 * chunk row per 256 KB, each its own short statement, one buffer filled and written in turn: the
 * next bytes are read only after the last chunk is stored, so a slow database slows the upload
 * rather than filling memory. In the bucket, one (multipart) upload. An error the bytes themselves
 * raise (too large, past the quota) is the one thrown.
 */
export async function writeFileBytes(
  db: Db,
  file: { id: number; store: FileStoreKind; contentType: string },
  bytes: AsyncIterable<Buffer> | Iterable<Buffer>,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  let failure: unknown;
  async function* counted() {
    try {
      for await (const data of bytes) {
        hash.update(data);
        size += data.length;
        yield data;
      }
    } catch (error) {
      failure = error;
      throw error;
    }
  }
  if (file.store === 's3') {
    try {
      await bucketOf(db).put(objectKeyOf(file.id), Readable.from(counted()), file.contentType);
    } catch (error) {
      throw failure ?? error;
    }
  } else {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let filled = 0;
    let seq = 0;
    for await (const data of counted()) {
      let offset = 0;
      while (offset < data.length) {
        const taken = data.copy(chunk, filled, offset);
        filled += taken;
        offset += taken;
        if (filled === CHUNK_BYTES) {
          await insertChunk(db, file.id, seq++, chunk);
          filled = 0;
        }
      }
    }
    if (filled > 0) await insertChunk(db, file.id, seq, chunk.subarray(0, filled));
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * A file's bytes as they are sent: a few chunk rows at a time, or the object's stream. The object
 * is asked for before the answer starts, so a missing one fails the request rather than its body.
 */
export async function readFileBytes(
  db: Db,
  file: { id: number; size: number; store: FileStoreKind },
): Promise<AsyncGenerator<Buffer>> {
  const source = file.store === 's3' ? await bucketOf(db).get(objectKeyOf(file.id)) : null;
  return (async function* () {
    let sent = 0;
    if (source) {
      for await (const data of source as AsyncIterable<Buffer>) {
        sent += data.length;
        yield data;
      }
    } else {
      let next = 0;
      for (;;) {
        const rows = await readChunks(db, file.id, next, CHUNKS_PER_READ);
        for (const row of rows) {
          yield row.data;
          sent += row.data.length;
        }
        if (rows.length < CHUNKS_PER_READ) break;
        next = rows.at(-1)!.seq + 1;
      }
    }
    // Deleted while it was sent: the answer must not end as if it were whole.
    if (sent !== file.size) throw new Error(`Attachment ${file.id} changed while it was read`);
  })();
}

/**
 * Removes the objects of deleted rows from the bucket. Never fails: an object left behind (the
 * store unreachable) is removed by the orphan sweep.
 */
export async function removeFileObjects(db: Db, ids: number[]): Promise<void> {
  const store = objectStoreOf(db);
  if (!store || ids.length === 0) return;
  await store.remove(ids.map(objectKeyOf)).catch(() => {});
}
