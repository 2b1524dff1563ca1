import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateUserBody,
  EditUserBody,
  IdParams,
  ListQuery,
  MessageResponse,
  StatusCount,
  User,
  UserList,
  UserMutation,
  UserTotpResetBody,
} from '@verdict/contract';
import { principalOf, sessionOnlyWrite } from '../../plugins/auth.ts';
import { subUsersRoutes } from './subusers-routes.ts';
import {
  createUser,
  deleteUser,
  editUser,
  getStatusCount,
  getUser,
  listUsers,
  resetTwoFactor,
} from './users-service.ts';

export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(subUsersRoutes);

  app.get(
    '/api/users/status-count',
    {
      config: { access: { global: ['manage_admin_panel'] } },
      schema: {
        tags: ['users'],
        summary: 'How many users are active and inactive',
        response: { 200: StatusCount },
      },
    },
    () => getStatusCount(app.db),
  );

  app.get(
    '/api/users/list',
    {
      // view_admin_home, or add_user_in_project globally or in any project: checked by the service.
      config: { access: 'signed-in', errors: [403] },
      schema: {
        tags: ['users'],
        summary: 'Every user, optionally searched by username or email and paged',
        querystring: ListQuery,
        response: { 200: UserList },
      },
    },
    (request) => listUsers(app.db, principalOf(request), request.query),
  );

  app.post(
    '/api/users/create',
    {
      config: sessionOnlyWrite({ global: ['add_admin_home'] }, [409]),
      schema: {
        tags: ['users'],
        summary: 'Create a top-level user with roles the caller could hold',
        body: CreateUserBody,
        response: { 201: UserMutation },
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
      // 429: changing one's own password counts a wrong current one as a failed sign-in.
      config: sessionOnlyWrite({ global: ['edit_admin_home'] }, [404, 409, 429]),
      schema: {
        tags: ['users'],
        summary: 'Edit a user; a new password or email, or deactivation, ends their sessions and API tokens',
        params: IdParams,
        body: EditUserBody,
        response: { 200: UserMutation },
      },
    },
    async (request) => ({
      message: 'User updated successfully',
      user: await editUser(app.db, principalOf(request), request.params.id, request.body, request.ip),
    }),
  );

  app.delete(
    '/api/users/:id/totp',
    {
      // Whoever may change the user (edit_admin_home and every permission they hold); for one's
      // own, the current password too (429: its lockout).
      config: sessionOnlyWrite({ global: ['edit_admin_home'] }, [404, 409, 429]),
      schema: {
        tags: ['users'],
        summary: "Turn off a user's two-factor authentication (a lost authenticator app)",
        description:
          "Someone else's takes no body. One's own needs the current password, {password}, with the same " +
          'answers as POST /api/auth/totp/disable.',
        params: IdParams,
        body: UserTotpResetBody,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await resetTwoFactor(app.db, app.config.signIn, principalOf(request), request.params.id, {
        password: request.body?.password,
        ip: request.ip,
      });
      return { message: 'Two-factor authentication turned off' };
    },
  );

  app.delete(
    '/api/users/delete/:id',
    {
      // delete_admin_home for anyone, manage_sub_users_delete for the caller's sub-users.
      config: sessionOnlyWrite({ global: ['delete_admin_home', 'manage_sub_users_delete'] }, [404, 409]),
      schema: {
        tags: ['users'],
        summary: 'Delete a user or sub-user that has no sub-users of its own',
        params: IdParams,
        response: { 200: MessageResponse },
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
      config: { access: 'signed-in', errors: [403, 404] },
      schema: {
        tags: ['users'],
        summary: 'One user (always allowed for oneself)',
        params: IdParams,
        response: { 200: User },
      },
    },
    (request) => getUser(app.db, principalOf(request), request.params.id),
  );
};
