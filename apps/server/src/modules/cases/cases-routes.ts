import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CaseBody,
  CaseIdParams,
  CaseMutation,
  ErrorResponse,
  IdParams,
  ListQuery,
  MessageResponse,
  ProjectIdParams,
  SuiteIdParams,
  TestCase,
  TestCaseList,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { CaseListCache } from './case-list-cache.ts';
import {
  createChildCase,
  createProjectCase,
  createSuiteCase,
  deleteCase,
  getCase,
  listChildCases,
  listProjectCases,
  listSuiteCases,
  updateCase,
} from './cases-service.ts';

const tags = ['test cases'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const listAccess = { access: { project: 'home_test_case' } } as const;
const listResponse = { 200: TestCaseList, ...errors };
const created = (testCase: TestCase) => ({ message: 'Test case created successfully', testCase });

export const casesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const lists = new CaseListCache();
  app.get(
    '/api/test-cases/project/:projectId',
    {
      config: listAccess,
      schema: {
        tags,
        summary: "A project's top-level cases",
        params: ProjectIdParams,
        querystring: ListQuery,
        response: listResponse,
      },
    },
    async (request, reply) =>
      lists.send(
        request,
        reply,
        await listProjectCases(app.db, principalOf(request), request.params.projectId, request.query),
      ),
  );
  app.get(
    '/api/test-cases/suite/:suiteId',
    {
      config: listAccess,
      schema: {
        tags,
        summary: "A suite's top-level cases",
        params: SuiteIdParams,
        querystring: ListQuery,
        response: listResponse,
      },
    },
    async (request, reply) =>
      lists.send(
        request,
        reply,
        await listSuiteCases(app.db, principalOf(request), request.params.suiteId, request.query),
      ),
  );
  app.get(
    '/api/test-cases/parent/:caseId',
    {
      config: listAccess,
      schema: {
        tags,
        summary: "A case's child cases",
        params: CaseIdParams,
        querystring: ListQuery,
        response: listResponse,
      },
    },
    async (request, reply) =>
      lists.send(
        request,
        reply,
        await listChildCases(app.db, principalOf(request), request.params.caseId, request.query),
      ),
  );

  const createSchema = (summary: string) => ({
    tags,
    summary,
    params: IdParams,
    body: CaseBody,
    response: { 201: CaseMutation, ...errors },
  });
  app.post(
    '/api/test-cases/project/:id/create',
    {
      config: { access: { project: 'add_test_case_in_project' } },
      schema: createSchema('Add a case to a project, in no suite'),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          created(await createProjectCase(app.db, principalOf(request), request.params.id, request.body)),
        ),
  );
  app.post(
    '/api/test-cases/suite/:id/create',
    {
      config: { access: { project: 'add_test_case_in_test_suit' } },
      schema: createSchema('Add a top-level case to a suite'),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(created(await createSuiteCase(app.db, principalOf(request), request.params.id, request.body))),
  );
  app.post(
    '/api/test-cases/parent/:id/create',
    {
      config: { access: { project: 'add_test_case_in_test_case' } },
      schema: createSchema('Add a child case; it inherits project and suite'),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(created(await createChildCase(app.db, principalOf(request), request.params.id, request.body))),
  );

  app.get(
    '/api/test-cases/single/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'A case in a project the caller sees',
        params: IdParams,
        response: { 200: TestCase, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    (request) => getCase(app.db, principalOf(request), request.params.id),
  );

  app.put(
    '/api/test-cases/update/:id',
    {
      config: { access: { project: 'edit_test_case' } },
      schema: {
        tags,
        summary: 'Rename or describe a case',
        params: IdParams,
        body: CaseBody,
        response: { 200: CaseMutation, ...errors },
      },
    },
    async (request) => ({
      message: 'Test case updated successfully',
      testCase: await updateCase(app.db, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/test-cases/delete/:id',
    {
      config: { access: { project: 'delete_test_case' } },
      schema: {
        tags,
        summary: 'Delete a case, its descendants and all their runs',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await deleteCase(app.db, principalOf(request), request.params.id);
      return { message: 'Test case deleted successfully' };
    },
  );
};
