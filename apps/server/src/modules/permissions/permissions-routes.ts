import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponse,
  IdParams,
  ListQuery,
  MessageResponse,
  Permission,
  PermissionBody,
  PermissionList,
  PermissionMutation,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
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
        response: { 200: PermissionList, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    (request) => listPermissions(app.db, request.query),
  );

  app.get(
    '/api/permissions/get/:id',
    {
      // The edit screen loads the permission, so its editors may read it too.
      config: { access: { global: ['manage_permissions_home', 'manage_permissions_edit'] } },
      schema: {
        tags: ['permissions'],
        summary: 'One permission',
        params: IdParams,
        response: {
          200: Permission,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    (request) => getPermission(app.db, request.params.id),
  );

  app.post(
    '/api/permissions/create',
    {
      config: { access: { global: ['manage_permissions_add'] }, sessionOnly: true },
      schema: {
        tags: ['permissions'],
        summary: 'Create a permission (also granted to the Administrator role)',
        body: PermissionBody,
        response: {
          201: PermissionMutation,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          409: ErrorResponse,
        },
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
      config: { access: { global: ['manage_permissions_edit'] }, sessionOnly: true },
      schema: {
        tags: ['permissions'],
        summary: 'Rename or describe a permission (built-in ones keep their name)',
        params: IdParams,
        body: PermissionBody,
        response: {
          200: PermissionMutation,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
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
      config: { access: { global: ['manage_permissions_delete'] }, sessionOnly: true },
      schema: {
        tags: ['permissions'],
        summary: 'Delete a permission that is not built in',
        params: IdParams,
        response: {
          200: MessageResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => {
      await deletePermission(app.db, principalOf(request), request.params.id);
      return { message: 'Permission deleted successfully' };
    },
  );
};
