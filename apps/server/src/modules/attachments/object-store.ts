import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import type { FileStoreSettings } from './file-store-settings.ts';

/**
 * The bucket of an S3-compatible object store that holds the bytes of files when FILE_STORE=s3
 * (decision 251). The database keeps each file's row (name, type, size, SHA-256); the bucket its
 * bytes under `attachments/<id>`. A bucket belongs to one Verdict: the orphan sweep removes every
 * object under `attachments/` that no row of this database stores there.
 */
export interface ObjectStore {
  /** Writes an object from a stream of unknown length (a multipart upload past 5 MB). */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream; fails when it is missing. */
  get(key: string): Promise<Readable>;
  /** Removes objects; one that is already gone is no error. */
  remove(keys: string[]): Promise<void>;
  /** One page of keys under `prefix`, in key order, after the page `token` names. */
  list(prefix: string, token: string | undefined): Promise<{ keys: string[]; next: string | undefined }>;
}

export const objectKeyOf = (attachmentId: number) => `attachments/${attachmentId}`;

/** The store of FILE_STORE=s3; the AWS SDK is loaded here, not at start (decision 256). */
export async function createObjectStore(
  settings: Extract<FileStoreSettings, { kind: 's3' }>,
): Promise<ObjectStore> {
  const [{ DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, S3Client }, { Upload }] =
    await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;
  return {
    async put(key, body, contentType) {
      // Parts of 5 MB (S3's least), one at a time: an upload holds at most one part in memory.
      await new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
        queueSize: 1,
        partSize: 5 * 1024 * 1024,
        leavePartsOnError: false,
      }).done();
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return answer.Body as Readable;
    },
    async remove(keys) {
      for (let at = 0; at < keys.length; at += 1000) {
        const Objects = keys.slice(at, at + 1000).map((Key) => ({ Key }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },
    async list(prefix, token) {
      const answer = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: 1000 }),
      );
      return {
        keys: (answer.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])),
        next: answer.IsTruncated ? answer.NextContinuationToken : undefined,
      };
    },
  };
}

/*
 * The store of a database handle, set where the app is composed (app.ts) and by the backup
 * command. Keyed by the handle rather than passed down, so every caller of the attachments
 * service (an import's evidence among them) writes to the one store without carrying it.
 */
const stores = new WeakMap<Db, ObjectStore>();

export function useObjectStore(db: Db, store: ObjectStore | undefined): void {
  if (store) stores.set(db, store);
  else stores.delete(db);
}

/** The object store new files go to, or undefined when they go to the database. */
export const objectStoreOf = (db: Db): ObjectStore | undefined => stores.get(db);
