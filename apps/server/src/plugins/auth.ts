import { randomUUID } from 'node:crypto';
import type { PermissionName } from '@verdict/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../lib/errors.ts';
import { isApiTokenBearer } from '../modules/api-tokens/api-token-secret.ts';
import { authenticateApiToken } from '../modules/api-tokens/api-tokens-service.ts';
import { TokenLimits, weightOf } from '../modules/api-tokens/token-limits.ts';
import type { TokenClaims } from '../modules/auth/tokens.ts';
import { AUTH_CHANNEL, AuthCache, attachAuthCache } from '../modules/authz/auth-cache.ts';
import { AuthPeers } from '../modules/authz/auth-peers.ts';
import {
  loadSession,
  type Principal,
  requireAdministratorRole,
  requireAnyGlobal,
} from '../modules/authz/authorization.ts';
import type { RouteError } from './route-responses.ts';

/**
 * What a route needs, declared on every /api route as `config.access`:
 * - 'public': no token (sign-in, health, docs);
 * - 'signed-in': any active user; finer checks (ownership, project role) live in the service;
 * - { global: [...] }: one of these permissions held globally, checked here before the body is read;
 *   with `administratorRole` (what the caller would do, for the refusal) the caller must also hold
 *   the built-in Administrator role itself, whatever else they hold (decision 158: the backup);
 * - { project: name }: that permission inside the target project, checked by the service
 *   (it needs the project, which only the service resolves).
 */
export type RouteAccess =
  | 'public'
  | 'signed-in'
  | { global: PermissionName[]; administratorRole?: string }
  | { project: PermissionName };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * Refused to personal API tokens: the route changes passwords, emails, users, sub-users,
     * roles, permissions or API tokens, so a leaked token cannot take or keep an account.
     */
    sessionOnly?: true;
    /**
     * Declared by every route that writes (any method but GET, HEAD and OPTIONS): whether it
     * may change what authentication or project access read (users, roles, permissions,
     * sign-outs, projects, members), so the auth cache is emptied before it answers, on this
     * instance and every other ('invalidates'), or not ('keeps').
     */
    authCache?: 'invalidates' | 'keeps';
    /**
     * An import or a bulk call: a personal API token spends one more unit of its limit per 64 KiB
     * of the body (modules/api-tokens/token-limits.ts).
     */
    weighted?: true;
  }
  interface FastifyInstance {
    /**
     * Calls `listener` whenever what authentication reads may have changed (a sign-out, a
     * password, a status, a role, an API token), on this instance or another one, and when the
     * listening connection comes back (a change may have been missed). Answers an unsubscribe.
     */
    onAuthChange(listener: () => void): () => void;
    /** The personal API tokens' request limits of this instance, with how many requests they refused. */
    tokenLimits: TokenLimits;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** Set for a session (JWT) token; null when the caller used an API token. */
    tokenClaims: TokenClaims | null;
    /** Set when the caller used a personal API token: it acts as its owner. */
    apiTokenId: number | null;
  }
}

/**
 * The config of a route that changes passwords, emails, users, sub-users, roles, permissions or
 * API tokens: refused to API tokens (sessionOnly), and it empties the auth cache when it answers.
 */
export function sessionOnlyWrite(access: RouteAccess, errors: readonly RouteError[] = []) {
  return { access, sessionOnly: true, authCache: 'invalidates', errors } as const;
}

export const SESSION_NEEDED =
  'This needs a signed-in session: a personal API token cannot change passwords, emails, users, sub-users, roles, permissions or API tokens';

export const PUBLIC_ROUTES = new Set([
  'POST /api/auth/login',
  // How to sign in, single sign-on's two legs, and setting up a second factor, which checks the
  // password itself (docs/product/single-sign-on.md, docs/product/two-factor.md).
  'GET /api/auth/methods',
  'GET /api/auth/oidc/start',
  'GET /api/auth/oidc/callback',
  'POST /api/auth/totp/setup',
  // "Forgot password?": the e-mailed link's token is the proof (docs/product/sign-in-and-sessions.md).
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  // A notification mail's one-click unsubscribe: the signed link is the proof (docs/product/notifications.md).
  'GET /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe',
  'GET /api/health',
  // Operations (docs/product/operations.md): readiness, and the metrics, which check their own
  // rule (a token or this machine only, modules/metrics/metrics-access.ts).
  'GET /api/ready',
  'GET /api/metrics',
  // The API documentation, whose routes @fastify/swagger-ui registers without an access rule.
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
]);

function methodsOf(route: { method: string | string[] }): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
}

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw new UnauthorizedError('Authentication required');
  if (isApiTokenBearer(match[1])) {
    const caller = await authenticateApiToken(app.db, match[1]);
    if (!caller) throw new UnauthorizedError('This API token is invalid or has been revoked');
    request.principal = caller.principal;
    request.apiTokenId = caller.apiTokenId;
    return;
  }
  const claims = app.tokens.verify(match[1]);
  if (!claims) throw new UnauthorizedError('Your session is invalid or has expired; sign in again');
  const { principal, revoked } = await loadSession(app.db, claims.id, claims.jti);
  // Deleted, deactivated, signed out, or password changed since the token was issued.
  if (revoked || !principal || principal.status !== 'active' || principal.tokenVersion !== (claims.tv ?? 0)) {
    throw new UnauthorizedError('Your session is invalid or has expired; sign in again');
  }
  request.principal = principal;
  request.tokenClaims = claims;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signed-in user of a route that is not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError();
  return request.principal;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  const limits = new TokenLimits({
    perToken: app.config.apiTokenRateLimit,
    perUser: app.config.apiUserRateLimit,
  });
  app.decorate('tokenLimits', limits);
  app.decorateRequest('principal', null);
  app.decorateRequest('tokenClaims', null);
  app.decorateRequest('apiTokenId', null);

  // A route under /api that forgets to declare its access, or a write that forgets to say what it
  // does to the auth cache, fails at start, not in production.
  app.addHook('onRoute', (route) => {
    if (methodsOf(route).some((m) => !READ_METHODS.has(m)) && !route.config?.authCache) {
      throw new Error(`Route ${route.method} ${route.url} writes but declares no authCache`);
    }
    if (!route.url.startsWith('/api')) return;
    // A route on the public list that declares nothing (the docs' own routes) is public.
    if (!route.config?.access && methodsOf(route).every((m) => PUBLIC_ROUTES.has(`${m} ${route.url}`))) {
      route.config = { ...route.config, access: 'public' };
    }
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    if (access === 'public') {
      for (const method of methodsOf(route)) {
        if (!PUBLIC_ROUTES.has(`${method} ${route.url}`)) {
          throw new Error(`Route ${method} ${route.url} is public but not on the public list`);
        }
      }
    }
  });

  const cache = new AuthCache();
  attachAuthCache(app.db, cache);
  const authChangeListeners = new Set<() => void>();
  const authChanged = () => {
    for (const listener of authChangeListeners) listener();
  };
  app.decorate('onAuthChange', (listener: () => void) => {
    authChangeListeners.add(listener);
    return () => authChangeListeners.delete(listener);
  });
  // Messages to the other instances skip waiting for a disk flush: none of them is data. On the
  // embedded database there is no other instance (its data directory is locked).
  const pool = app.database.pool;
  const peers = new AuthPeers(
    pool
      ? async (payload) => {
          await pool.query("select set_config('synchronous_commit', 'off', true), pg_notify($1, $2)", [
            AUTH_CHANNEL,
            payload,
          ]);
        }
      : null,
  );
  // An empty payload is the triggers' "something changed"; the instances' own messages go to
  // `peers`; any other is a settle() marker.
  const markers = new Map<string, () => void>();
  const unlisten = await app.database.listen(
    AUTH_CHANNEL,
    (payload) => {
      if (payload === '') {
        cache.invalidate();
        authChanged();
        return;
      }
      // Another instance answered a write that may change authentication; its own rows may
      // have no trigger (API tokens), so its `sync` is the news.
      if (payload.startsWith('sync:') && !payload.startsWith(`sync:${peers.id}:`)) authChanged();
      if (!peers.handle(payload)) markers.get(payload)?.();
    },
    (live) => {
      if (live) authChanged();
      if (!live) {
        cache.setEnabled(false);
        void peers.setLive(false);
        return;
      }
      // The cache turns on once the other instances can hear of this one (auth-peers.ts).
      void peers.setLive(true).then(() => {
        if (peers.isLive) cache.setEnabled(true);
      });
    },
  );
  // Notifications arrive in commit order: once our own marker is back, every change committed
  // before it has been applied to the cache.
  cache.settle = async () => {
    const pool = app.database.pool;
    if (!pool || !cache.isEnabled) return;
    const marker = randomUUID();
    const back = new Promise<void>((resolve) => {
      markers.set(marker, resolve);
      setTimeout(resolve, 2000).unref();
    });
    try {
      await pool.query('select pg_notify($1, $2)', [AUTH_CHANNEL, marker]);
      await back;
    } finally {
      markers.delete(marker);
    }
  };
  app.addHook('onClose', async () => {
    await peers.leave();
    await unlisten();
  });
  // This process forgets what a write may have changed before it answers, so the caller's next
  // request sees the change even before PostgreSQL's notification arrives; and, when other
  // instances share the database, it answers only once they have forgotten it too (auth-peers.ts).
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config?.authCache !== 'invalidates') return;
    cache.invalidate();
    authChanged();
    if (reply.statusCode < 400) await peers.confirm();
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    // Set already only by the benchmark's plugin (plugins/bench-auth-off.ts), never in production.
    if (request.principal) return;
    await authenticate(app, request);
    if (request.routeOptions.config?.sessionOnly && request.apiTokenId !== null) {
      throw new ForbiddenError(SESSION_NEEDED, 'session_required');
    }
    if (request.apiTokenId !== null) {
      const bytes = Number(request.headers['content-length'] ?? 0) || 0;
      const weight = weightOf(request.routeOptions.config?.weighted === true, bytes);
      const refusal = limits.take(request.apiTokenId, principalOf(request).id, weight);
      if (refusal) {
        const whose = refusal.scope === 'token' ? 'this API token' : "this user's API tokens";
        throw new TooManyRequestsError(
          `Too many requests for ${whose}: at most ${refusal.limit.toLocaleString('en-US')} a minute; try again in ${refusal.retryAfterSeconds} s`,
          refusal.retryAfterSeconds,
        );
      }
    }
    if (typeof access === 'object' && 'global' in access) {
      requireAnyGlobal(principalOf(request), access.global);
      if (access.administratorRole) {
        await requireAdministratorRole(app.db, principalOf(request), access.administratorRole);
      }
    }
  });
});
