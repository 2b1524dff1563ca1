import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CycleCompareQuery, CycleComparison } from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { compareCycles } from './cycle-compare-service.ts';

export const cycleCompareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/cycles/compare',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags: ['test cycles'],
        summary:
          'Two cycles of a project side by side: new failures, fixed, still failing, added, removed, duration',
        querystring: CycleCompareQuery,
        response: { 200: CycleComparison },
      },
    },
    (request) => compareCycles(app.db, principalOf(request), request.query.from, request.query.to),
  );
};
