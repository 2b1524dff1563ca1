import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Cycle,
  IdParams,
  LIVE_RUN_BATCH_MAX,
  LIVE_RUN_BODY_MAX_BYTES,
  LiveFinishBody,
  LiveFinishResponse,
  LiveResultsBody,
  LiveResultsResponse,
  LiveRunBody,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { addLiveResults, finishLiveRun, openLiveRun } from './live-run-service.ts';

/**
 * Live runs (docs/product/live-runs.md): what @verdict/playwright-reporter and
 * @verdict/vitest-reporter call while a test run goes. JSON bodies, apart from the report import's
 * XML-only plugin.
 */
export const liveRunRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = { liveRunTimeoutMinutes: app.config.liveRunTimeoutMinutes };
  const tags = ['imports'];

  app.post(
    '/api/projects/:id/live-runs',
    {
      config: { access: { project: 'import_results' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Open a live run: an empty import cycle that a test reporter fills as tests finish',
        description:
          "Needs import_results. The cycle (source import) is named by `name`, else 'Live run' and the time, and " +
          'carries the CI facts; its `live` says running, stopped (no result for LIVE_RUN_TIMEOUT minutes) or finished.',
        params: IdParams,
        body: LiveRunBody,
        response: { 201: Cycle },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await openLiveRun(app.db, principalOf(request), request.params.id, request.body, settings)),
  );

  app.post(
    '/api/live-runs/:id/results',
    {
      config: {
        access: { project: 'import_results' },
        authCache: 'keeps',
        weighted: true,
        errors: [403, 404, 409, 413],
      },
      bodyLimit: LIVE_RUN_BODY_MAX_BYTES,
      schema: {
        tags,
        summary: "Add a batch of results to the caller's open live run",
        description:
          `At most ${LIVE_RUN_BATCH_MAX} results and ${LIVE_RUN_BODY_MAX_BYTES / 1024 / 1024} MB a batch. Each test is ` +
          'matched to a case as the results import matches it (case_key, else suite, path and name; missing suites ' +
          'and cases created, with the permissions the import needs). Only the user who opened the run may add to it ' +
          "(403 not_your_import); a finished run's cycle is closed (409 cycle_closed). Answers the results' ids in " +
          'the order sent, for POST /api/cycle-results/{id}/evidence.',
        params: IdParams,
        body: LiveResultsBody,
        response: { 200: LiveResultsResponse },
      },
    },
    (request) => addLiveResults(app.db, principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/live-runs/:id/finish',
    {
      config: { access: { project: 'import_results' }, authCache: 'keeps', errors: [403, 404, 409] },
      schema: {
        tags,
        summary: "Finish the caller's live run: its cycle closed, with its counts and CI gate",
        description:
          'CI facts given here replace those the run opened with. The gate compares the run with the previous import ' +
          'of its branch, as an import does (docs/product/ci-gate.md).',
        params: IdParams,
        body: LiveFinishBody,
        response: { 200: LiveFinishResponse },
      },
    },
    (request) => finishLiveRun(app.db, principalOf(request), request.params.id, request.body, settings),
  );
};
