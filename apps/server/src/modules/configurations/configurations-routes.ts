import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConfigurationGroupList,
  ConfigurationGroupMutation,
  CreateConfigurationGroupBody,
  IdParams,
  MessageResponse,
  UpdateConfigurationGroupBody,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { createGroup, deleteGroup, projectGroups, updateGroup } from './configurations-service.ts';

const tags = ['configurations'];

/** docs/product/milestones.md, "Configurations": a project's configuration groups. */
export const configurationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/projects/:id/configuration-groups',
    {
      // Whoever sees the project sees its groups (checked by the service).
      config: { access: 'signed-in', errors: [404] },
      schema: {
        tags,
        summary: "A project's configuration groups, each with its configurations",
        params: IdParams,
        response: { 200: ConfigurationGroupList },
      },
    },
    async (request) => ({ groups: await projectGroups(app.db, principalOf(request), request.params.id) }),
  );

  app.post(
    '/api/projects/:id/configuration-groups',
    {
      config: { access: { project: 'edit_project' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary: 'Add a configuration group with its configurations',
        params: IdParams,
        body: CreateConfigurationGroupBody,
        response: { 201: ConfigurationGroupMutation },
      },
    },
    async (request, reply) => {
      const group = await createGroup(app.db, principalOf(request), request.params.id, request.body);
      return reply.status(201).send({ message: 'Configuration group created', group });
    },
  );

  app.put(
    '/api/configuration-groups/:id',
    {
      config: { access: { project: 'edit_project' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary:
          'Rename a group and set its configurations by name: kept names keep their ids, new ones are added, missing ones removed',
        params: IdParams,
        body: UpdateConfigurationGroupBody,
        response: { 200: ConfigurationGroupMutation },
      },
    },
    async (request) => ({
      message: 'Configuration group saved',
      group: await updateGroup(app.db, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/configuration-groups/:id',
    {
      config: { access: { project: 'edit_project' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Delete a configuration group and its configurations',
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await deleteGroup(app.db, principalOf(request), request.params.id);
      return { message: 'Configuration group deleted' };
    },
  );
};
