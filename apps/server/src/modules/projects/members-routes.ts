import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddMemberBody,
  ChangeRoleBody,
  MemberMutation,
  MemberParams,
  MessageResponse,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { addMember, changeMemberRole, removeMember } from './members-service.ts';

const tags = ['project members'];

export const membersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/projects/add-user',
    {
      config: { access: { project: 'add_user_in_project' }, authCache: 'invalidates', errors: [404, 409] },
      schema: {
        tags,
        summary: 'Make a user a member of a project with a role (no escalation)',
        body: AddMemberBody,
        response: { 201: MemberMutation },
      },
    },
    async (request, reply) => {
      const member = await addMember(app.db, principalOf(request), request.body);
      return reply.status(201).send({ message: 'User added to project successfully', member });
    },
  );

  app.put(
    '/api/projects/:id/user/:userId/change-role',
    {
      config: { access: { project: 'change_user_role_in_project' }, authCache: 'invalidates', errors: [404] },
      schema: {
        tags,
        summary: "Change a member's role (no escalation); body ids must match the path",
        params: MemberParams,
        body: ChangeRoleBody,
        response: { 200: MemberMutation },
      },
    },
    async (request) => {
      const member = await changeMemberRole(app.db, principalOf(request), request.params, request.body);
      return { message: 'Role changed successfully', member };
    },
  );

  app.delete(
    '/api/projects/:id/user/:userId/remove',
    {
      config: { access: { project: 'remove_user_from_project' }, authCache: 'invalidates', errors: [404] },
      schema: {
        tags,
        summary: 'Remove a member from a project',
        params: MemberParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await removeMember(app.db, principalOf(request), request.params);
      return { message: 'User removed from project successfully' };
    },
  );
};
