import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponse,
  IdParams,
  ImportResponse,
  JUNIT_CONTENT_TYPES,
  JunitXmlBody,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import {
  decodeReport,
  limitedReportStream,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from './import-body.ts';
import { assertMayImport, importJunitReport } from './import-service.ts';

/**
 * Results from CI. This plugin is encapsulated: its body parsers (XML only, with their own
 * size limit) apply to its routes alone, and every other API keeps its 1 MB JSON bodies.
 */
export const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limit = app.config.importMaxBytes;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [...JUNIT_CONTENT_TYPES],
    { parseAs: 'buffer', bodyLimit: limit },
    (_request, body, done) => {
      try {
        done(null, decodeReport(body as Buffer));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(
      new UnsupportedMediaTypeError('Send the report as XML, with Content-Type: application/xml'),
      undefined,
    );
  });

  app.post(
    '/api/projects/:id/import/junit',
    {
      config: { access: { project: 'import_results' } },
      bodyLimit: limit,
      schema: {
        tags: ['imports'],
        summary: 'Import a JUnit XML report: suites and cases by name, one run per test case',
        description:
          'Needs import_results in the project, add_test_run_in_test_case, and add_test_suit_in_project, ' +
          'add_test_case_in_test_suit or add_test_case_in_test_case when suites, top-level cases or ' +
          'child cases must be created. Skipped test cases are counted, not recorded. All or nothing.',
        consumes: [...JUNIT_CONTENT_TYPES],
        params: IdParams,
        body: JunitXmlBody,
        response: {
          201: ImportResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          413: ErrorResponse,
          415: ErrorResponse,
        },
      },
      // Refuse callers who may not import before reading a body of up to `limit` bytes.
      onRequest: async (request) => {
        const id = Number(request.params.id);
        // Params are not validated yet here: a malformed id is left to the schema (400).
        if (Number.isInteger(id) && id > 0 && id <= 2_147_483_647) {
          await assertMayImport(app.db, principalOf(request), id);
        }
      },
      preParsing: async (request, _reply, payload) => {
        if (Number(request.headers['content-length']) > limit) throw new PayloadTooLargeError(limit);
        return limitedReportStream(payload as Readable, request.headers['content-encoding'], limit);
      },
    },
    async (request, reply) => {
      const result = await importJunitReport(app.db, principalOf(request), request.params.id, request.body);
      return reply.status(201).send(result);
    },
  );
};
