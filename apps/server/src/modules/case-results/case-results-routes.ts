import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CaseResultsPage, CaseResultsQuery, IdParams } from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { caseResults } from './case-results-service.ts';

export const caseResultsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/test-cases/:id/results',
    {
      config: { access: { project: 'home_test_run' }, errors: [404] },
      schema: {
        tags: ['test runs'],
        summary:
          "A test case's results from every source (test runs, cycles, imports), newest first, a page at a time",
        params: IdParams,
        querystring: CaseResultsQuery,
        response: { 200: CaseResultsPage },
      },
    },
    (request) => caseResults(app.db, principalOf(request), request.params.id, request.query),
  );
};
