import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginBody, LoginResponse, MessageResponse } from '@verdict/contract';
import { UnauthorizedError } from '../../lib/errors.ts';
import { principalOf } from '../../plugins/auth.ts';
import { login, logout } from './auth-service.ts';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/auth/login',
    {
      // Recording attempts changes nothing a cached answer depends on.
      config: { access: 'public', authCache: 'keeps', errors: [401, 403, 429] },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: LoginBody,
        response: { 200: LoginResponse },
      },
    },
    (request) => login(app.db, app.tokens, { ...request.body, ip: request.ip }),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'signed-in', authCache: 'invalidates' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the token stops working at once',
        security: [{ bearerAuth: [] }],
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      if (!request.tokenClaims) throw new UnauthorizedError();
      await logout(app.db, principalOf(request), request.tokenClaims);
      return { message: 'Logged out successfully' };
    },
  );
};
