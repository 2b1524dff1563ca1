import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditLogPage, AuditLogQuery } from '@verdict/contract';
import { listAuditLog } from './audit-log-service.ts';

export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/audit-log',
    {
      config: { access: { global: ['view_audit_log'] } },
      schema: {
        tags: ['audit'],
        summary: 'The audit log, newest first, filtered and searched, a page at a time',
        description:
          'Every create, update and delete of users, sub-users, roles, permissions, projects, members, ' +
          'suites, cases and runs, and every sign-in, failed sign-in and logout. Filters: user_id (the ' +
          'actor), entity, action, from and to (a day or an ISO 8601 instant), q (a substring of the ' +
          'summary). Keyset paging: pass next_cursor as before for the next, older page.',
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage },
      },
    },
    (request) => listAuditLog(app.db, request.query),
  );
};
