import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CASE_IMPORT_CONTENT_TYPES,
  CaseImportFile,
  CaseImportPreview,
  CaseImportQuery,
  CaseImportResult,
  IdParams,
} from '@verdict/contract';
import type { FastifyRequest } from 'fastify';
import { plainId } from '../../lib/validation.ts';
import { principalOf } from '../../plugins/auth.ts';
import { requireProject } from '../authz/authorization.ts';
import { formatBytes, UnsupportedMediaTypeError } from '../imports/import-body.ts';
import { CASE_IMPORT_MAX_BYTES } from './case-import-limits.ts';
import { importCases, previewImport } from './case-import-service.ts';

const SEND_FILE = `Send the file as the body, with Content-Type ${CASE_IMPORT_CONTENT_TYPES.join(' or ')}`;

function fileOf(request: FastifyRequest): Buffer {
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) throw new UnsupportedMediaTypeError(SEND_FILE);
  return body;
}

/**
 * Importing cases from a CSV or XLSX file (docs/product/case-import.md). Encapsulated: its body
 * parser (the raw file, up to CASE_IMPORT_MAX_BYTES) applies to these routes alone.
 */
export const caseImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [...CASE_IMPORT_CONTENT_TYPES, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: CASE_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new UnsupportedMediaTypeError(SEND_FILE), undefined);
  });

  // Refuse callers who may not import before reading a file of up to 50 MB.
  const mayImport = async (request: FastifyRequest) => {
    // Params are not validated yet here: a malformed id is left to the schema (400).
    const id = plainId((request.params as { id?: unknown }).id);
    if (id !== null) await requireProject(app.db, principalOf(request), id, 'add_test_case_in_project');
  };

  const description =
    `The file (at most ${formatBytes(CASE_IMPORT_MAX_BYTES)}) is the body. ?mapping= names what each column ` +
    'fills, in column order, comma-separated (name, description, preconditions, steps, expected_results, priority, ' +
    'tags, suite, id, parent_id, field:<id>, or empty); without it the server recognises TestRail and Verdict ' +
    'exports and usual headers.';

  // What both calls share: who may call them, the file as the body, and its limit.
  const fileRoute = {
    config: {
      access: { project: 'add_test_case_in_project' },
      authCache: 'keeps',
      errors: [404, 413, 415],
    },
    bodyLimit: CASE_IMPORT_MAX_BYTES,
    onRequest: mayImport,
  } as const;
  const fileSchema = {
    tags: ['test cases'],
    consumes: [...CASE_IMPORT_CONTENT_TYPES],
    params: IdParams,
    querystring: CaseImportQuery,
    body: CaseImportFile,
  };

  app.post(
    '/api/projects/:id/case-imports/preview',
    {
      ...fileRoute,
      schema: {
        ...fileSchema,
        summary:
          'Read a CSV or XLSX file of cases: its columns, their mapping, the first cases and every problem',
        description,
        response: { 200: CaseImportPreview },
      },
    },
    (request) =>
      previewImport(app.db, principalOf(request), request.params.id, fileOf(request), request.query.mapping),
  );

  app.post(
    '/api/projects/:id/case-imports',
    {
      ...fileRoute,
      schema: {
        ...fileSchema,
        summary:
          'Import every case of a CSV or XLSX file, or none (Accept: application/x-ndjson streams progress)',
        description: `${description} Needs add_test_case_in_project, and the permissions to add suites, cases in suites and child cases when the file makes them.`,
        response: { 201: CaseImportResult },
      },
    },
    async (request, reply) => {
      const file = fileOf(request);
      const principal = principalOf(request);
      const maintain = () =>
        app.database.maintain?.().catch((error) => request.log.warn({ err: error }, 'maintenance failed'));
      if (!(request.headers.accept ?? '').includes('application/x-ndjson')) {
        const result = await importCases(app.db, principal, request.params.id, file, request.query.mapping);
        maintain();
        return reply.status(201).send(result);
      }
      // Progress as JSON lines. Problems found before the first write still answer a plain 400.
      const lines = new PassThrough();
      let started = false;
      const run = importCases(
        app.db,
        principal,
        request.params.id,
        file,
        request.query.mapping,
        (done, total) => {
          if (!started) {
            started = true;
            void reply
              .status(201)
              .type('application/x-ndjson')
              .send(lines as never);
          }
          lines.write(`${JSON.stringify({ done, total })}\n`);
        },
      );
      try {
        const result = await run;
        lines.end(`${JSON.stringify(result)}\n`);
        maintain();
      } catch (error) {
        if (!started) throw error;
        request.log.error({ err: error }, 'case import failed');
        const message = error instanceof Error && 'statusCode' in error ? error.message : 'The import failed';
        lines.end(`${JSON.stringify({ message: `${message}; nothing was imported`, error: true })}\n`);
      }
      return reply;
    },
  );
};
