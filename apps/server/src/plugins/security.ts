import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers: a strict CSP with no inline script, nosniff, no referrer leaks. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and the charts set style properties; no script runs inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
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
  app.addHook('onRequest', async (request, reply) => {
    // `protocol` is 'https' for a TLS socket, or from X-Forwarded-Proto when TRUST_PROXY=true.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
});

const HSTS = 'max-age=31536000; includeSubDomains';
