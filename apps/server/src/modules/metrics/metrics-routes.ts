import { MetricsText } from '@verdict/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectProcessMetrics, processRegistry } from '../../lib/process-metrics.ts';
import { createAppMetrics } from './app-metrics.ts';
import { checkMetricsAccess } from './metrics-access.ts';

const tags = ['operations'];

/**
 * GET /api/metrics (docs/product/operations.md). Wrapped with fastify-plugin, so its request hooks
 * count every route; registered before the routes.
 */
export const metricsRoutes = fp(async (app: FastifyInstance) => {
  collectProcessMetrics();
  const metrics = createAppMetrics(app);

  app.get(
    '/api/metrics',
    {
      config: { access: 'public', errors: [401, 403] },
      schema: {
        tags,
        summary: 'Figures of the server in the Prometheus text format',
        description:
          'Requests per route pattern and status, database statement timings and connections, event-loop ' +
          'delay, memory, imports and the webhook queue. With METRICS_TOKEN set, needs ' +
          '`Authorization: Bearer <METRICS_TOKEN>` (401 without it or with another); without it, answers only ' +
          'direct callers on this machine (403 for others).',
        produces: ['text/plain'],
        response: { 200: MetricsText },
      },
      onRequest: async (request) => checkMetricsAccess(request, app.config.metricsToken),
    },
    async (_request, reply) => {
      await metrics.refresh();
      const text = (await processRegistry.metrics()) + (await metrics.registry.metrics());
      return reply.type(processRegistry.contentType).header('Cache-Control', 'no-store').send(text);
    },
  );
});
