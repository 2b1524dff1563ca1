import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CaseBody,
  CaseIdParams,
  CaseMutation,
  CaseTags,
  CaseTagsQuery,
  CaseWindow,
  CaseWindowQuery,
  IdParams,
  ListQuery,
  MessageResponse,
  type PermissionName,
  ProjectCaseWindowQuery,
  ProjectIdParams,
  SingleCaseQuery,
  SuiteIdParams,
  TestCaseDetail,
  TestCaseList,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { CaseListCache } from './case-list-cache.ts';
import { windowOfChildCases, windowOfProjectCases, windowOfSuiteCases } from './case-windows-service.ts';
import {
  createChildCase,
  createProjectCase,
  createSuiteCase,
  deleteCase,
  getCase,
  listChildCases,
  listProjectCases,
  listProjectTags,
  listSuiteCases,
  pruneOldListChanges,
  updateCase,
} from './cases-service.ts';

const tags = ['test cases'];
const listAccess = { access: { project: 'home_test_case' }, errors: [404] } as const;
const listResponse = { 200: TestCaseList };
/** Cases are no part of what authentication or project access read. */
const caseWrite = (permission: PermissionName) =>
  ({ access: { project: permission }, authCache: 'keeps', errors: [404] }) as const;
const created = (testCase: TestCaseDetail) => ({ message: 'Test case created successfully', testCase });

/** How long list changes are kept (case_list_changes): a list kept longer is read again whole. */
const LIST_CHANGES_KEPT_SECONDS = 10 * 60;

export const casesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const lists = new CaseListCache(app.config.caseListCacheBytes);
  // Every instance prunes; the delete is idempotent, and a minute apart it removes little.
  const prune = setInterval(() => {
    pruneOldListChanges(app.db, LIST_CHANGES_KEPT_SECONDS).catch((error: unknown) =>
      app.log.warn({ err: error }, 'pruning old case list changes failed'),
    );
  }, 60_000).unref();
  app.addHook('onClose', async () => clearInterval(prune));
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

  // Windows of the same lists, with their totals: what the screens fetch (docs/product/cases.md,
  // "Windows of a list").
  const windowSchema = (
    summary: string,
    querystring: typeof CaseWindowQuery | typeof ProjectCaseWindowQuery,
  ) => ({
    tags,
    summary,
    params: IdParams,
    querystring,
    response: { 200: CaseWindow },
  });
  app.get(
    '/api/suites/:id/cases',
    { config: listAccess, schema: windowSchema("A window of a suite's top-level cases", CaseWindowQuery) },
    (request) => windowOfSuiteCases(app.db, principalOf(request), request.params.id, request.query),
  );
  app.get(
    '/api/test-cases/:id/children',
    { config: listAccess, schema: windowSchema("A window of a case's child cases", CaseWindowQuery) },
    (request) => windowOfChildCases(app.db, principalOf(request), request.params.id, request.query),
  );
  app.get(
    '/api/projects/:id/cases',
    {
      config: listAccess,
      schema: windowSchema("A window of a project's top-level cases", ProjectCaseWindowQuery),
    },
    (request) => windowOfProjectCases(app.db, principalOf(request), request.params.id, request.query),
  );

  const createSchema = (summary: string) => ({
    tags,
    summary,
    params: IdParams,
    body: CaseBody,
    response: { 201: CaseMutation },
  });
  app.post(
    '/api/test-cases/project/:id/create',
    {
      config: caseWrite('add_test_case_in_project'),
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
      config: caseWrite('add_test_case_in_test_suit'),
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
      config: caseWrite('add_test_case_in_test_case'),
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
      config: { access: 'signed-in', errors: [404] },
      schema: {
        tags,
        summary: 'A case in a project the caller sees (?expand=steps: its shared steps in place)',
        params: IdParams,
        querystring: SingleCaseQuery,
        response: { 200: TestCaseDetail },
      },
    },
    (request) => getCase(app.db, principalOf(request), request.params.id, request.query.expand),
  );

  app.put(
    '/api/test-cases/update/:id',
    {
      config: caseWrite('edit_test_case'),
      schema: {
        tags,
        summary: 'Rename or describe a case',
        params: IdParams,
        body: CaseBody,
        response: { 200: CaseMutation },
      },
    },
    async (request) => ({
      message: 'Test case updated successfully',
      testCase: await updateCase(app.db, principalOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/projects/:id/case-tags',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary: "The project's case tags that start with `q`, most used first (for autocomplete)",
        params: IdParams,
        querystring: CaseTagsQuery,
        response: { 200: CaseTags },
      },
    },
    async (request) => ({
      tags: await listProjectTags(app.db, principalOf(request), request.params.id, request.query),
    }),
  );

  app.delete(
    '/api/test-cases/delete/:id',
    {
      config: caseWrite('delete_test_case'),
      schema: {
        tags,
        summary: 'Delete a case, its descendants and all their runs',
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await deleteCase(app.db, principalOf(request), request.params.id);
      return { message: 'Test case deleted successfully' };
    },
  );
};
