import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { BadRequestError } from '../lib/errors.ts';

/** A query string with no parameters at all: `?anything` on such a route answers 400. */
export const EmptyQuery = Type.Object({}, { additionalProperties: false });

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** API routes other than the documentation's static files, which take no input. */
export function isGuardedRoute(url: string | undefined): boolean {
  return Boolean(url?.startsWith('/api/') && url !== '/api/docs' && !url.startsWith('/api/docs/'));
}

function isEmptyBody(body: unknown): boolean {
  if (body === undefined || body === null || body === '') return true;
  return typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0;
}

/** The path of the first NUL character in a key or string value, or null. */
function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object' || depth > 20) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    const found = nulPath(item, itemPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Input rules every API route gets, so none can forget them:
 * - a route that declares no query schema takes no query parameters (unknown ones answer 400,
 *   like unknown body properties);
 * - a route that declares no body schema takes no body;
 * - no text may hold a NUL character, which PostgreSQL cannot store (it would be a 500).
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (!isGuardedRoute(route.url)) return;
    if (!route.schema?.querystring) route.schema = { ...route.schema, querystring: EmptyQuery };
  });

  app.addHook('preValidation', async (request) => {
    if (!isGuardedRoute(request.routeOptions.url)) return;
    if (
      request.routeOptions.schema?.body === undefined &&
      BODY_METHODS.has(request.method) &&
      !isEmptyBody(request.body)
    ) {
      throw new BadRequestError('This request takes no body', [{ field: 'body', message: 'must be empty' }]);
    }
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      // A raw file (a case import's) is checked by its reader, not walked byte by byte here.
      ['body', typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? request.body : undefined],
    ] as const) {
      const path = nulPath(value, '');
      if (path !== null) {
        const field = path || part;
        throw new BadRequestError(`Invalid ${field}: ${field} must not contain NUL characters`, [
          { field, message: 'must not contain NUL characters' },
        ]);
      }
    }
  });
});
