import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponse,
  IdParams,
  ListQuery,
  MessageResponse,
  Role,
  RoleBody,
  RoleList,
  RoleMutation,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles-service.ts';

export const rolesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/roles/list',
    {
      // Any signed-in user: the app fills role pickers and computes permissions (DESIGN §5).
      config: { access: 'signed-in' },
      schema: {
        tags: ['roles'],
        summary: 'Every role with its permissions, optionally searched by name and paged',
        querystring: ListQuery,
        response: { 200: RoleList, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    (request) => listRoles(app.db, request.query),
  );

  app.get(
    '/api/roles/get-role/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['roles'],
        summary: 'One role with its permissions',
        params: IdParams,
        response: { 200: Role, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    (request) => getRole(app.db, request.params.id),
  );

  app.post(
    '/api/roles/create',
    {
      config: { access: { global: ['manage_roles_add'] }, sessionOnly: true },
      schema: {
        tags: ['roles'],
        summary: 'Create a role from permissions the caller holds',
        body: RoleBody,
        response: {
          201: RoleMutation,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const role = await createRole(app.db, principalOf(request), request.body);
      return reply.status(201).send({ message: 'Role created successfully', role });
    },
  );

  app.put(
    '/api/roles/update/:id',
    {
      config: { access: { global: ['manage_roles_edit'] }, sessionOnly: true },
      schema: {
        tags: ['roles'],
        summary: 'Edit a role; only permissions the caller holds can be added',
        params: IdParams,
        body: RoleBody,
        response: {
          200: RoleMutation,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => ({
      message: 'Role updated successfully',
      role: await updateRole(app.db, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/roles/delete/:id',
    {
      config: { access: { global: ['manage_roles_delete'] }, sessionOnly: true },
      schema: {
        tags: ['roles'],
        summary: 'Delete a role that nobody holds',
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
      await deleteRole(app.db, principalOf(request), request.params.id);
      return { message: 'Role deleted successfully' };
    },
  );
};
