import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

/** One registered route and method, read lazily so later onRoute hooks' changes show. */
export interface RouteEntry {
  method: string;
  url: string;
  options: RouteOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, one entry per method (HEAD included). */
    routeCatalogue: RouteEntry[];
  }
}

/**
 * Records every route as it is registered, so tests can walk the real route table (access
 * rules, schemas) rather than a list kept by hand that could fall behind.
 */
export const routeCataloguePlugin = fp(async (app: FastifyInstance) => {
  const entries: RouteEntry[] = [];
  app.decorate('routeCatalogue', entries);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      entries.push({ method, url: route.url, options: route });
    }
  });
});
