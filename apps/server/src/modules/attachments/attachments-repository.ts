import { type Attachment, INLINE_IMAGE_TYPES } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/**
 * SQL of attachments (docs/product/attachments.md): a row per file, its bytes in attachment_chunks
 * or in the object store (`store`).
 */

/** What an attachment belongs to: a case, or a result of a cycle (with that cycle's state). */
export interface Owner {
  projectId: number;
  caseId: number | null;
  resultId: number | null;
  /** The case's name, or the cycle's for a result: what the audit entry names. */
  name: string;
  cycleId: number | null;
  cycleState: 'open' | 'closed' | null;
  /** A result's cycle: what made it, and who (the evidence route takes an import's, from its importer). */
  cycleSource?: string;
  cycleCreatedBy?: number | null;
}

export async function findCaseOwner(db: Tx, caseId: number): Promise<Owner | null> {
  const [row] = await queryRows<{ project_id: number; name: string }>(
    db,
    sql`select project_id, name from test_cases where id = ${caseId}`,
  );
  return row
    ? { projectId: row.project_id, caseId, resultId: null, name: row.name, cycleId: null, cycleState: null }
    : null;
}

export async function findResultOwner(db: Tx, resultId: number): Promise<Owner | null> {
  const [row] = await queryRows<{
    project_id: number;
    name: string;
    cycle_id: number;
    state: 'open' | 'closed';
    source: string;
    created_by: number | null;
  }>(
    db,
    sql`
    select y.project_id, y.name, y.id as cycle_id, y.state, y.source, y.created_by
    from cycle_results r join cycle_items i on i.id = r.item_id join test_cycles y on y.id = i.cycle_id
    where r.id = ${resultId}`,
  );
  return row
    ? {
        projectId: row.project_id,
        caseId: null,
        resultId,
        name: row.name,
        cycleId: row.cycle_id,
        cycleState: row.state,
        cycleSource: row.source,
        cycleCreatedBy: row.created_by,
      }
    : null;
}

interface AttachmentRow {
  id: number;
  project_id: number;
  case_id: number | null;
  result_id: number | null;
  name: string;
  content_type: string;
  size: number | string;
  complete: boolean;
  store: FileStoreKind;
  creator_id: number | null;
  creator_username: string | null;
  created_at: Date | string;
}

const INLINE = new Set<string>(INLINE_IMAGE_TYPES);

/** Where a file's bytes are: attachment_chunks, or the object store's bucket. */
export type FileStoreKind = 'database' | 's3';

/** A file's row as the service reads it: what the answer shows, and where its bytes are. */
export type StoredAttachment = Attachment & { project_id: number; complete: boolean; store: FileStoreKind };

function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    name: row.name,
    content_type: row.content_type,
    size: Number(row.size),
    case_id: row.case_id,
    result_id: row.result_id,
    created_by: row.creator_id === null ? null : { id: row.creator_id, username: row.creator_username ?? '' },
    created_at: new Date(row.created_at).toISOString(),
    is_image: INLINE.has(row.content_type),
  };
}

async function selectAttachments(db: Tx, where: SQL): Promise<StoredAttachment[]> {
  const rows = await queryRows<AttachmentRow>(
    db,
    sql`
    select a.id, a.project_id, a.case_id, a.result_id, a.name, a.content_type, a.size, a.complete,
      a.store, u.id as creator_id, u.username as creator_username, a.created_at
    from attachments a left join users u on u.id = a.created_by
    where ${where}
    order by a.id`,
  );
  return rows.map((row) => ({
    ...toAttachment(row),
    project_id: row.project_id,
    complete: row.complete,
    store: row.store,
  }));
}

/** The complete attachments of a case or a result, oldest first. */
export async function listAttachments(
  db: Tx,
  owner: { caseId: number } | { resultId: number },
): Promise<Attachment[]> {
  const where = 'caseId' in owner ? sql`a.case_id = ${owner.caseId}` : sql`a.result_id = ${owner.resultId}`;
  const rows = await selectAttachments(db, sql`${where} and a.complete`);
  return rows.map(({ project_id: _p, complete: _c, store: _s, ...attachment }) => attachment);
}

/** One attachment, complete or not, with its project. */
export async function findAttachment(db: Tx, id: number): Promise<StoredAttachment | null> {
  const [row] = await selectAttachments(db, sql`a.id = ${id}`);
  return row ?? null;
}

export interface NewAttachment {
  owner: Owner;
  name: string;
  contentType: string;
  createdBy: number;
  store: FileStoreKind;
}

/** The row of a file being uploaded: incomplete, so no list shows it until its last chunk. */
export async function insertAttachment(db: Tx, file: NewAttachment): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`
    insert into attachments (project_id, case_id, result_id, name, content_type, created_by, store)
    values (${file.owner.projectId}, ${file.owner.caseId}, ${file.owner.resultId}, ${file.name},
      ${file.contentType}, ${file.createdBy}, ${file.store})
    returning id`,
  );
  return row!.id;
}

/*
 * Chunks travel as hex text, which PostgreSQL decodes and encodes. It is what the PostgreSQL
 * driver sends and reads for a bytea anyway; the embedded driver instead turns a bytea into text
 * and back one byte at a time in JavaScript (an array of 262,144 numbers per chunk), which made
 * a 25 MB upload take 8 s rather than 1.5 s. Node's hex is native.
 */

export async function insertChunk(db: Tx, attachmentId: number, seq: number, data: Buffer): Promise<void> {
  await db.execute(sql`
    insert into attachment_chunks (attachment_id, seq, data)
    values (${attachmentId}, ${seq}, decode(${data.toString('hex')}, 'hex'))`);
}

/**
 * Marks an upload complete with its size and SHA-256. A result's file is completed only while its cycle is
 * open, so a cycle closed during the upload keeps nothing new: false then (and when the row is gone).
 * An import's evidence (`anyState`) is completed on a closed cycle too.
 */
export async function completeAttachment(
  db: Tx,
  id: number,
  file: { size: number; sha256: string },
  anyState = false,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    update attachments a set complete = true, size = ${file.size}, sha256 = ${file.sha256}
    where a.id = ${id} and (a.result_id is null or ${anyState}::boolean or exists (
      select 1 from cycle_results r join cycle_items i on i.id = r.item_id
        join test_cycles y on y.id = i.cycle_id
      where r.id = a.result_id and y.state = 'open'))
    returning a.id`,
  );
  return rows.length > 0;
}

/** The bytes a project's complete files hold (what its quota counts). */
export async function projectAttachmentBytes(db: Tx, projectId: number): Promise<number> {
  const [row] = await queryRows<{ used: number | string }>(
    db,
    sql`select coalesce(sum(size), 0) as used from attachments where project_id = ${projectId} and complete`,
  );
  return Number(row?.used ?? 0);
}

/** Deletes an attachment; its chunks go with it (cascade). Answers where its bytes were, if it was there. */
export async function deleteAttachmentRow(db: Tx, id: number): Promise<FileStoreKind | null> {
  const [row] = await queryRows<{ store: FileStoreKind }>(
    db,
    sql`delete from attachments where id = ${id} returning store`,
  );
  return row?.store ?? null;
}

/** Of `ids`, those whose rows keep their bytes in the object store (the orphan sweep keeps those). */
export async function idsStoredInBucket(db: Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from attachments where store = 's3' and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((row) => row.id));
}

/** `count` chunks of an attachment from `fromSeq` on, in order. */
export async function readChunks(
  db: Tx,
  id: number,
  fromSeq: number,
  count: number,
): Promise<{ seq: number; data: Buffer }[]> {
  const rows = await queryRows<{ seq: number; data: string }>(
    db,
    sql`
    select seq, encode(data, 'hex') as data from attachment_chunks
    where attachment_id = ${id} and seq >= ${fromSeq}
    order by seq limit ${count}`,
  );
  return rows.map((row) => ({ seq: row.seq, data: Buffer.from(row.data, 'hex') }));
}

/**
 * Removes uploads left incomplete for longer than `seconds` (a crash or a cut connection); an
 * object one left in the bucket goes with the orphan sweep.
 */
export async function deleteStaleUploads(db: Tx, seconds: number): Promise<void> {
  await db.execute(sql`
    delete from attachments where not complete and created_at < now() - make_interval(secs => ${seconds})`);
}

/** A merge of cases: the files on `fromId` become `toId`'s (files on results follow their results). */
export async function moveCaseAttachments(tx: Tx, fromId: number, toId: number): Promise<void> {
  await tx.execute(sql`update attachments set case_id = ${toId} where case_id = ${fromId}`);
}
