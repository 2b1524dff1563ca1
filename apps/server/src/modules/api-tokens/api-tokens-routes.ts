import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiTokenCreated,
  ApiTokenList,
  ApiTokenParams,
  CreateApiTokenBody,
  MessageResponse,
} from '@verdict/contract';
import { principalOf, sessionOnlyWrite } from '../../plugins/auth.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens-service.ts';

/**
 * Personal API tokens: every signed-in user manages their own, and only their own. Creating and
 * revoking need a signed-in session, so a leaked token cannot mint tokens that outlive it.
 */
export const apiTokensRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/api-tokens',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['api-tokens'],
        summary: "The caller's API tokens that still work (never their secrets)",
        response: { 200: ApiTokenList },
      },
    },
    (request) => listApiTokens(app.db, principalOf(request)),
  );

  app.post(
    '/api/api-tokens',
    {
      config: sessionOnlyWrite('signed-in', [409]),
      schema: {
        tags: ['api-tokens'],
        summary: 'Create an API token; the answer holds the secret, shown this once',
        body: CreateApiTokenBody,
        response: { 201: ApiTokenCreated },
      },
    },
    async (request, reply) => {
      const created = await createApiToken(app.db, principalOf(request), request.body.name);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/api-tokens/:id',
    {
      config: sessionOnlyWrite('signed-in', [404]),
      schema: {
        tags: ['api-tokens'],
        summary: 'Revoke one of your API tokens; it stops working at once',
        params: ApiTokenParams,
        response: { 200: MessageResponse },
      },
    },
    (request) => revokeApiToken(app.db, principalOf(request), request.params.id),
  );
};
