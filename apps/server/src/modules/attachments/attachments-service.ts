import type { Readable } from 'node:stream';
import type { Attachment, AttachmentUsage, PermissionName } from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { counted, quoted, recordAudit } from '../audit-log/audit-entries.ts';
import { type Principal, requireProject, requireProjectOf } from '../authz/authorization.ts';
import { assertCycleOpen, cycleClosed } from '../cycles/cycle-rules.ts';
import { contentTypeOf, fileNameOf } from './attachment-files.ts';
import {
  completeAttachment,
  deleteAttachmentRow,
  type FileStoreKind,
  findAttachment,
  findCaseOwner,
  findResultOwner,
  insertAttachment,
  listAttachments,
  type Owner,
  projectAttachmentBytes,
  type StoredAttachment,
} from './attachments-repository.ts';
import { newFileStore, readFileBytes, removeFileObjects, writeFileBytes } from './file-bytes.ts';

/** Files on cases and cycle results (docs/product/attachments.md). */

export const CASE_NOT_FOUND = 'Test case not found';
export const RESULT_NOT_FOUND = 'Cycle result not found';
export const ATTACHMENT_NOT_FOUND = 'Attachment not found';

export class AttachmentTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super(
      413,
      `The file is larger than the limit of ${formatMegabytes(limitBytes)} (server setting ATTACHMENT_MAX_BYTES)`,
    );
  }
}

/** An upload that would take its project's files past ATTACHMENT_QUOTA_BYTES. */
export class AttachmentQuotaError extends AppError {
  constructor(quotaBytes: number) {
    super(
      413,
      `The project's files would pass its attachment quota of ${formatQuota(quotaBytes)} ` +
        '(server setting ATTACHMENT_QUOTA_BYTES); delete files or ask an administrator to raise it',
    );
  }
}

/** The limits an upload is held to: one file's size, and the project's total. */
export interface UploadLimits {
  maxBytes: number;
  quotaBytes: number;
}

const formatQuota = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${Number((bytes / 1024 ** 3).toFixed(1))} GB` : formatMegabytes(bytes);

function formatMegabytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** One file of a multipart upload, as it arrives. */
export interface IncomingFile {
  filename: string | undefined;
  mimetype: string | undefined;
  file: Readable & { truncated?: boolean };
}

/** The case a file is added to, if the caller may edit it (404 when missing or unseen). */
export async function caseForUpload(db: Db, principal: Principal, caseId: number): Promise<Owner> {
  const owner = await findCaseOwner(db, caseId);
  await requireProjectOf(db, principal, owner?.projectId, CASE_NOT_FOUND, 'edit_test_case');
  return owner!;
}

/** The result a file is added to, if the caller may execute its cycle and the cycle is open (409). */
export async function resultForUpload(db: Db, principal: Principal, resultId: number): Promise<Owner> {
  const owner = await findResultOwner(db, resultId);
  await requireProjectOf(db, principal, owner?.projectId, RESULT_NOT_FOUND, 'execute_test_cycle');
  assertCycleOpen({ state: owner!.cycleState });
  return owner!;
}

/**
 * The result of an import's cycle that the importer's uploader adds the report's files to
 * (docs/decisions/241-evidence-from-ci-reports.md): needs import_results, a cycle an import made
 * (409 not_an_import) and made by the caller (403 not_your_import); open or closed.
 */
export async function resultForEvidence(db: Db, principal: Principal, resultId: number): Promise<Owner> {
  const owner = await findResultOwner(db, resultId);
  await requireProjectOf(db, principal, owner?.projectId, RESULT_NOT_FOUND, 'import_results');
  if (owner!.cycleSource !== 'import') {
    throw new ConflictError(
      "Evidence goes to the results of an import's cycle; attach files to other results with POST /api/cycle-results/{id}/attachments",
      'not_an_import',
    );
  }
  if (owner!.cycleCreatedBy !== principal.id)
    throw new ForbiddenError("Only the import's own importer may add its evidence", 'not_your_import');
  return owner!;
}

/**
 * Stores one file as it arrives: its row first (incomplete, so no list shows it), then its bytes
 * (file-bytes.ts): chunk rows of 256 KB, each its own short statement, or one object in the
 * bucket. The embedded database runs one statement at a time, so one transaction around a 25 MB
 * upload would hold every other request for its length. Answers the new row's id, the file's size
 * and SHA-256; on any failure the row is gone (chunks cascade) and so is its object.
 */
async function storeFile(
  db: Db,
  principal: Principal,
  owner: Owner,
  incoming: IncomingFile,
  limits: UploadLimits,
  room: number,
): Promise<StoredFile> {
  const { maxBytes, quotaBytes } = limits;
  const name = fileNameOf(incoming.filename);
  const contentType = contentTypeOf(incoming.mimetype);
  const store = newFileStore(db);
  const id = await insertAttachment(db, { owner, name, contentType, createdBy: principal.id, store });
  async function* checked() {
    let size = 0;
    for await (const data of incoming.file as AsyncIterable<Buffer>) {
      size += data.length;
      if (size > maxBytes || incoming.file.truncated) throw new AttachmentTooLargeError(maxBytes);
      if (size > room) throw new AttachmentQuotaError(quotaBytes);
      yield data;
    }
    if (incoming.file.truncated) throw new AttachmentTooLargeError(maxBytes);
  }
  try {
    const { size, sha256 } = await writeFileBytes(db, { id, store, contentType }, checked());
    return { id, size, sha256, name, store };
  } catch (error) {
    await dropFiles(db, [{ id, store }]);
    throw error;
  }
}

/** A file whose bytes are written and whose row is not yet complete. */
interface StoredFile {
  id: number;
  size: number;
  sha256: string;
  name: string;
  store: FileStoreKind;
}

/** Deletes the rows of files not kept, and their objects; never fails. */
async function dropFiles(db: Db, files: { id: number; store: FileStoreKind }[]): Promise<void> {
  for (const file of files) await deleteAttachmentRow(db, file.id).catch(() => {});
  await removeFileObjects(
    db,
    files.filter((file) => file.store === 's3').map((file) => file.id),
  );
}

/** Why an upload could not be completed: its case or result is gone (404), or its cycle closed (409). */
async function refusalAtEnd(db: Tx, owner: Owner, evidence = false): Promise<AppError> {
  const now = owner.resultId === null ? null : await findResultOwner(db, owner.resultId);
  if (now?.cycleState === 'closed' && !evidence) return cycleClosed();
  return new NotFoundError(owner.resultId === null ? CASE_NOT_FOUND : RESULT_NOT_FOUND);
}

/**
 * Stores every file of an upload, then completes them together with one audit entry: a request
 * that fails on any file (too large, past the quota, cut short, cycle closed meanwhile) keeps none
 * of them.
 *
 * The project's quota is checked twice. While the files arrive, against the project's use when
 * the upload began: the byte that would pass it answers 413 and the rest is not read. And when the
 * files are completed, with the project row locked (FOR NO KEY UPDATE, which other writes in the
 * project, taking KEY SHARE, do not wait for): uploads that ran side by side are counted one after
 * the other there, so together they never pass the quota (docs/decisions/165-attachment-quota.md).
 */
export async function uploadFiles(
  db: Db,
  principal: Principal,
  owner: Owner,
  files: AsyncIterable<IncomingFile>,
  limits: UploadLimits,
  /** An import's evidence (resultForEvidence): kept on a closed cycle too. */
  evidence = false,
): Promise<Attachment[]> {
  const stored: StoredFile[] = [];
  try {
    let room = limits.quotaBytes - (await projectAttachmentBytes(db, owner.projectId));
    for await (const incoming of files) {
      const file = await storeFile(db, principal, owner, incoming, limits, room);
      stored.push(file);
      room -= file.size;
    }
    await db.transaction(async (tx) => {
      if (!(await lockProject(tx, owner.projectId, LOCK.noKeyUpdate))) throw await refusalAtEnd(tx, owner);
      const total = stored.reduce((sum, file) => sum + file.size, 0);
      if ((await projectAttachmentBytes(tx, owner.projectId)) + total > limits.quotaBytes) {
        throw new AttachmentQuotaError(limits.quotaBytes);
      }
      for (const file of stored) {
        if (!(await completeAttachment(tx, file.id, file, evidence)))
          throw await refusalAtEnd(tx, owner, evidence);
      }
      if (stored.length > 0) await auditAttachments(tx, principal, owner, 'Attached', stored);
    });
  } catch (error) {
    await dropFiles(db, stored);
    // The case or result was deleted during the upload: its rows (and their chunks) went with it.
    if (dbViolationOf(error)?.kind === 'foreign-key') {
      throw new NotFoundError(owner.resultId === null ? CASE_NOT_FOUND : RESULT_NOT_FOUND);
    }
    throw error;
  }
  const attachments: Attachment[] = [];
  for (const file of stored) {
    const found = await findAttachment(db, file.id);
    if (found) attachments.push(withoutProject(found));
  }
  return attachments;
}

/** A file an import's report carried inline, for a result of the import's cycle. */
export interface ImportedFile {
  resultId: number;
  /** The test's name, for the skip lines. */
  test: string;
  name: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * Stores the files an import's report carried on the results of its cycle, after the import's
 * transaction (imports/import-evidence.ts): each file in its own short statements as an upload is,
 * then all completed together under the project's lock with one audit entry. A file over
 * ATTACHMENT_MAX_BYTES, or past the project's quota, is skipped with a line; so is one whose result
 * is gone. Never fails the import: on any other failure its files are removed and a line says so.
 */
export async function attachImportedFiles(
  db: Db,
  principal: Principal,
  cycle: { projectId: number; id: number; name: string },
  files: ImportedFile[],
  limits: UploadLimits,
): Promise<{ attached: number; skipped: string[] }> {
  const skipped: string[] = [];
  const stored: { id: number; size: number; sha256: string; store: FileStoreKind; file: ImportedFile }[] = [];
  const store = newFileStore(db);
  const skip = (file: ImportedFile, why: string) => skipped.push(`${file.name} of "${file.test}": ${why}`);
  const pastQuota = `past the project's attachment quota of ${formatQuota(limits.quotaBytes)} (ATTACHMENT_QUOTA_BYTES); not attached`;
  try {
    let room = limits.quotaBytes - (await projectAttachmentBytes(db, cycle.projectId));
    for (const file of files) {
      if (file.bytes.length > limits.maxBytes) {
        skip(file, `larger than ${formatMegabytes(limits.maxBytes)} (ATTACHMENT_MAX_BYTES); not attached`);
        continue;
      }
      if (file.bytes.length > room) {
        skip(file, pastQuota);
        continue;
      }
      const owner: Owner = {
        projectId: cycle.projectId,
        caseId: null,
        resultId: file.resultId,
        name: cycle.name,
        cycleId: cycle.id,
        cycleState: 'open',
      };
      let id: number;
      const contentType = contentTypeOf(file.contentType);
      try {
        id = await insertAttachment(db, {
          owner,
          name: fileNameOf(file.name),
          contentType,
          createdBy: principal.id,
          store,
        });
      } catch (error) {
        if (dbViolationOf(error)?.kind !== 'foreign-key') throw error;
        skip(file, 'its result is gone; not attached');
        continue;
      }
      const entry = { id, size: file.bytes.length, sha256: '', store, file };
      stored.push(entry);
      entry.sha256 = (await writeFileBytes(db, { id, store, contentType }, [file.bytes])).sha256;
      room -= file.bytes.length;
    }
    let attached = 0;
    const dropped: number[] = [];
    await db.transaction(async (tx) => {
      if (!(await lockProject(tx, cycle.projectId, LOCK.noKeyUpdate))) return;
      let used = await projectAttachmentBytes(tx, cycle.projectId);
      for (const { id, size, sha256, file } of stored) {
        if (used + size > limits.quotaBytes) {
          await deleteAttachmentRow(tx, id);
          dropped.push(id);
          skip(file, pastQuota);
        } else if (await completeAttachment(tx, id, { size, sha256 }, true)) {
          used += size;
          attached += 1;
        }
      }
      if (attached > 0) {
        await recordAudit(tx, principal, {
          action: 'update',
          entity: 'cycle',
          entityId: cycle.id,
          projectId: cycle.projectId,
          summary: `Attached ${counted(attached, 'file')} the imported report carried to the results of cycle ${quoted(cycle.name)}`,
          changes: { attachments: { before: null, after: attached } },
        });
      }
    });
    if (store === 's3') await removeFileObjects(db, dropped);
    return { attached, skipped };
  } catch {
    await dropFiles(db, stored);
    skipped.push(
      `The ${counted(files.length, 'file')} the report carried could not be stored; none was attached`,
    );
    return { attached: 0, skipped };
  }
}

function auditAttachments(
  tx: Tx,
  principal: Principal,
  owner: Owner,
  verb: 'Attached' | 'Removed',
  files: { name: string }[],
) {
  const names = files.map((file) => quoted(file.name)).join(', ');
  const where =
    owner.resultId === null
      ? `case ${quoted(owner.name)}`
      : `result #${owner.resultId} of cycle ${quoted(owner.name)}`;
  const list = files.map((file) => file.name);
  return recordAudit(tx, principal, {
    action: 'update',
    entity: owner.resultId === null ? 'case' : 'cycle',
    entityId: owner.resultId === null ? owner.caseId : owner.cycleId,
    projectId: owner.projectId,
    summary: `${verb} ${names} ${verb === 'Attached' ? 'to' : 'from'} ${where}`,
    changes: {
      attachments: verb === 'Attached' ? { before: null, after: list } : { before: list, after: null },
    },
  });
}

const withoutProject = ({
  project_id: _project,
  complete: _complete,
  store: _store,
  ...attachment
}: StoredAttachment): Attachment => attachment;

export async function listCaseAttachments(
  db: Db,
  principal: Principal,
  caseId: number,
): Promise<Attachment[]> {
  const owner = await findCaseOwner(db, caseId);
  await requireProjectOf(db, principal, owner?.projectId, CASE_NOT_FOUND, 'home_test_case');
  return listAttachments(db, { caseId });
}

export async function listResultAttachments(
  db: Db,
  principal: Principal,
  resultId: number,
): Promise<Attachment[]> {
  const owner = await findResultOwner(db, resultId);
  await requireProjectOf(db, principal, owner?.projectId, RESULT_NOT_FOUND, 'home_test_cycle');
  return listAttachments(db, { resultId });
}

/** How much of its quota a project's files use; for anyone who may read its cases' files. */
export async function attachmentUsage(
  db: Db,
  principal: Principal,
  projectId: number,
  quotaBytes: number,
): Promise<AttachmentUsage> {
  await requireProject(db, principal, projectId, 'home_test_case');
  return { used_bytes: await projectAttachmentBytes(db, projectId), quota_bytes: quotaBytes };
}

/** What reading a case's or a result's files needs, as their lists do. */
const readPermission = (attachment: Attachment): PermissionName =>
  attachment.case_id === null ? 'home_test_cycle' : 'home_test_case';

/** A complete attachment the caller may see; 404 for one missing, unfinished or in an unseen project. */
async function visibleAttachment(
  db: Db,
  principal: Principal,
  id: number,
  permission?: (attachment: Attachment) => PermissionName,
) {
  const found = await findAttachment(db, id);
  const attachment = found?.complete ? found : null;
  await requireProjectOf(
    db,
    principal,
    attachment?.project_id,
    ATTACHMENT_NOT_FOUND,
    attachment ? (permission ?? readPermission)(attachment) : undefined,
  );
  return attachment!;
}

/** An attachment and its bytes, read a few chunks at a time (or from its object) as the answer is sent. */
export async function openAttachment(
  db: Db,
  principal: Principal,
  id: number,
): Promise<{ attachment: Attachment; bytes: AsyncGenerator<Buffer> }> {
  const found = await visibleAttachment(db, principal, id);
  return { attachment: withoutProject(found), bytes: await readFileBytes(db, found) };
}

/** Deletes a file: a case's needs edit_test_case, a result's execute_test_cycle and an open cycle. */
export async function deleteAttachment(db: Db, principal: Principal, id: number): Promise<void> {
  const attachment = await visibleAttachment(db, principal, id, (a) =>
    a.case_id === null ? 'execute_test_cycle' : 'edit_test_case',
  );
  const owner =
    attachment.case_id !== null
      ? await findCaseOwner(db, attachment.case_id)
      : await findResultOwner(db, attachment.result_id!);
  if (!owner) throw new NotFoundError(ATTACHMENT_NOT_FOUND);
  assertCycleOpen({ state: owner.cycleState });
  await db.transaction(async (tx) => {
    await deleteAttachmentRow(tx, id);
    await auditAttachments(tx, principal, owner, 'Removed', [attachment]);
  });
  if (attachment.store === 's3') await removeFileObjects(db, [id]);
}

export { moveCaseAttachments } from './attachments-repository.ts';
