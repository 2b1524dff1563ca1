import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CycleTrend, IdParams, ReportBranches, ReportQuery, TestReport } from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { branches, tests, trend } from './reports-service.ts';

/** The routes of a project's reports; reports-service.ts says who sees them and what they read. */

const tags = ['reports'];
const access = { project: 'home_test_cycle' } as const;

export const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/projects/:id/reports/branches',
    {
      config: { access, errors: [404] },
      schema: {
        tags,
        summary: "The branches of a project's cycles, newest activity first, and its default branch",
        params: IdParams,
        response: { 200: ReportBranches },
      },
    },
    (request) => branches(app.db, principalOf(request), request.params.id),
  );

  app.get(
    '/api/projects/:id/reports/cycles',
    {
      config: { access, errors: [404] },
      schema: {
        tags,
        summary:
          'The newest 50 cycles (of a branch): counts, pass rate, duration and flaky count, oldest first',
        params: IdParams,
        querystring: ReportQuery,
        response: { 200: CycleTrend },
      },
    },
    (request) => trend(app.db, principalOf(request), request.params.id, request.query.branch),
  );

  for (const [path, ranking, summary] of [
    ['slowest-tests', 'slowest', 'The 20 slowest tests (of a branch), by mean duration'],
    ['failing-tests', 'failing', 'The 20 most often failing tests (of a branch)'],
  ] as const) {
    app.get(
      `/api/projects/:id/reports/${path}`,
      {
        config: { access, errors: [404] },
        schema: { tags, summary, params: IdParams, querystring: ReportQuery, response: { 200: TestReport } },
      },
      (request) => tests(app.db, principalOf(request), request.params.id, request.query.branch, ranking),
    );
  }
};
