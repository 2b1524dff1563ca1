import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { writeBackup } from './backup-writer.ts';

const BackupQuery = Type.Object(
  {
    without_secrets: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false')], {
        description: 'true leaves out the key that signs session tokens',
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * The backup of a running Verdict (decision 157): the embedded database is locked by the server
 * that runs on it, so `npm run backup -- --url` asks that server. Administrators only: a backup
 * holds every row, password hashes included.
 */
export const backupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/backup',
    {
      config: { access: { global: ['manage_admin_panel'] } },
      schema: {
        tags: ['operations'],
        summary: 'A backup of the whole database (what npm run backup writes)',
        description:
          'A gzip-compressed, line-oriented snapshot of every table read in one consistent transaction, ' +
          'streamed as it is read; load it with npm run restore. On the embedded database the snapshot ' +
          'holds its one connection, so other requests wait until it is written. Administrators only.',
        produces: ['application/gzip'],
        querystring: BackupQuery,
        response: { 200: Type.String({ description: 'The backup file (gzip)' }) },
      },
    },
    async (request, reply) => {
      const body = new PassThrough();
      const stamp = new Date().toISOString().replaceAll(':', '-').slice(0, 19);
      // A failure halfway aborts the download (the stream is destroyed), so a client never keeps
      // a file that looks complete; the restore refuses one cut short anyway.
      writeBackup(app.db, app.database.kind, body, {
        withoutSecrets: request.query.without_secrets === 'true',
      }).catch((error) => request.log.error({ err: error }, 'backup failed'));
      return (reply as FastifyReply)
        .type('application/gzip')
        .header('Content-Disposition', `attachment; filename="verdict-${stamp}.vbk"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
};
