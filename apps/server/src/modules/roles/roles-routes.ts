import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParams,
  ListQuery,
  MessageResponse,
  Role,
  RoleBody,
  RoleList,
  RoleMutation,
} from '@verdict/contract';
import { principalOf, sessionOnlyWrite } from '../../plugins/auth.ts';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles-service.ts';

export const rolesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/roles/list',
    {
      // Any signed-in user: the app fills role pickers and computes permissions
      // (docs/product/roles-and-permissions.md, "The calls").
      config: { access: 'signed-in' },
      schema: {
        tags: ['roles'],
        summary: 'Every role with its permissions, optionally searched by name and paged',
        querystring: ListQuery,
        response: { 200: RoleList },
      },
    },
    (request) => listRoles(app.db, request.query),
  );

  app.get(
    '/api/roles/get-role/:id',
    {
      config: { access: 'signed-in', errors: [404] },
      schema: {
        tags: ['roles'],
        summary: 'One role with its permissions',
        params: IdParams,
        response: { 200: Role },
      },
    },
    (request) => getRole(app.db, request.params.id),
  );

  app.post(
    '/api/roles/create',
    {
      config: sessionOnlyWrite({ global: ['manage_roles_add'] }, [409]),
      schema: {
        tags: ['roles'],
        summary: 'Create a role from permissions the caller holds',
        body: RoleBody,
        response: { 201: RoleMutation },
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
      config: sessionOnlyWrite({ global: ['manage_roles_edit'] }, [404, 409]),
      schema: {
        tags: ['roles'],
        summary: 'Edit a role; only permissions the caller holds can be added',
        params: IdParams,
        body: RoleBody,
        response: { 200: RoleMutation },
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
      config: sessionOnlyWrite({ global: ['manage_roles_delete'] }, [404, 409]),
      schema: {
        tags: ['roles'],
        summary: 'Delete a role that nobody holds',
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await deleteRole(app.db, principalOf(request), request.params.id);
      return { message: 'Role deleted successfully' };
    },
  );
};
