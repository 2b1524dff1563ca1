import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RequirementImportPreview, RequirementImportQuery, RequirementImportResult } from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { CASE_IMPORT_MAX_BYTES } from '../case-import/case-import-limits.ts';
import {
  acceptSpreadsheets,
  answerImport,
  spreadsheetOf,
  spreadsheetRoute,
} from '../case-import/spreadsheet-upload.ts';
import { formatBytes } from '../imports/import-body.ts';
import { importRequirements, previewRequirementImport } from './requirement-import-service.ts';

/**
 * Importing requirements from a CSV or XLSX file (docs/product/requirements.md, "Import").
 * Encapsulated: its body parser (the raw file) applies to these routes alone.
 */
export const requirementImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  acceptSpreadsheets(app);

  const description =
    `The file (at most ${formatBytes(CASE_IMPORT_MAX_BYTES)}) is the body. ?mapping= names what each column ` +
    'fills, in column order, comma-separated (key, title, description, status, parent, external_url, or empty); ' +
    'without it the server maps usual headers (Key, Title, Summary, Status, Parent, URL...). A row whose key the ' +
    'project has updates that requirement; any other row creates one.';

  // What both calls share: who may call them (checked before the file is read), the file and its limit.
  const { options: fileRoute, schema: fileSchema } = spreadsheetRoute(
    app,
    'add_requirement',
    ['requirements'],
    RequirementImportQuery,
  );

  app.post(
    '/api/projects/:id/requirement-imports/preview',
    {
      ...fileRoute,
      schema: {
        ...fileSchema,
        summary:
          'Read a CSV or XLSX file of requirements: its columns, their mapping, the first rows and every problem',
        description,
        response: { 200: RequirementImportPreview },
      },
    },
    (request) =>
      previewRequirementImport(
        app.db,
        principalOf(request),
        request.params.id,
        spreadsheetOf(request),
        request.query.mapping,
      ),
  );

  app.post(
    '/api/projects/:id/requirement-imports',
    {
      ...fileRoute,
      schema: {
        ...fileSchema,
        summary:
          'Import every requirement of a CSV or XLSX file, or none (Accept: application/x-ndjson streams progress)',
        description: `${description} Needs add_requirement, and edit_requirement when the file updates requirements.`,
        response: { 201: RequirementImportResult },
      },
    },
    async (request, reply) => {
      const file = spreadsheetOf(request);
      const principal = principalOf(request);
      await answerImport(
        request,
        reply,
        (progress) =>
          importRequirements(app.db, principal, request.params.id, file, request.query.mapping, progress),
        () => {},
      );
      return reply;
    },
  );
};
