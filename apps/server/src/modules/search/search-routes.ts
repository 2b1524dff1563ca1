import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CaseSearchPage,
  CaseSearchQuery,
  IdParams,
  MessageResponse,
  SavedSearchList,
  SavedSearchMutation,
  SaveSearchBody,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { forgetSearch, savedSearches, saveSearch, searchCases } from './search-service.ts';

/** docs/product/search.md. */
export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/projects/:id/cases/search',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags: ['test cases'],
        summary:
          'Search a project\'s cases: words, "phrases", tag:, priority:, status:, rollup:, suite:, assignee:, custom fields, - to negate',
        params: IdParams,
        querystring: CaseSearchQuery,
        response: { 200: CaseSearchPage },
      },
    },
    (request) => searchCases(app.db, principalOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/projects/:id/saved-searches',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags: ['test cases'],
        summary: "The caller's saved searches in a project, by name",
        params: IdParams,
        response: { 200: SavedSearchList },
      },
    },
    async (request) => ({ searches: await savedSearches(app.db, principalOf(request), request.params.id) }),
  );

  app.post(
    '/api/projects/:id/saved-searches',
    {
      config: { access: { project: 'home_test_case' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags: ['test cases'],
        summary: 'Save a search under a name (only for the caller)',
        params: IdParams,
        body: SaveSearchBody,
        response: { 201: SavedSearchMutation },
      },
    },
    async (request, reply) => {
      const search = await saveSearch(app.db, principalOf(request), request.params.id, request.body);
      return reply.status(201).send({ message: 'Search saved', search });
    },
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      config: { access: 'signed-in', authCache: 'keeps', errors: [404] },
      schema: {
        tags: ['test cases'],
        summary: "Delete one of the caller's saved searches",
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await forgetSearch(app.db, principalOf(request), request.params.id);
      return { message: 'Saved search deleted' };
    },
  );
};
