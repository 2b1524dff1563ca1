import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable, isUnstorableText, loggableError } from '../lib/db-failure.ts';
import { dbViolationOf } from '../lib/db-violation.ts';
import { AppError, codeOfStatus, TooManyRequestsError } from '../lib/errors.ts';

interface ValidationIssue {
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
}

function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const missing = issue.params?.missingProperty ?? issue.params?.additionalProperty;
  const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const field = [path, typeof missing === 'string' ? missing : ''].filter(Boolean).join('.');
  return field || context || 'body';
}

function describe(issue: ValidationIssue): string {
  if (issue.params?.additionalProperty) return 'is not allowed';
  if (issue.params?.missingProperty) return 'is required';
  return issue.message ?? 'is invalid';
}

/**
 * One error handler: every failure answers `{message, code}` (docs/product/README.md, "Errors"),
 * and a 5xx hides its cause.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) {
        reply.header('Retry-After', String(error.retryAfterSeconds));
      }
      const { message, code, details } = error;
      return reply.status(error.statusCode).send(details ? { message, code, details } : { message, code });
    }
    if (error.validation) {
      const details = error.validation.map((issue) => ({
        field: fieldOf(issue as ValidationIssue, error.validationContext),
        message: describe(issue as ValidationIssue),
      }));
      const first = details[0];
      const message = first ? `Invalid ${first.field}: ${first.field} ${first.message}` : 'Invalid request';
      return reply.status(400).send({ message, code: 'invalid_request', details });
    }
    const violation = dbViolationOf(error);
    if (violation?.kind === 'unique') {
      return reply.status(409).send({ message: 'That already exists', code: 'already_exists' });
    }
    if (violation?.kind === 'foreign-key') {
      return reply
        .status(409)
        .send({ message: 'That is still in use or refers to something missing', code: 'in_use' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: loggableError(error) }, 'database unavailable');
      return reply
        .status(503)
        .send({ message: 'The database is not available; try again shortly', code: 'unavailable' });
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({
        message:
          'The request holds text that cannot be stored (such as a NUL character or an overlong value)',
        code: 'invalid_request',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const messages: Record<number, string> = {
        413: 'The request body is too large',
        415: 'Send the request body as JSON',
      };
      const badJson = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/.test(error.message);
      const message = messages[status] ?? (badJson ? 'The request body is not valid JSON' : error.message);
      const code = badJson && !messages[status] ? 'invalid_json' : codeOfStatus(status);
      return reply.status(status).send({ message, code });
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on the server', code: 'internal' });
  });
});
