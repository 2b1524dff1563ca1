import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, SignOffReport } from '@verdict/contract';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { principalOf } from '../../plugins/auth.ts';
import { signOffPdf } from './sign-off-pdf.ts';
import { signOffReport } from './sign-off-service.ts';

const tags = ['milestones'];

/** A PDF as a download: the route's schema types its answer as a string, which bytes are not. */
function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store')
    .header('Content-Length', String(pdf.length))
    .send(Readable.from([pdf]));
}

/** docs/product/milestones.md, "Sign-off report". */
export const signOffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/milestones/:id/sign-off',
    {
      config: { access: { project: 'home_milestone' }, errors: [404] },
      schema: {
        tags,
        summary:
          "A milestone's sign-off report: scope, progress per plan and configuration, failures with their defects, readiness, who tested what",
        params: IdParams,
        response: { 200: SignOffReport },
      },
    },
    (request) => signOffReport(app.db, principalOf(request), request.params.id),
  );

  app.get(
    '/api/milestones/:id/sign-off.pdf',
    {
      config: { access: { project: 'home_milestone' }, errors: [404] },
      schema: {
        tags,
        summary: 'The sign-off report as a PDF download',
        produces: ['application/pdf'],
        params: IdParams,
        response: { 200: Type.String({ description: 'A PDF document', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const report = await signOffReport(app.db, principalOf(request), request.params.id);
      const pdf = await signOffPdf(report);
      return sendPdf(reply, `sign-off-milestone-${report.milestone.id}.pdf`, pdf);
    },
  );
};
