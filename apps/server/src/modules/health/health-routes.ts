import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, HealthResponse } from '@verdict/contract';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Answers 200 when the database answers, 503 otherwise',
        response: { 200: HealthResponse, 503: ErrorResponse },
      },
    },
    async (_request, reply) => {
      if (await app.database.isAvailable()) return { status: 'ok' };
      return reply.status(503).send({ message: 'The database is not available' });
    },
  );
};
