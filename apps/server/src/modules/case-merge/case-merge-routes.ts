import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CaseMutation, IdParams, MergeCaseBody } from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { mergeCase } from './case-merge-service.ts';

export const caseMergeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/test-cases/:id/merge',
    {
      // The service checks it on both cases.
      config: { access: { project: 'delete_test_case' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags: ['test cases'],
        summary: 'Merge another case of the project into this one (a renamed test keeps its history)',
        description:
          'Moves the runs, cycle items and results, result figures, flakiness, quarantine, requirement and defect ' +
          'links, files and versions of from_case_id to this case, which keeps its name, in one transaction; the ' +
          'other case is deleted. Needs delete_test_case; 409 merge_across_projects for cases ' +
          'of two projects, merge_has_children for a case with children.',
        params: IdParams,
        body: MergeCaseBody,
        response: { 200: CaseMutation },
      },
    },
    async (request) => ({
      message: 'Test cases merged',
      testCase: await mergeCase(app.db, principalOf(request), request.params.id, request.body.from_case_id),
    }),
  );
};
