import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadPrincipal, type Principal } from '../modules/authz/authorization.ts';

/**
 * Benchmark only: `npm run bench` measures what authentication and permission checks cost by
 * sending the same requests with and without them to one server, back to back. Registered by
 * buildApp only when the benchmark's own entry (bench/bench-server.ts) asks for it, before the
 * auth plugin: a request carrying the header below then acts as the first administrator
 * without a token; every other request is checked as always. It says so loudly at start.
 */
export const BENCH_AUTH_OFF_HEADER = 'x-verdict-bench-auth-off';

export const benchAuthOffPlugin = fp(async (app: FastifyInstance) => {
  console.warn(
    `WARNING: requests with ${BENCH_AUTH_OFF_HEADER}: 1 skip authentication (benchmark only); never start a server this way otherwise`,
  );
  let administrator: Promise<Principal> | undefined;
  app.addHook('onRequest', async (request) => {
    if (request.headers[BENCH_AUTH_OFF_HEADER] !== '1') return;
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    administrator ??= loadPrincipal(app.db, 1).then((principal) => {
      if (!principal) throw new Error('benchmark: user 1 is missing');
      return principal;
    });
    request.principal = await administrator;
  });
});
