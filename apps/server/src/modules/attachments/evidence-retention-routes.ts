import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EvidenceRetention, EvidenceRetentionMutation, IdParams } from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { changeRetention, projectRetention, startEvidenceSweep } from './evidence-retention-service.ts';

const tags = ['attachments'];

/** How often each instance sweeps the CI evidence beyond the projects' rules. */
const EVIDENCE_SWEEP_MS = 10 * 60_000;

/** docs/product/attachments.md, "Retention of CI evidence". */
export const evidenceRetentionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const stopSweep = startEvidenceSweep(app.db, EVIDENCE_SWEEP_MS, (error) =>
    app.log.warn({ err: error }, 'sweeping CI evidence beyond the retention rules failed'),
  );
  app.addHook('onClose', async () => stopSweep());

  app.get(
    '/api/projects/:id/evidence-retention',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary:
          "A project's retention of CI evidence: the files of import cycles kept for the last N cycles per branch and N days (null: all)",
        params: IdParams,
        response: { 200: EvidenceRetention },
      },
    },
    (request) => projectRetention(app.db, principalOf(request), request.params.id),
  );

  app.put(
    '/api/projects/:id/evidence-retention',
    {
      config: { access: { project: 'edit_project' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary:
          "Set a project's retention of CI evidence; a sweep every few minutes removes the files beyond it",
        params: IdParams,
        body: EvidenceRetention,
        response: { 200: EvidenceRetentionMutation },
      },
    },
    async (request) => {
      const retention = await changeRetention(app.db, principalOf(request), request.params.id, request.body);
      return { message: 'Evidence retention saved', retention };
    },
  );
};
