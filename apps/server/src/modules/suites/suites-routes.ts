import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateSuiteBody,
  IdParams,
  ListQuery,
  MessageResponse,
  ProjectIdParams,
  Suite,
  SuiteCount,
  SuiteList,
  SuiteMutation,
  UpdateSuiteBody,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import {
  countSuites,
  createSuite,
  deleteSuite,
  getSuite,
  listSuites,
  updateSuite,
} from './suites-service.ts';

const tags = ['test suites'];

export const suitesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const listOptions = {
    config: { access: { project: 'home_test_suit' }, errors: [404] },
    schema: {
      tags,
      summary: "A project's suites, by id",
      params: ProjectIdParams,
      querystring: ListQuery,
      response: { 200: SuiteList },
    },
  } as const;
  // The app asks the first path and falls back to the second (docs/product/suites.md, "The calls").
  for (const url of ['/api/testsuites/project/:projectId', '/api/test-suites/project/:projectId']) {
    app.get(url, listOptions, (request) =>
      listSuites(app.db, principalOf(request), request.params.projectId, request.query),
    );
  }

  app.get(
    '/api/testsuites/count',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Number of suites in the projects the caller sees',
        response: { 200: SuiteCount },
      },
    },
    (request) => countSuites(app.db, principalOf(request)),
  );

  app.post(
    '/api/testsuites/create',
    {
      config: { access: { project: 'add_test_suit_in_project' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Add a suite to a project',
        body: CreateSuiteBody,
        response: { 201: SuiteMutation },
      },
    },
    async (request, reply) => {
      const suite = await createSuite(app.db, principalOf(request), request.body);
      return reply.status(201).send({ message: 'Test suite created successfully', suite });
    },
  );

  app.get(
    '/api/testsuites/detail/:id',
    {
      config: { access: 'signed-in', errors: [404] },
      schema: {
        tags,
        summary: 'A suite in a project the caller sees',
        params: IdParams,
        response: { 200: Suite },
      },
    },
    (request) => getSuite(app.db, principalOf(request), request.params.id),
  );

  app.put(
    '/api/testsuites/update/:id',
    {
      config: { access: { project: 'edit_test_suit' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Rename or describe a suite',
        params: IdParams,
        body: UpdateSuiteBody,
        response: { 200: SuiteMutation },
      },
    },
    async (request) => {
      const suite = await updateSuite(app.db, principalOf(request), request.params.id, request.body);
      return { message: 'Test suite updated successfully', suite };
    },
  );

  app.delete(
    '/api/testsuites/delete/:id',
    {
      config: { access: { project: 'delete_test_suit' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Delete a suite with its cases and their runs',
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await deleteSuite(app.db, principalOf(request), request.params.id);
      return { message: 'Test suite deleted successfully' };
    },
  );
};
