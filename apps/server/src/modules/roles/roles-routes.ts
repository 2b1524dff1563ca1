import { ErrorResponse, IdParams, Role } from '@verdict/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotFoundError } from '../../lib/errors.ts';
import { findRoleById } from './roles-repository.ts';

export const rolesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/roles/get-role/:id',
    {
      // Any signed-in user: the app needs it to compute permissions (DESIGN §5).
      config: { access: 'signed-in' },
      schema: {
        tags: ['roles'],
        summary: 'One role with its permissions',
        params: IdParams,
        response: { 200: Role, 404: ErrorResponse },
      },
    },
    async (request) => {
      const role = await findRoleById(app.db, request.params.id);
      if (!role) throw new NotFoundError('Role not found');
      return role;
    },
  );
};
