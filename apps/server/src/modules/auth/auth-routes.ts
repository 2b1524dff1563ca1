import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  LoginBody,
  LoginResponse,
  MessageResponse,
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
  SessionAnswer,
  SignInMethods,
  TotpDisableBody,
  TotpEnableBody,
  TotpSetupBody,
  TotpSetupResponse,
  TotpStartBody,
  TotpStatus,
} from '@verdict/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { principalOf } from '../../plugins/auth.ts';
import {
  disableTotp,
  enableTotp,
  login,
  logout,
  sessionOf,
  startOwnTotpSetup,
  startTotpSetup,
  totpStatus,
} from './auth-service.ts';
import { confirmPasswordReset, RESET_REQUESTED, requestPasswordReset } from './password-reset-service.ts';
import { RequestWindow } from './request-window.ts';
import { createSingleSignOn, SingleSignOnError } from './single-sign-on.ts';

const SSO_START_PATH = '/api/auth/oidc/start';
/**
 * The state of the attempt this browser started, in a cookie only the two legs of single sign-on
 * see (docs/product/single-sign-on.md, "One browser"): the answer must come back to the same
 * browser, so nobody can sign someone else in to their own account (login CSRF).
 */
const STATE_COOKIE = 'verdict_oidc_state';
const STATE_COOKIE_PATH = '/api/auth/oidc';
/** "Forgot password?" requests one address (IP) may make: 10 in 15 minutes (decision 235). */
const RESET_REQUESTS_PER_ADDRESS = 10;
const RESET_REQUEST_WINDOW_MS = 15 * 60_000;

function stateCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${STATE_COOKIE}=${value}; Path=${STATE_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

function stateFromCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === STATE_COOKIE) return value.join('=');
  }
  return undefined;
}

/** What a provider may put on the way back (RFC 6749 §4.1.2, RFC 9207, OpenID session management). */
const OidcCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 4096 })),
    state: Type.Optional(Type.String({ maxLength: 512 })),
    iss: Type.Optional(Type.String({ maxLength: 2048 })),
    session_state: Type.Optional(Type.String({ maxLength: 2048 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 2048 })),
    error_uri: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);

/** The address the browser used to reach this server, as the provider must send it back to. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = app.config.signIn;
  const sso = settings.oidc ? createSingleSignOn(app.db, app.tokens, settings.oidc) : undefined;
  const resetRequests = new RequestWindow(RESET_REQUESTS_PER_ADDRESS, RESET_REQUEST_WINDOW_MS);

  app.get(
    '/api/auth/methods',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'How this server signs people in: the password form, single sign-on, or both',
        response: { 200: SignInMethods },
      },
    },
    async () => ({
      password: settings.passwordSignIn,
      sso: sso ? { name: sso.name, startUrl: SSO_START_PATH } : null,
      mail: app.config.mail !== undefined,
      passwordReset: app.config.mail !== undefined && settings.passwordSignIn,
    }),
  );

  app.post(
    '/api/auth/login',
    {
      // Recording attempts changes nothing a cached answer depends on.
      config: { access: 'public', authCache: 'keeps', errors: [401, 403, 429] },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password (and the authenticator code when the account has one)',
        body: LoginBody,
        response: { 200: LoginResponse },
      },
    },
    (request) => login(app.db, app.tokens, settings, { ...request.body, ip: request.ip }),
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

  // --- Forgot password (docs/product/sign-in-and-sessions.md, "Forgot password") ------------

  app.post(
    '/api/auth/password-reset',
    {
      // Only rows of its own tables: nothing a cached answer depends on.
      config: { access: 'public', authCache: 'keeps', errors: [403, 429, 503] },
      schema: {
        tags: ['auth'],
        summary:
          'E-mails a link to choose a new password; answers the same whether or not the address has an account',
        body: PasswordResetRequestBody,
        response: { 202: MessageResponse },
      },
    },
    async (request, reply) => {
      const context = { signIn: settings, mail: app.config.mail };
      await requestPasswordReset(app.db, context, resetRequests, {
        email: request.body.email,
        ip: request.ip,
      });
      return reply.status(202).send({ message: RESET_REQUESTED });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      // A new password ends the account's sessions (its token version).
      config: { access: 'public', authCache: 'invalidates', errors: [403] },
      schema: {
        tags: ['auth'],
        summary:
          "Sets a new password with the e-mailed link's token: once, within an hour; signs the account out everywhere",
        body: PasswordResetConfirmBody,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await confirmPasswordReset(app.db, settings, { ...request.body, ip: request.ip });
      return { message: 'Your password is changed; sign in with it' };
    },
  );

  // --- Single sign-on (docs/product/single-sign-on.md) ---------------------------------------

  app.get(
    SSO_START_PATH,
    {
      config: { access: 'public', authCache: 'keeps', errors: [403, 404] },
      schema: { tags: ['auth'], summary: "Sends the browser to the single sign-on provider's sign-in" },
    },
    async (request, reply) => {
      if (!sso) throw new NotFoundError('Single sign-on is not set up on this server');
      const { url, state } = await sso.start(originOf(request));
      return reply.header('set-cookie', stateCookie(request, state, 600)).redirect(url, 302);
    },
  );

  app.get(
    '/api/auth/oidc/callback',
    {
      // A first sign-in makes the account and may add roles.
      config: { access: 'public', authCache: 'invalidates', errors: [404] },
      schema: {
        tags: ['auth'],
        summary:
          "The provider's answer: signs in and sends the browser to the app with its session, or to the sign-in screen with the reason",
        querystring: OidcCallbackQuery,
      },
    },
    async (request, reply) => {
      if (!sso) throw new NotFoundError('Single sign-on is not set up on this server');
      const at = request.url.indexOf('?');
      // The attempt is over whatever happens: its cookie goes.
      reply.header('set-cookie', stateCookie(request, '', 0));
      try {
        const session = await sso.finish(
          originOf(request),
          at >= 0 ? request.url.slice(at) : '',
          request.ip,
          stateFromCookie(request),
        );
        // In the fragment, which the browser never sends to a server or writes to a log: the app
        // stores it as a password sign-in does and takes it out of the address.
        const fragment = new URLSearchParams({ sso_token: session.token, sso_user: String(session.user.id) });
        return reply.redirect(`/#${fragment}`, 302);
      } catch (error) {
        // Only a code goes into the address (the screen has its own text for each); the reason,
        // which may hold the provider's own words, goes to the log.
        const code = error instanceof SingleSignOnError ? error.screenCode : 'failed';
        if (error instanceof AppError) {
          request.log.warn({ sso_error: code, reason: error.message }, 'single sign-on refused');
        } else {
          request.log.error({ err: error }, 'single sign-on failed');
        }
        return reply.redirect(`/?${new URLSearchParams({ sso_error: code })}`, 302);
      }
    },
  );

  // --- Two-factor authentication (docs/product/two-factor.md) --------------------------------

  app.post(
    '/api/auth/totp/setup',
    {
      config: { access: 'public', authCache: 'keeps', errors: [401, 403, 409, 429] },
      schema: {
        tags: ['auth'],
        summary: 'Starts setting up an authenticator app for the account these credentials open',
        body: TotpSetupBody,
        response: { 200: TotpSetupResponse },
      },
    },
    (request) => startTotpSetup(app.db, settings, { ...request.body, ip: request.ip }),
  );

  app.get(
    '/api/auth/session',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary:
          "The caller's account and the permission names of their global roles, in one answer (what every page needs)",
        security: [{ bearerAuth: [] }],
        response: { 200: SessionAnswer },
      },
    },
    (request) => sessionOf(principalOf(request)),
  );

  app.get(
    '/api/auth/totp',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: "Whether the caller's two-factor authentication is on, and whether it must be",
        security: [{ bearerAuth: [] }],
        response: { 200: TotpStatus },
      },
    },
    (request) => totpStatus(app.db, settings, principalOf(request)),
  );

  app.post(
    '/api/auth/totp/start',
    {
      config: { access: 'signed-in', authCache: 'keeps', errors: [403, 409, 429] },
      schema: {
        tags: ['auth'],
        summary:
          "Starts setting up an authenticator app for the caller's account, after the current password",
        security: [{ bearerAuth: [] }],
        body: TotpStartBody,
        response: { 200: TotpSetupResponse },
      },
    },
    (request) => startOwnTotpSetup(app.db, settings, principalOf(request), request.body.password, request.ip),
  );

  app.post(
    '/api/auth/totp/enable',
    {
      config: { access: 'signed-in', authCache: 'keeps', errors: [409] },
      schema: {
        tags: ['auth'],
        summary: 'Turns two-factor authentication on with the first code of the key being set up',
        security: [{ bearerAuth: [] }],
        body: TotpEnableBody,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await enableTotp(app.db, principalOf(request), request.body.code);
      return { message: 'Two-factor authentication is on' };
    },
  );

  app.post(
    '/api/auth/totp/disable',
    {
      config: { access: 'signed-in', authCache: 'keeps', errors: [403, 409, 429] },
      schema: {
        tags: ['auth'],
        summary: 'Turns two-factor authentication off, after the current password',
        security: [{ bearerAuth: [] }],
        body: TotpDisableBody,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await disableTotp(app.db, settings, principalOf(request), request.body.password, request.ip);
      return { message: 'Two-factor authentication is off' };
    },
  );
};
