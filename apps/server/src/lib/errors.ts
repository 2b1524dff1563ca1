import type { ErrorCode } from '@verdict/contract';

/**
 * Typed domain errors. Services throw these; only the error handler turns them into HTTP
 * answers, so rules never speak HTTP. Each carries the stable `code` of the contract's
 * ERROR_CODES: its class's general one unless the throw names a particular one.
 */
type Details = { field: string; message: string }[];

export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Details,
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? codeOfStatus(statusCode);
  }
}

/** The general code of a status, for an error that names none. */
export function codeOfStatus(status: number): ErrorCode {
  const codes: Record<number, ErrorCode> = {
    400: 'invalid_request',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    413: 'too_large',
    415: 'unsupported_media_type',
    429: 'rate_limited',
    503: 'unavailable',
  };
  return codes[status] ?? (status >= 500 ? 'internal' : 'invalid_request');
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: Details, code?: ErrorCode) {
    super(400, message, details, code);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required', code?: ErrorCode) {
    super(401, message, undefined, code);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string, code?: ErrorCode) {
    super(403, message, undefined, code);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, code?: ErrorCode) {
    super(409, message, undefined, code);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message = 'The database is not available; try again shortly') {
    super(503, message);
  }
}
