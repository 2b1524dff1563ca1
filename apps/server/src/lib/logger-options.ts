import type { FastifyServerOptions } from 'fastify';

/**
 * The server's logger. Fastify logs no bodies; these paths are redacted anyway, so that a log
 * line added later with a request body, a user row or headers cannot carry a secret.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body.password',
        '*.password',
        '*.passwordHash',
        '*.password_hash',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}
