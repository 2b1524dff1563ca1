import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BranchGate,
  BranchGateQuery,
  CycleRenames,
  IdParams,
  ImportQuery,
  ImportResponse,
  JUNIT_CONTENT_TYPES,
  JunitXmlBody,
  RESULTS_CONTENT_TYPES,
  ResultsImportQuery,
  ResultsReportBody,
} from '@verdict/contract';
import type { FastifyRequest } from 'fastify';
import { plainId } from '../../lib/validation.ts';
import { principalOf } from '../../plugins/auth.ts';
import { limitedReportStream, PayloadTooLargeError, UnsupportedMediaTypeError } from './import-body.ts';
import {
  assertMayImport,
  cycleRenames,
  importJunitReport,
  importReport,
  latestBranchGate,
} from './import-service.ts';
import { detectFormat, readerOf } from './report-formats/formats.ts';

/** The body stream of each import request, read by the handler. */
const reportBodies = new WeakMap<FastifyRequest, Readable>();

/**
 * Results from CI. This plugin is encapsulated: its body parsers (XML only, with their own
 * size limit) apply to its routes alone, and every other API keeps its 1 MB JSON bodies.
 */
export const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limit = app.config.importMaxBytes;
  // The bounds of the files a report carries for its tests (import-evidence.ts): those of any upload.
  const evidence = { maxBytes: app.config.attachmentMaxBytes, quotaBytes: app.config.attachmentQuotaBytes };

  app.removeAllContentTypeParsers();
  // The report is not read here but by the handler, as its bytes arrive (junit-reader.ts), so
  // it is never held whole and a report past a limit is refused before the rest is read. The
  // body stands for it as an empty string, which the schema (documenting the XML) accepts.
  app.addContentTypeParser([...RESULTS_CONTENT_TYPES], (request, payload, done) => {
    reportBodies.set(request, payload as Readable);
    done(null, '');
  });
  // A report refused before its end leaves the rest of the body unread: it is discarded rather
  // than parsed, and the connection closes after the answer.
  app.addHook('onSend', async (request, reply) => {
    const body = reportBodies.get(request);
    if (!body || body.readableEnded) return;
    reply.header('connection', 'close');
    body.destroy();
    request.raw.unpipe();
    request.raw.resume();
  });
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(
      new UnsupportedMediaTypeError('Send the report as XML, with Content-Type: application/xml'),
      undefined,
    );
  });

  /** What both imports do before the handler: the caller's right to import, then the body's bounds. */
  const reportHooks = {
    // Refuse callers who may not import before reading a body of up to `limit` bytes.
    onRequest: async (request: FastifyRequest) => {
      // Params are not validated yet here: a malformed id is left to the schema (400).
      const id = plainId((request.params as { id?: unknown }).id);
      if (id !== null) await assertMayImport(app.db, principalOf(request), id);
    },
    preParsing: async (request: FastifyRequest, _reply: unknown, payload: unknown) => {
      if (Number(request.headers['content-length']) > limit) throw new PayloadTooLargeError(limit);
      return limitedReportStream(payload as Readable, request.headers['content-encoding'], limit);
    },
  };

  app.get(
    '/api/cycles/:id/renames',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags: ['imports'],
        summary: "The tests an import's cycle looks to have renamed (empty for other cycles)",
        description:
          "A case of the branch's previous import that this cycle has not, beside a case first seen in this cycle in the " +
          'same suite and parent with a similar name. POST /api/test-cases/{to.id}/merge {from_case_id: from.id} keeps the history.',
        params: IdParams,
        response: { 200: CycleRenames },
      },
    },
    (request) => cycleRenames(app.db, principalOf(request), request.params.id),
  );

  app.get(
    '/api/projects/:id/gate',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags: ['imports'],
        summary: "A branch's latest import and its CI gate, read now",
        description:
          'The newest import cycle on `branch` (`branch=` for imports that named none) and its gate: new, still ' +
          "failing, flaky, quarantined and fixed failures against the import before it, with today's quarantines " +
          'and flakiness; both null before the branch has an import.',
        params: IdParams,
        querystring: BranchGateQuery,
        response: { 200: BranchGate },
      },
    },
    (request) => latestBranchGate(app.db, principalOf(request), request.params.id, request.query.branch),
  );

  app.post(
    '/api/projects/:id/import/junit',
    {
      // Suites, cases and runs only: nothing a cached answer about access depends on.
      config: {
        access: { project: 'import_results' },
        authCache: 'keeps',
        weighted: true,
        errors: [404, 413, 415],
      },
      bodyLimit: limit,
      schema: {
        tags: ['imports'],
        summary: 'Import a JUnit XML report: suites and cases by name, one run per test case',
        description:
          'Needs import_results in the project, add_test_run_in_test_case, and add_test_suit_in_project, ' +
          'add_test_case_in_test_suit or add_test_case_in_test_case when suites, top-level cases or ' +
          'child cases must be created. Skipped test cases record no run. Each import that holds a test case ' +
          'creates a test cycle (source import; name and CI facts from the query). All or nothing.',
        consumes: [...JUNIT_CONTENT_TYPES],
        params: IdParams,
        querystring: ImportQuery,
        body: JunitXmlBody,
        response: { 201: ImportResponse },
      },
      ...reportHooks,
    },
    async (request, reply) => {
      const body = reportBodies.get(request);
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!body || !(JUNIT_CONTENT_TYPES as readonly string[]).includes(type))
        throw new UnsupportedMediaTypeError('Send the report as XML, with Content-Type: application/xml');
      const result = await importJunitReport(
        app.db,
        principalOf(request),
        request.params.id,
        body,
        request.query,
        { evidence },
      );
      // An import is a bulk write: the embedded database refreshes its statistics now rather than
      // at its next look (docs/performance.md, "The embedded database under real use").
      app.database.maintain?.().catch((error) => request.log.warn({ err: error }, 'maintenance failed'));
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/projects/:id/import/results',
    {
      config: {
        access: { project: 'import_results' },
        authCache: 'keeps',
        weighted: true,
        errors: [404, 413, 415],
      },
      bodyLimit: limit,
      schema: {
        tags: ['imports'],
        summary:
          'Import a test report of any common format: suites and cases by name or key, one run per test',
        description:
          'Reads JUnit XML, Playwright JSON, Cucumber JSON, TRX, NUnit 3, TestNG, xUnit.net v2 or an Allure results ' +
          'zip, detected from the report or named by ?format=. A test that names its case ([C123] or @C123 in its ' +
          'title, a verdict_case_id property, a Playwright annotation {type: "verdict"}) lands on that case. ' +
          'Retries are results of the same item. Permissions and the answer are those of the JUnit import. Files the ' +
          'report names for its tests are evidence: those it carries are stored on their results, those named by a ' +
          'path are listed in evidence_uploads for the uploader (POST /api/cycle-results/{id}/evidence).',
        consumes: [...RESULTS_CONTENT_TYPES],
        params: IdParams,
        querystring: ResultsImportQuery,
        body: ResultsReportBody,
        response: { 201: ImportResponse },
      },
      ...reportHooks,
    },
    async (request, reply) => {
      const stream = reportBodies.get(request);
      if (!stream) {
        throw new UnsupportedMediaTypeError(
          'Send the report as XML, JSON or a zip, with Content-Type: application/xml, application/json or application/zip',
        );
      }
      const { format: named, ...query } = request.query;
      const { format, body } = await detectFormat(stream, named);
      const read = readerOf(format);
      const result = await importReport(
        app.db,
        principalOf(request),
        request.params.id,
        (onCase) => read(body, onCase, { maxBytes: limit }),
        query,
        { renames: true, evidence },
      );
      app.database.maintain?.().catch((error) => request.log.warn({ err: error }, 'maintenance failed'));
      return reply.status(201).send({ ...result, format });
    },
  );
};
