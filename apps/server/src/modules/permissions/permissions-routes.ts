import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParams,
  ListQuery,
  MessageResponse,
  Permission,
  PermissionBody,
  PermissionList,
  PermissionMutation,
} from '@verdict/contract';
import { principalOf, sessionOnlyWrite } from '../../plugins/auth.ts';
import {
  createPermission,
  deletePermission,
  getPermission,
  listPermissions,
  updatePermission,
} from './permissions-service.ts';

export const permissionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/permissions/list',
    {
      config: { access: { global: ['manage_permissions_home'] } },
      schema: {
        tags: ['permissions'],
        summary: 'Every permission, optionally searched by name and paged',
        querystring: ListQuery,
        response: { 200: PermissionList },
      },
    },
    (request) => listPermissions(app.db, request.query),
  );

  app.get(
    '/api/permissions/get/:id',
    {
      // The edit screen loads the permission, so its editors may read it too.
      config: { access: { global: ['manage_permissions_home', 'manage_permissions_edit'] }, errors: [404] },
      schema: {
        tags: ['permissions'],
        summary: 'One permission',
        params: IdParams,
        response: { 200: Permission },
      },
    },
    (request) => getPermission(app.db, request.params.id),
  );

  app.post(
    '/api/permissions/create',
    {
      config: sessionOnlyWrite({ global: ['manage_permissions_add'] }, [409]),
      schema: {
        tags: ['permissions'],
        summary: 'Create a permission (also granted to the Administrator role)',
        body: PermissionBody,
        response: { 201: PermissionMutation },
      },
    },
    async (request, reply) => {
      const permission = await createPermission(app.db, principalOf(request), request.body);
      return reply.status(201).send({ message: 'Permission created successfully', permission });
    },
  );

  app.put(
    '/api/permissions/update/:id',
    {
      config: sessionOnlyWrite({ global: ['manage_permissions_edit'] }, [404, 409]),
      schema: {
        tags: ['permissions'],
        summary: 'Rename or describe a permission (built-in ones keep their name)',
        params: IdParams,
        body: PermissionBody,
        response: { 200: PermissionMutation },
      },
    },
    async (request) => ({
      message: 'Permission updated successfully',
      permission: await updatePermission(app.db, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/permissions/delete/:id',
    {
      config: sessionOnlyWrite({ global: ['manage_permissions_delete'] }, [404, 409]),
      schema: {
        tags: ['permissions'],
        summary: 'Delete a permission that is not built in',
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await deletePermission(app.db, principalOf(request), request.params.id);
      return { message: 'Permission deleted successfully' };
    },
  );
};
