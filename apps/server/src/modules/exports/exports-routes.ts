import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '@verdict/contract';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { principalOf } from '../../plugins/auth.ts';
import { type CsvDownload, exportCaseRuns, exportProjectCases } from './exports-service.ts';

const tags = ['exports'];
const csv = Type.String({
  description: 'CSV (RFC 4180): UTF-8, comma-separated, CRLF line ends, a header row',
});
const response = { 200: csv };

/** A download: streamed (Fastify pipes the stream, with backpressure), never cached. */
function sendCsv(reply: FastifyReply, download: CsvDownload) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${download.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(download.stream);
}

export const exportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/projects/:id/export/cases.csv',
    {
      config: { access: { project: 'export_project' }, errors: [404] },
      schema: {
        tags,
        summary: "A project's cases as CSV",
        description:
          'Columns: id, parent_id, suite, path (case names from the top level down, joined with " / "), ' +
          'name, description, latest_status, rollup, then the content: preconditions, priority, tags, steps, ' +
          'expected_results (numbered lines, shared steps written out), shared_steps ("1-2: Sign in; 5: Add to cart"), ' +
          'parameters (a pipe table, the names first), and one column per custom field. Ordered by id, so a parent ' +
          'comes before its children. ' +
          'Needs export_project in the project; a project the caller cannot see answers 404.',
        produces: ['text/csv'],
        params: IdParams,
        response,
      },
    },
    async (request, reply) =>
      sendCsv(reply, await exportProjectCases(app.db, principalOf(request), request.params.id)),
  );

  app.get(
    '/api/test-cases/:id/export/runs.csv',
    {
      config: { access: { project: 'export_project' }, errors: [404] },
      schema: {
        tags,
        summary: "A case's runs as CSV",
        description:
          'Columns: id, status, executed_by, executor (username, empty once the user is deleted), created_at ' +
          '(ISO 8601). Oldest first. Needs export_project in the case project; a hidden case answers 404.',
        produces: ['text/csv'],
        params: IdParams,
        response,
      },
    },
    async (request, reply) =>
      sendCsv(reply, await exportCaseRuns(app.db, principalOf(request), request.params.id)),
  );
};
