import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BulkBody, BulkPreview, BulkPreviewBody, BulkResult, IdParams } from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { previewBulk, runBulk } from './bulk-service.ts';

/** docs/product/bulk-actions.md. A body of 50,000 ids (BULK_IDS_MAX) fits the 1 MB every JSON route takes. */
export const bulkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/projects/:id/cases/bulk/preview',
    {
      config: { access: { project: 'home_test_case' }, authCache: 'keeps', weighted: true, errors: [404] },
      schema: {
        tags: ['test cases'],
        summary: 'How many cases a selection holds, with the descendants and runs that go along',
        params: IdParams,
        body: BulkPreviewBody,
        response: { 200: BulkPreview },
      },
    },
    (request) => previewBulk(app.db, principalOf(request), request.params.id, request.body.selection),
  );

  app.post(
    '/api/projects/:id/cases/bulk',
    {
      // Declared as its most common need; each action checks its own (see the description).
      config: {
        access: { project: 'edit_test_case' },
        authCache: 'keeps',
        weighted: true,
        errors: [404, 409],
      },
      schema: {
        tags: ['test cases'],
        summary:
          'One action on many cases in one transaction: move, copy, set_priority, tags, set_field, add_to_cycle, delete',
        description:
          'Needs edit_test_case (move, set_priority, tags, set_field), the permission to add cases where copies go ' +
          '(copy), edit_test_cycle (add_to_cycle) or delete_test_case (delete). A selected case takes its descendants ' +
          'along on a move, copy or delete. One audit entry counts the cases.',
        params: IdParams,
        body: BulkBody,
        response: { 200: BulkResult },
      },
    },
    async (request) => {
      const result = await runBulk(app.db, principalOf(request), request.params.id, request.body);
      // A bulk write: the embedded database refreshes its statistics now rather than at its next
      // look (docs/performance.md, "The embedded database under real use").
      app.database.maintain?.().catch((error) => request.log.warn({ err: error }, 'maintenance failed'));
      return result;
    },
  );
};
