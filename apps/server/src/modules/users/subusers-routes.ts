import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateSubUserBody,
  ErrorResponse,
  IdParams,
  ListQuery,
  SubUserList,
  UpdateSubUserBody,
  UserMutation,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { createSubUser, listSubUsers, updateSubUser } from './subusers-service.ts';

/** Sub-users of the caller's account. Deleting one goes through DELETE /api/users/delete/{id}. */
export const subUsersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/users/list-subusers',
    {
      config: { access: { global: ['manage_sub_users_home'] } },
      schema: {
        tags: ['sub-users'],
        summary: "The sub-users of the caller's account, optionally searched and paged",
        querystring: ListQuery,
        response: { 200: SubUserList, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    (request) => listSubUsers(app.db, principalOf(request), request.query),
  );

  app.post(
    '/api/users/create-subuser',
    {
      config: { access: { global: ['manage_sub_users_add'] }, sessionOnly: true },
      schema: {
        tags: ['sub-users'],
        summary: "Create a sub-user in the caller's account, within its max_user_limit",
        body: CreateSubUserBody,
        response: {
          201: UserMutation,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const user = await createSubUser(app.db, principalOf(request), request.body);
      return reply.status(201).send({ message: 'Sub-user created successfully', user });
    },
  );

  app.put(
    '/api/users/update-subuser/:id',
    {
      config: { access: { global: ['manage_sub_users_edit'] }, sessionOnly: true },
      schema: {
        tags: ['sub-users'],
        summary: "Edit a sub-user of the caller's account",
        params: IdParams,
        body: UpdateSubUserBody,
        response: {
          200: UserMutation,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => ({
      message: 'Sub-user updated successfully',
      user: await updateSubUser(app.db, principalOf(request), request.params.id, request.body, request.ip),
    }),
  );
};
