import { ErrorResponse } from '@verdict/contract';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isGuardedRoute } from './input-guard.ts';

/** Refusals a route declares for itself, beyond those its access rule and its input imply. */
export type RouteError = 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 503;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The refusals particular to this route: 404 for a missing (or hidden) row, 405 for a method
     * the address does not take (the stateless MCP endpoint's GET and DELETE), 409 for a
     * clash, 413 and 415 for a body it cannot take, 429 for a lockout, 503 for the database.
     * 400, 401 and 403 are derived from the route (errorStatusesOf) and never listed here,
     * except by a public route that can still answer 401 or 403 (the sign-in).
     */
    errors?: readonly RouteError[];
  }
}

/**
 * Every error status a route of the API can answer, in one place:
 * - 400: each validates its input (a route with no query or body schema takes none, and says so
 *   with a 400, input-guard.ts);
 * - 401: each whose access rule needs a signed-in caller;
 * - 403: each whose access rule can refuse: a permission (global or in the project) or a
 *   signed-in session (sessionOnly);
 * - 429: each a personal API token may call, over its request limits (api-tokens/token-limits.ts);
 * - and the route's own `config.errors`.
 */
export function errorStatusesOf(config: FastifyContextConfig | undefined): number[] {
  const access = config?.access;
  const statuses = new Set<number>([400]);
  if (access !== 'public') statuses.add(401);
  if (typeof access === 'object' || config?.sessionOnly) statuses.add(403);
  if (access !== 'public' && !config?.sessionOnly) statuses.add(429);
  for (const status of config?.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * The error answer's schema, once: added as a shared schema and referred to by every error
 * response, so the OpenAPI document holds it (and its list of codes) in one place,
 * `#/components/schemas/ErrorResponse`, instead of once per response.
 */
export const ERROR_RESPONSE_REF = { $ref: 'ErrorResponse#' } as const;

/**
 * Fills each API route's error responses (every one a reference to the `ErrorResponse` schema) from
 * errorStatusesOf, so the OpenAPI document lists the same refusals for every route alike. A route
 * that writes an error response into its schema by hand stops the server from starting: it is
 * declared once, in `config`. Registered after the auth plugin and before the docs.
 */
export const routeResponsesPlugin = fp(async (app: FastifyInstance) => {
  app.addSchema({ $id: 'ErrorResponse', ...JSON.parse(JSON.stringify(ErrorResponse)) });
  app.addHook('onRoute', (route) => {
    if (!isGuardedRoute(route.url)) return;
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    const byHand = Object.keys(response).filter((status) => Number(status) >= 400);
    if (byHand.length > 0) {
      throw new Error(
        `Route ${route.method} ${route.url} declares error responses (${byHand.join(', ')}) in its schema; list them in config.errors`,
      );
    }
    const errors = Object.fromEntries(
      errorStatusesOf(route.config).map((status) => [status, ERROR_RESPONSE_REF]),
    );
    route.schema = { ...route.schema, response: { ...response, ...errors } };
  });
});
