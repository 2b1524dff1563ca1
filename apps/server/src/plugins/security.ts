import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Security headers: a strict CSP with no inline script, nosniff, no referrer leaks. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and the charts set style properties; no script runs inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the thumbnails of image attachments, fetched with the session's token (an
        // <img src> cannot send it) and drawn from object URLs; an <img> never runs script.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent below, and only over HTTPS: on plain HTTP it means nothing, and a server reached by
    // plain HTTP on a name that also serves other sites must not pin them all to HTTPS.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  // No CORS plugin on purpose: the app is served from the API's own origin, so browsers never
  // get an Access-Control-Allow-Origin header and other sites cannot read answers.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // `protocol` is 'https' for a TLS socket, or from X-Forwarded-Proto when TRUST_PROXY=true.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done();
  });
});

/**
 * Helmet's headers, worked out once: with these options they are the same for every request,
 * and building them per request (as @fastify/helmet does) cost a few percent of a small read.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

const HSTS = 'max-age=31536000; includeSubDomains';
