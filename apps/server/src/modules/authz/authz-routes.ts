import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EffectivePermissions, EffectivePermissionsQuery, IdParams } from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { effectivePermissions } from './effective-permissions.ts';

export const authzRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/users/:id/effective-permissions',
    {
      // Oneself always; anyone else needs manage_admin_panel and view_admin_home (checked in
      // the service, since a route rule cannot say "or oneself").
      config: { access: 'signed-in', errors: [403, 404] },
      schema: {
        tags: ['users'],
        summary: 'Every permission a user holds, globally or in a project, and where each comes from',
        description:
          'Answers every permission of the permissions table with granted (what the server decides) and ' +
          'the roles that carry it. With projectId: global roles plus the role in that project, and the ' +
          "user's visibility of it (nothing is granted in a project they cannot see). Oneself always; " +
          'others need manage_admin_panel and view_admin_home. A project the caller cannot see answers 404.',
        params: IdParams,
        querystring: EffectivePermissionsQuery,
        response: { 200: EffectivePermissions },
      },
    },
    (request) =>
      effectivePermissions(app.db, principalOf(request), request.params.id, request.query.projectId),
  );
};
