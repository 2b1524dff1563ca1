import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { trimBodyFields } from './lib/trim-strings.ts';
import { createValidatorCompiler } from './lib/validation.ts';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens-routes.ts';
import { attachmentsRoutes } from './modules/attachments/attachments-routes.ts';
import { auditRoutes } from './modules/audit-log/audit-log-routes.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { createTokenService, resolveSigningKey, type TokenService } from './modules/auth/tokens.ts';
import { authzRoutes } from './modules/authz/authz-routes.ts';
import { backupRoutes } from './modules/backup/backup-routes.ts';
import { bulkRoutes } from './modules/bulk/bulk-routes.ts';
import { caseFieldsRoutes } from './modules/case-fields/case-fields-routes.ts';
import { caseImportRoutes } from './modules/case-import/case-import-routes.ts';
import { caseMergeRoutes } from './modules/case-merge/case-merge-routes.ts';
import { caseResultsRoutes } from './modules/case-results/case-results-routes.ts';
import { caseVersionsRoutes } from './modules/case-versions/case-versions-routes.ts';
import { casesRoutes } from './modules/cases/cases-routes.ts';
import { commentsRoutes } from './modules/comments/comments-routes.ts';
import { configurationsRoutes } from './modules/configurations/configurations-routes.ts';
import { cycleCompareRoutes } from './modules/cycle-compare/cycle-compare-routes.ts';
import { cyclesRoutes } from './modules/cycles/cycles-routes.ts';
import { defectsRoutes } from './modules/defects/defects-routes.ts';
import { exportsRoutes } from './modules/exports/exports-routes.ts';
import { flakyRoutes } from './modules/flaky-tests/flaky-tests-routes.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { importRoutes } from './modules/imports/import-routes.ts';
import { liveRunRoutes } from './modules/imports/live-run-routes.ts';
import { liveRoutes } from './modules/live/live-routes.ts';
import { mailPlugin } from './modules/mail/mail-plugin.ts';
import { mcpRoutes } from './modules/mcp/mcp-routes.ts';
import { metricsRoutes } from './modules/metrics/metrics-routes.ts';
import { milestonesRoutes } from './modules/milestones/milestones-routes.ts';
import { notificationsPlugin } from './modules/notifications/notifications-plugin.ts';
import { permissionsRoutes } from './modules/permissions/permissions-routes.ts';
import { plansRoutes } from './modules/plans/plans-routes.ts';
import { projectsRoutes } from './modules/projects/projects-routes.ts';
import { reportsRoutes } from './modules/reports/reports-routes.ts';
import { requirementImportRoutes } from './modules/requirements/requirement-import-routes.ts';
import { requirementsRoutes } from './modules/requirements/requirements-routes.ts';
import { rolesRoutes } from './modules/roles/roles-routes.ts';
import { runsRoutes } from './modules/runs/runs-routes.ts';
import { searchRoutes } from './modules/search/search-routes.ts';
import { sharedStepsRoutes } from './modules/shared-steps/shared-steps-routes.ts';
import { signOffRoutes } from './modules/sign-off/sign-off-routes.ts';
import { suitesRoutes } from './modules/suites/suites-routes.ts';
import { usersRoutes } from './modules/users/users-routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks-routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { benchAuthOffPlugin } from './plugins/bench-auth-off.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { REQUEST_ID_HEADER, requestIdOf, requestIdPlugin } from './plugins/request-id.ts';
import { routeCataloguePlugin } from './plugins/route-catalogue.ts';
import { routeResponsesPlugin } from './plugins/route-responses.ts';
import { securityPlugin } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    tokens: TokenService;
    config: Config;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /**
   * Benchmark only, passed by bench/bench-server.ts and nothing else: a request carrying
   * `x-verdict-bench-auth-off: 1` acts as the first administrator without a token, so the
   * benchmark can measure what authentication and permission checks cost (plugins/bench-auth-off.ts).
   */
  benchmarkAuthOff?: boolean;
}

/** Composes the app in a fixed order: external plugins, app plugins, routes, then the web app. */
export async function buildApp({
  config,
  database,
  logger = false,
  benchmarkAuthOff = false,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Every log line of a request carries its id as reqId, and the answer says it (request-id.ts).
    genReqId: requestIdOf,
    // The router refuses a malformed or overlong address before any hook runs; answer {message, code} too.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.statusCode === 414;
      void (reply as unknown as FastifyReply)
        .status(tooLong ? 414 : 400)
        .header(REQUEST_ID_HEADER, request.id)
        .send({
          message: tooLong ? 'The address is too long' : 'The address is not valid',
          code: 'invalid_request',
        });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Bodies are validated without type coercion, and ids in paths and query strings must be plain
  // decimal digits (lib/validation.ts).
  app.setValidatorCompiler(createValidatorCompiler());

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('tokens', createTokenService(await resolveSigningKey(database.db, config.jwtSecret)));

  await app.register(routeCataloguePlugin);
  await app.register(requestIdPlugin);
  await app.register(securityPlugin);
  await app.register(errorHandlerPlugin);
  if (benchmarkAuthOff) await app.register(benchAuthOffPlugin);
  // Before the docs, so that the access rule covers the docs' own routes too, and the docs list
  // the error responses derived from it.
  await app.register(authPlugin);
  await app.register(inputGuardPlugin);
  await app.register(routeResponsesPlugin);
  await app.register(docsPlugin);
  app.addHook('preValidation', async (request) => trimBodyFields(request.body));

  // First of the routes, so that its request figures count every route.
  await app.register(metricsRoutes);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(rolesRoutes);
  await app.register(permissionsRoutes);
  await app.register(projectsRoutes);
  await app.register(suitesRoutes);
  await app.register(casesRoutes);
  await app.register(caseFieldsRoutes);
  await app.register(caseVersionsRoutes);
  await app.register(searchRoutes);
  await app.register(bulkRoutes);
  await app.register(caseImportRoutes);
  await app.register(cycleCompareRoutes);
  await app.register(runsRoutes);
  await app.register(caseResultsRoutes);
  await app.register(caseMergeRoutes);
  await app.register(apiTokensRoutes);
  await app.register(importRoutes);
  await app.register(liveRunRoutes);
  await app.register(authzRoutes);
  await app.register(exportsRoutes);
  await app.register(auditRoutes);
  await app.register(cyclesRoutes);
  await app.register(attachmentsRoutes);
  await app.register(flakyRoutes);
  await app.register(defectsRoutes);
  await app.register(commentsRoutes);
  await app.register(reportsRoutes);
  await app.register(liveRoutes);
  await app.register(webhooksRoutes);
  await app.register(mailPlugin);
  await app.register(notificationsPlugin);
  await app.register(milestonesRoutes);
  await app.register(plansRoutes);
  await app.register(requirementsRoutes);
  await app.register(requirementImportRoutes);
  await app.register(sharedStepsRoutes);
  await app.register(signOffRoutes);
  await app.register(mcpRoutes);
  await app.register(configurationsRoutes);
  await app.register(backupRoutes);

  await registerWeb(app, config.webDist);
  return app;
}
