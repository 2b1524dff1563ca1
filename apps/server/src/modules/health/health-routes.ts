import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponse } from '@verdict/contract';
import { ServiceUnavailableError } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public', errors: [503] },
      schema: {
        tags: ['health'],
        summary: 'Answers 200 when the database answers, 503 otherwise',
        response: { 200: HealthResponse },
      },
    },
    async () => {
      if (await app.database.isAvailable()) return { status: 'ok' };
      throw new ServiceUnavailableError('The database is not available');
    },
  );
};
