import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponse, ReadyResponse } from '@verdict/contract';
import { journalMigrations, missingMigrations } from '../../db/migration-status.ts';
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

  // Read once: the migrations folder belongs to this version and does not change while it runs.
  const expected = journalMigrations();
  app.get(
    '/api/ready',
    {
      config: { access: 'public', errors: [503] },
      schema: {
        tags: ['health'],
        summary:
          'Answers 200 when the database answers and has applied every migration of this version, 503 saying which is not',
        response: { 200: ReadyResponse },
      },
    },
    async () => {
      if (!(await app.database.isAvailable())) {
        throw new ServiceUnavailableError('Not ready: the database is not available');
      }
      const missing = await missingMigrations(app.db, expected).catch(() => {
        throw new ServiceUnavailableError('Not ready: the database did not answer');
      });
      if (missing.length > 0) {
        const count = missing.length === 1 ? '1 migration is' : `${missing.length} migrations are`;
        throw new ServiceUnavailableError(`Not ready: ${count} not applied yet (${missing.join(', ')})`);
      }
      return { status: 'ready' as const };
    },
  );
};
