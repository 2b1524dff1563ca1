import { ErrorResponse, IdParams, User } from '@verdict/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { principalOf } from '../../plugins/auth.ts';
import { getUser } from './users-service.ts';

export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/users/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'One user (always allowed for oneself)',
        params: IdParams,
        response: { 200: User, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    (request) => getUser(app.db, principalOf(request), request.params.id),
  );
};
