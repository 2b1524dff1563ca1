import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ATTACHMENT_FILES_MAX,
  AttachmentList,
  AttachmentsUploaded,
  AttachmentUsage,
  IdParams,
  MessageResponse,
} from '@verdict/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.ts';
import { principalOf } from '../../plugins/auth.ts';
import { downloadHeaders } from './attachment-files.ts';
import { deleteStaleUploads, type Owner } from './attachments-repository.ts';
import {
  attachmentUsage,
  caseForUpload,
  deleteAttachment,
  type IncomingFile,
  listCaseAttachments,
  listResultAttachments,
  openAttachment,
  resultForEvidence,
  resultForUpload,
  uploadFiles,
} from './attachments-service.ts';
import { evidenceRetentionRoutes } from './evidence-retention-routes.ts';
import { createObjectStore, useObjectStore } from './object-store.ts';
import { startObjectSweep } from './object-sweep.ts';

const tags = ['attachments'];

/** An upload left incomplete this long (its server stopped mid-way) is deleted. */
const STALE_UPLOAD_SECONDS = 60 * 60;
/** How often each instance sweeps a page (1,000 keys) of the bucket for orphaned objects. */
const OBJECT_SWEEP_MS = 10 * 60_000;

class UnsupportedMediaTypeError extends AppError {
  constructor() {
    super(415, 'Send the files as multipart/form-data');
  }
}

/** The multipart plugin's refusals as the answer says them; the app's own pass through. */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT')
    return new AppError(413, `An upload holds at most ${ATTACHMENT_FILES_MAX} files`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, 'The upload holds too many form fields');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new UnsupportedMediaTypeError();
  return error;
}

/**
 * A download, streamed: Fastify pipes it with backpressure, so a chunk is read from the database
 * only when the client has taken the ones before (one read of four chunks ahead at most).
 */
function sendFile(reply: FastifyReply, headers: Record<string, string>, bytes: AsyncIterable<Buffer>) {
  return reply.headers(headers).send(Readable.from(bytes, { objectMode: false, highWaterMark: 1 }));
}

/** The file parts of a multipart request, in order; other form fields are ignored. */
async function* filesOf(request: FastifyRequest): AsyncGenerator<IncomingFile> {
  for await (const part of request.parts()) {
    if (part.type === 'file') yield { filename: part.filename, mimetype: part.mimetype, file: part.file };
  }
}

/** The two upload routes: multipart bodies, read by the handler as they arrive. */
const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const maxBytes = app.config.attachmentMaxBytes;
  const limits = { maxBytes, quotaBytes: app.config.attachmentQuotaBytes };
  app.removeAllContentTypeParsers();
  await app.register(multipart, {
    // One byte past the limit is enough to know a file is too large (attachments-service.ts).
    limits: {
      fileSize: maxBytes + 1,
      files: ATTACHMENT_FILES_MAX,
      fields: 20,
      parts: ATTACHMENT_FILES_MAX + 20,
    },
    throwFileSizeLimit: false,
  });
  // Any other body is taken unread, so the path is validated and the caller checked first; the
  // handler then answers 415.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  // An upload refused before its end (no permission, too large, not multipart) leaves the rest of
  // the body unread: it is discarded, and the connection closes after the answer.
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.readableEnded) return;
    reply.header('connection', 'close');
    request.raw.unpipe();
    request.raw.resume();
  });

  const upload = async (request: FastifyRequest, owner: Owner, evidence = false) => {
    if (!request.isMultipart()) throw new UnsupportedMediaTypeError();
    try {
      return await uploadFiles(app.db, principalOf(request), owner, filesOf(request), limits, evidence);
    } catch (error) {
      throw uploadError(error);
    }
  };
  const uploaded = (count: number) => (count === 1 ? 'File attached' : `${count} files attached`);
  const routeOf = (
    summary: string,
    permission: 'edit_test_case' | 'execute_test_cycle',
    errors: (404 | 409 | 413 | 415)[],
  ) =>
    ({
      config: { access: { project: permission }, authCache: 'keeps', errors },
      schema: {
        tags,
        summary,
        description: `multipart/form-data with one or more file parts (at most ${ATTACHMENT_FILES_MAX}), each up to ATTACHMENT_MAX_BYTES, together within the project's ATTACHMENT_QUOTA_BYTES; all are kept or none.`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: AttachmentsUploaded },
      },
    }) as const;

  app.post(
    '/api/test-cases/:id/attachments',
    routeOf('Attach files to a test case', 'edit_test_case', [404, 413, 415]),
    async (request, reply) => {
      const owner = await caseForUpload(app.db, principalOf(request), request.params.id);
      const attachments = await upload(request, owner);
      return reply.status(201).send({ message: uploaded(attachments.length), attachments });
    },
  );

  app.post(
    '/api/cycle-results/:id/attachments',
    routeOf('Attach files to a result of an open test cycle', 'execute_test_cycle', [404, 409, 413, 415]),
    async (request, reply) => {
      const owner = await resultForUpload(app.db, principalOf(request), request.params.id);
      const attachments = await upload(request, owner);
      return reply.status(201).send({ message: uploaded(attachments.length), attachments });
    },
  );

  app.post(
    '/api/cycle-results/:id/evidence',
    {
      config: {
        access: { project: 'import_results' },
        authCache: 'keeps',
        errors: [403, 404, 409, 413, 415],
      },
      schema: {
        tags,
        summary: "Attach a report's files to a result of the caller's own import (verdict-import does)",
        description:
          "The files an import's answer lists in evidence_uploads, read by the uploader on the machine that ran the " +
          "tests. Needs import_results; the result's cycle must be an import's (409 not_an_import) made by the caller " +
          `(403 not_your_import), open or closed. multipart/form-data as the attachments upload: at most ${ATTACHMENT_FILES_MAX} ` +
          "files, each up to ATTACHMENT_MAX_BYTES, within the project's ATTACHMENT_QUOTA_BYTES; all are kept or none.",
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: AttachmentsUploaded },
      },
    },
    async (request, reply) => {
      const owner = await resultForEvidence(app.db, principalOf(request), request.params.id);
      const attachments = await upload(request, owner, true);
      return reply.status(201).send({ message: uploaded(attachments.length), attachments });
    },
  );
};

/** docs/product/attachments.md, "The calls". */
export const attachmentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // FILE_STORE=s3: every file written through this database handle goes to the bucket, whichever
  // module writes it (an import's evidence too), and the backup reads the bucket's files.
  const { fileStore } = app.config;
  if (fileStore.kind === 's3') {
    useObjectStore(app.db, await createObjectStore(fileStore));
    const stopObjectSweep = startObjectSweep(app.db, OBJECT_SWEEP_MS, (error) =>
      app.log.warn({ err: error }, 'sweeping orphaned objects of the file store failed'),
    );
    app.addHook('onClose', async () => stopObjectSweep());
  }
  // Every instance sweeps; the delete is idempotent, and ten minutes apart it removes little.
  const sweep = setInterval(() => {
    deleteStaleUploads(app.db, STALE_UPLOAD_SECONDS).catch((error: unknown) =>
      app.log.warn({ err: error }, 'deleting stale attachment uploads failed'),
    );
  }, 10 * 60_000).unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  await app.register(uploadRoutes);
  await app.register(evidenceRetentionRoutes);

  app.get(
    '/api/test-cases/:id/attachments',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary: "A test case's attachments, oldest first",
        params: IdParams,
        response: { 200: AttachmentList },
      },
    },
    async (request) => ({
      attachments: await listCaseAttachments(app.db, principalOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/cycle-results/:id/attachments',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags,
        summary: "A cycle result's attachments, oldest first",
        params: IdParams,
        response: { 200: AttachmentList },
      },
    },
    async (request) => ({
      attachments: await listResultAttachments(app.db, principalOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/projects/:id/attachments/usage',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary: "How much of its attachment quota (ATTACHMENT_QUOTA_BYTES) a project's files use",
        params: IdParams,
        response: { 200: AttachmentUsage },
      },
    },
    (request) =>
      attachmentUsage(app.db, principalOf(request), request.params.id, app.config.attachmentQuotaBytes),
  );

  app.get(
    '/api/attachments/:id',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary: 'Download an attachment (raster images inline, everything else as a file)',
        description:
          "Needs home_test_case for a case's file, home_test_cycle for a result's. HTML, SVG and every type a " +
          'browser could run are sent as application/octet-stream, with nosniff and a sandbox policy.',
        params: IdParams,
        produces: ['application/octet-stream'],
        response: { 200: Type.String({ format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const { attachment, bytes } = await openAttachment(app.db, principalOf(request), request.params.id);
      return sendFile(reply, downloadHeaders(attachment), bytes);
    },
  );

  app.delete(
    '/api/attachments/:id',
    {
      config: { access: { project: 'edit_test_case' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary: "Delete an attachment (a result's only while its cycle is open)",
        description: "Needs edit_test_case for a case's file, execute_test_cycle for a result's.",
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await deleteAttachment(app.db, principalOf(request), request.params.id);
      return { message: 'Attachment deleted' };
    },
  );
};
