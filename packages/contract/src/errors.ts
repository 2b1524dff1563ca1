import { type Static, Type } from 'typebox';

import { ERROR_CODES, type ErrorCode } from './error-codes.ts';

export { ERROR_CODES, type ErrorCode, isErrorCode } from './error-codes.ts';

/** A string of the list: typed as the union, and an `enum` in the OpenAPI document. */
export const ErrorCodeSchema = Type.Unsafe<ErrorCode>({ type: 'string', enum: [...ERROR_CODES] });

/** Every error answer; `details` names the fields of a 400. */
export const ErrorResponse = Type.Object({
  message: Type.String(),
  code: ErrorCodeSchema,
  details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
});
export type ErrorResponse = Static<typeof ErrorResponse>;
