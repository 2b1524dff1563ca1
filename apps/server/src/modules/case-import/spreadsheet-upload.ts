import { PassThrough } from 'node:stream';
import { CASE_IMPORT_CONTENT_TYPES, CaseImportFile, IdParams, type PermissionName } from '@verdict/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { plainId } from '../../lib/validation.ts';
import { principalOf } from '../../plugins/auth.ts';
import { requireProject } from '../authz/authorization.ts';
import { UnsupportedMediaTypeError } from '../imports/import-body.ts';
import { CASE_IMPORT_MAX_BYTES } from './case-import-limits.ts';

/**
 * What every spreadsheet import shares (cases, requirements): the file as the raw body, its
 * limit, and an answer that streams progress as JSON lines when the caller asks for them.
 */

const SEND_FILE = `Send the file as the body, with Content-Type ${CASE_IMPORT_CONTENT_TYPES.join(' or ')}`;

/**
 * Makes the (encapsulated) plugin's routes read CSV and XLSX bodies as raw bytes, up to
 * CASE_IMPORT_MAX_BYTES, and refuse any other type with a 415.
 */
export function acceptSpreadsheets(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [...CASE_IMPORT_CONTENT_TYPES, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: CASE_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new UnsupportedMediaTypeError(SEND_FILE), undefined);
  });
}

/**
 * What the preview and the import of a project's spreadsheet share: who may call them (checked
 * before a file of up to 50 MB is read), the file as the body with its limit, and the weight an
 * API token's limits give it.
 */
export function spreadsheetRoute<Q extends TSchema>(
  app: FastifyInstance,
  permission: PermissionName,
  tags: string[],
  querystring: Q,
) {
  const mayImport = async (request: FastifyRequest) => {
    // Params are not validated yet here: a malformed id is left to the schema (400).
    const id = plainId((request.params as { id?: unknown }).id);
    if (id !== null) await requireProject(app.db, principalOf(request), id, permission);
  };
  return {
    options: {
      config: {
        access: { project: permission },
        authCache: 'keeps',
        weighted: true,
        errors: [404, 413, 415],
      },
      bodyLimit: CASE_IMPORT_MAX_BYTES,
      onRequest: mayImport,
    } as const,
    schema: {
      tags,
      consumes: [...CASE_IMPORT_CONTENT_TYPES],
      params: IdParams,
      querystring,
      body: CaseImportFile,
    },
  };
}

/** The uploaded file; an empty body is a 415 that says how to send one. */
export function spreadsheetOf(request: FastifyRequest): Buffer {
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) throw new UnsupportedMediaTypeError(SEND_FILE);
  return body;
}

type Progress = (done: number, total: number) => void;

/**
 * Runs an all-or-nothing import and answers 201 with its result. With `Accept:
 * application/x-ndjson` the answer is JSON lines: `{done, total}` from the first progress on, then
 * the result, or `{message, error: true}` when it failed after the stream began (problems found
 * before the first write still answer a plain 400).
 */
export async function answerImport<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (progress: Progress) => Promise<T>,
  after: () => void,
): Promise<void> {
  if (!(request.headers.accept ?? '').includes('application/x-ndjson')) {
    const result = await run(() => {});
    after();
    void reply.status(201).send(result);
    return;
  }
  const lines = new PassThrough();
  let started = false;
  try {
    const result = await run((done, total) => {
      if (!started) {
        started = true;
        void reply
          .status(201)
          .type('application/x-ndjson')
          .send(lines as never);
      }
      lines.write(`${JSON.stringify({ done, total })}\n`);
    });
    after();
    if (!started) {
      void reply.status(201).send(result);
      return;
    }
    lines.end(`${JSON.stringify(result)}\n`);
  } catch (error) {
    if (!started) throw error;
    request.log.error({ err: error }, 'import failed');
    const message = error instanceof Error && 'statusCode' in error ? error.message : 'The import failed';
    lines.end(`${JSON.stringify({ message: `${message}; nothing was imported`, error: true })}\n`);
  }
}
