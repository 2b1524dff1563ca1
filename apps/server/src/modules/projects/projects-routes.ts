import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParams,
  ListQuery,
  MessageResponse,
  ProjectBody,
  ProjectCount,
  ProjectDetail,
  ProjectList,
  ProjectMutation,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { membersRoutes } from './members-routes.ts';
import {
  countProjects,
  createProject,
  deleteProject,
  getProjectDetail,
  listProjects,
  updateProject,
} from './projects-service.ts';

const tags = ['projects'];

export const projectsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/projects/list',
    {
      // Visibility is the filter: each user lists only the projects they see.
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Projects the caller sees, by id',
        querystring: ListQuery,
        response: { 200: ProjectList },
      },
    },
    (request) => listProjects(app.db, principalOf(request), request.query),
  );

  app.get(
    '/api/projects/count',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Number of projects the caller sees', response: { 200: ProjectCount } },
    },
    (request) => countProjects(app.db, principalOf(request)),
  );

  app.get(
    '/api/projects/detail/:id',
    {
      config: { access: 'signed-in', errors: [404] },
      schema: {
        tags,
        summary: 'A visible project; members only with users_in_project there',
        params: IdParams,
        response: { 200: ProjectDetail },
      },
    },
    (request) => getProjectDetail(app.db, principalOf(request), request.params.id),
  );

  app.post(
    '/api/projects/create',
    {
      config: { access: { global: ['add_project'] }, authCache: 'invalidates' },
      schema: {
        tags,
        summary: 'Create a project; the caller becomes its creator',
        body: ProjectBody,
        response: { 201: ProjectMutation },
      },
    },
    async (request, reply) => {
      const project = await createProject(app.db, principalOf(request), request.body);
      return reply.status(201).send({ message: 'Project created successfully', project });
    },
  );

  app.put(
    '/api/projects/update/:id',
    {
      config: { access: { project: 'edit_project' }, authCache: 'invalidates', errors: [404] },
      schema: {
        tags,
        summary: 'Rename or describe a project',
        params: IdParams,
        body: ProjectBody,
        response: { 200: ProjectMutation },
      },
    },
    async (request) => {
      const project = await updateProject(app.db, principalOf(request), request.params.id, request.body);
      return { message: 'Project updated successfully', project };
    },
  );

  app.delete(
    '/api/projects/delete/:id',
    {
      config: { access: { project: 'delete_project' }, authCache: 'invalidates', errors: [404] },
      schema: {
        tags,
        summary: 'Delete a project with its suites, cases, runs and memberships',
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await deleteProject(app.db, principalOf(request), request.params.id);
      return { message: 'Project deleted successfully' };
    },
  );

  await app.register(membersRoutes);
};
