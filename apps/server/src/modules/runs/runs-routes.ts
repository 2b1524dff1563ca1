import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CaseIdParams,
  CreateRunBody,
  IdParams,
  ListQuery,
  MessageResponse,
  RunMutation,
  RunStats,
  TestRun,
  TestRunList,
  UpdateRunBody,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { createRun, deleteRun, getRun, listRuns, runStats, updateRun } from './runs-service.ts';

const tags = ['test runs'];

export const runsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/testruns/testcase/:id',
    {
      config: { access: { project: 'home_test_run' }, errors: [404] },
      schema: {
        tags,
        summary: "A case's runs, by id",
        params: IdParams,
        querystring: ListQuery,
        response: { 200: TestRunList },
      },
    },
    (request) => listRuns(app.db, principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/testruns/create/:caseId',
    {
      config: { access: { project: 'add_test_run_in_test_case' }, authCache: 'keeps', errors: [404] },
      // Everything in the body is optional, so a bodyless POST means "passed" rather than a 400.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        summary: 'Record a run of a case (status defaults to passed); the caller is the executor',
        params: CaseIdParams,
        body: CreateRunBody,
        response: { 201: RunMutation },
      },
    },
    async (request, reply) => {
      const testRun = await createRun(
        app.db,
        principalOf(request),
        request.params.caseId,
        request.body ?? {},
      );
      return reply.status(201).send({ message: 'Test run created successfully', testRun });
    },
  );

  app.get(
    '/api/testruns/detail/:id',
    {
      config: { access: 'signed-in', errors: [404] },
      schema: {
        tags,
        summary: 'A run in a project the caller sees',
        params: IdParams,
        response: { 200: TestRun },
      },
    },
    (request) => getRun(app.db, principalOf(request), request.params.id),
  );

  app.put(
    '/api/testruns/update/:id',
    {
      config: { access: { project: 'edit_test_run' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: "Change a run's status (nothing else changes)",
        params: IdParams,
        body: UpdateRunBody,
        response: { 200: RunMutation },
      },
    },
    async (request) => ({
      message: 'Test run updated successfully',
      testRun: await updateRun(app.db, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/testruns/delete/:id',
    {
      config: { access: { project: 'delete_test_run' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Delete a run',
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await deleteRun(app.db, principalOf(request), request.params.id);
      return { message: 'Test run deleted successfully' };
    },
  );

  app.get(
    '/api/testruns/stats',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Passed, failed and total runs over the projects the caller sees',
        response: { 200: RunStats },
      },
    },
    (request) => runStats(app.db, principalOf(request)),
  );
};
