import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CaseMutation,
  CaseVersionPage,
  CaseVersionParams,
  CaseVersionsQuery,
  IdParams,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { caseVersions, restoreVersion } from './case-versions-service.ts';

const tags = ['test cases'];

/** docs/product/rich-cases.md, "Versions". */
export const caseVersionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/test-cases/:id/versions',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary: "A case's versions, newest first (50 a page unless `limit` says otherwise)",
        params: IdParams,
        querystring: CaseVersionsQuery,
        response: { 200: CaseVersionPage },
      },
    },
    (request) => caseVersions(app.db, principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/test-cases/:id/versions/:version/restore',
    {
      config: { access: { project: 'edit_test_case' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Make a new version of a case with the content of an earlier one',
        params: CaseVersionParams,
        response: { 200: CaseMutation },
      },
    },
    async (request) => {
      const { testCase, restored } = await restoreVersion(
        app.db,
        principalOf(request),
        request.params.id,
        request.params.version,
      );
      return { message: `Test case restored from version ${restored}`, testCase };
    },
  );
};
