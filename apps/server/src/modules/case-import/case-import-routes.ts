import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CaseImportPreview, CaseImportQuery, CaseImportResult } from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { formatBytes } from '../imports/import-body.ts';
import { CASE_IMPORT_MAX_BYTES } from './case-import-limits.ts';
import { importCases, previewImport } from './case-import-service.ts';
import { acceptSpreadsheets, answerImport, spreadsheetOf, spreadsheetRoute } from './spreadsheet-upload.ts';

/**
 * Importing cases from a CSV or XLSX file (docs/product/case-import.md). Encapsulated: its body
 * parser (the raw file, up to CASE_IMPORT_MAX_BYTES) applies to these routes alone.
 */
export const caseImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  acceptSpreadsheets(app);

  const description =
    `The file (at most ${formatBytes(CASE_IMPORT_MAX_BYTES)}) is the body. ?mapping= names what each column ` +
    'fills, in column order, comma-separated (name, description, preconditions, steps, expected_results, priority, ' +
    'tags, suite, id, parent_id, field:<id>, or empty); without it the server recognises TestRail and Verdict ' +
    'exports and usual headers.';

  // What both calls share: who may call them (checked before the file is read), the file and its limit.
  const { options: fileRoute, schema: fileSchema } = spreadsheetRoute(
    app,
    'add_test_case_in_project',
    ['test cases'],
    CaseImportQuery,
  );

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
