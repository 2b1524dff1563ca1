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
import { formatBytes } from '../imports/import-body.ts';
import { CASE_IMPORT_MAX_BYTES } from './case-import-limits.ts';
import { importCases, previewImport } from './case-import-service.ts';
import { acceptSpreadsheets, answerImport, spreadsheetOf } from './spreadsheet-upload.ts';

/**
 * Importing cases from a CSV or XLSX file (docs/product/case-import.md). Encapsulated: its body
 * parser (the raw file, up to CASE_IMPORT_MAX_BYTES) applies to these routes alone.
 */
export const caseImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  acceptSpreadsheets(app);

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
      weighted: true,
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
      previewImport(
        app.db,
        principalOf(request),
        request.params.id,
        spreadsheetOf(request),
        request.query.mapping,
      ),
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
      const file = spreadsheetOf(request);
      const principal = principalOf(request);
      await answerImport(
        request,
        reply,
        (progress) =>
          importCases(app.db, principal, request.params.id, file, request.query.mapping, progress),
        () =>
          void app.database
            .maintain?.()
            .catch((error) => request.log.warn({ err: error }, 'maintenance failed')),
      );
      return reply;
    },
  );
};
