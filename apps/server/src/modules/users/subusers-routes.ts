import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateSubUserBody,
  IdParams,
  ListQuery,
  SubUserList,
  UpdateSubUserBody,
  UserMutation,
} from '@verdict/contract';
import { principalOf, sessionOnlyWrite } from '../../plugins/auth.ts';
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
        response: { 200: SubUserList },
      },
    },
    (request) => listSubUsers(app.db, principalOf(request), request.query),
  );

  app.post(
    '/api/users/create-subuser',
    {
      config: sessionOnlyWrite({ global: ['manage_sub_users_add'] }, [409]),
      schema: {
        tags: ['sub-users'],
        summary: "Create a sub-user in the caller's account, within its max_user_limit",
        body: CreateSubUserBody,
        response: { 201: UserMutation },
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
      // 429: changing one's own password counts a wrong current one as a failed sign-in.
      config: sessionOnlyWrite({ global: ['manage_sub_users_edit'] }, [404, 409, 429]),
      schema: {
        tags: ['sub-users'],
        summary: "Edit a sub-user of the caller's account",
        params: IdParams,
        body: UpdateSubUserBody,
        response: { 200: UserMutation },
      },
    },
    async (request) => ({
      message: 'Sub-user updated successfully',
      user: await updateSubUser(app.db, principalOf(request), request.params.id, request.body, request.ip),
    }),
  );
};
