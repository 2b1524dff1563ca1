import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { writeBackup } from './backup-writer.ts';

const BackupQuery = Type.Object(
  {
    without_secrets: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false')], {
        description:
          'true leaves out every secret: the signing key, password hashes, second-factor keys, API token hashes and webhook secrets',
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * The backup of a running Verdict (decision 157): the embedded database is locked by the server
 * that runs on it, so `npm run backup -- --url` asks that server. Holders of the Administrator role
 * only (decision 158): a backup holds every row, the signing key and password hashes included, so
 * whoever reads one can sign in as anyone; manage_admin_panel alone is not enough.
 */
export const backupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/backup',
    {
      config: { access: { global: ['manage_admin_panel'], administratorRole: 'download a backup' } },
      schema: {
        tags: ['operations'],
        summary: 'A backup of the whole database (what npm run backup writes)',
        description:
          'A gzip-compressed, line-oriented snapshot of every table read in one consistent transaction, ' +
          'streamed as it is read; load it with npm run restore. On the embedded database the snapshot ' +
          'holds its one connection, so other requests wait until it is written. Holders of the built-in ' +
          'Administrator role only: another role is refused (403) whatever permissions it holds.',
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
