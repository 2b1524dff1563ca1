import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateUserBody,
  EditUserBody,
  ErrorResponse,
  IdParams,
  ListQuery,
  MessageResponse,
  StatusCount,
  User,
  UserList,
  UserMutation,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { subUsersRoutes } from './subusers-routes.ts';
import { createUser, deleteUser, editUser, getStatusCount, getUser, listUsers } from './users-service.ts';

export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(subUsersRoutes);

  app.get(
    '/api/users/status-count',
    {
      config: { access: { global: ['manage_admin_panel'] } },
      schema: {
        tags: ['users'],
        summary: 'How many users are active and inactive',
        response: { 200: StatusCount, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    () => getStatusCount(app.db),
  );

  app.get(
    '/api/users/list',
    {
      // view_admin_home, or add_user_in_project globally or in any project: checked by the service.
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'Every user, optionally searched by username or email and paged',
        querystring: ListQuery,
        response: { 200: UserList, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    (request) => listUsers(app.db, principalOf(request), request.query),
  );

  app.post(
    '/api/users/create',
    {
      config: { access: { global: ['add_admin_home'] }, sessionOnly: true },
      schema: {
        tags: ['users'],
        summary: 'Create a top-level user with roles the caller could hold',
        body: CreateUserBody,
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
      const user = await createUser(app.db, principalOf(request), request.body);
      return reply.status(201).send({ message: 'User created successfully', user });
    },
  );

  app.put(
    '/api/users/edit/:id',
    {
      config: { access: { global: ['edit_admin_home'] }, sessionOnly: true },
      schema: {
        tags: ['users'],
        summary: 'Edit a user; a new password or email, or deactivation, ends their sessions and API tokens',
        params: IdParams,
        body: EditUserBody,
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
      message: 'User updated successfully',
      user: await editUser(app.db, principalOf(request), request.params.id, request.body, request.ip),
    }),
  );

  app.delete(
    '/api/users/delete/:id',
    {
      // delete_admin_home for anyone, manage_sub_users_delete for the caller's sub-users.
      config: { access: { global: ['delete_admin_home', 'manage_sub_users_delete'] }, sessionOnly: true },
      schema: {
        tags: ['users'],
        summary: 'Delete a user or sub-user that has no sub-users of its own',
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
      await deleteUser(app.db, principalOf(request), request.params.id);
      return { message: 'User deleted successfully' };
    },
  );

  app.get(
    '/api/users/:id',
    {
      // Oneself always; others by the rules in assertCanSeeUser.
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'One user (always allowed for oneself)',
        params: IdParams,
        response: {
          200: User,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    (request) => getUser(app.db, principalOf(request), request.params.id),
  );
};
