import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A caller's (or a proxy's) own id is kept when it is plain: a log line must not carry text a
 * caller chose that could pass for another field or another line (docs/decisions/150-request-ids.md).
 */
const WELL_FORMED = /^[A-Za-z0-9._:/+=@-]{1,128}$/;

/** Fastify's `genReqId`: the incoming X-Request-Id when well formed, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

/**
 * Every answer says which request it was (X-Request-Id), so a caller's report can be matched with
 * the server's log, whose every line of the request carries the same id as `reqId`.
 */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
});
