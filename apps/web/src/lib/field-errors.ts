import { ApiError } from './api-client';

/** Messages by the body field they are about, e.g. `{ email: 'A user with this email already exists' }`. */
export type FieldErrors = Readonly<Record<string, string>>;

const NONE: FieldErrors = {};

/** Conflicts the server words after the field they concern (docs/product/users-and-sub-users.md, roles-and-permissions.md). */
const CONFLICTS: ReadonlyArray<{ pattern: RegExp; field: (match: RegExpExecArray) => string }> = [
  { pattern: /^A user with this (email|username) already exists/, field: (match) => match[1] as string },
  { pattern: /^A (?:role|permission) named ".*" already exists/, field: () => 'name' },
];

/**
 * Which fields a refused save was about, so each form can show the reason at its field
 * (docs/product/errors-and-keyboard.md, "Forms"): a 400 lists them in `details` as
 * `{field, message}` (docs/product/README.md, "Errors"); a 409 names the field in its message.
 * A 400 about one field shows the server's whole message there (it may be a full sentence,
 * such as the common-password one); several fields each get "{field} {problem}".
 */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return NONE;
  const message = error.serverMessage ?? '';
  if (error.status === 409) {
    for (const { pattern, field } of CONFLICTS) {
      const match = pattern.exec(message);
      if (match) return { [field(match)]: message };
    }
    return NONE;
  }
  if (error.status !== 400) return NONE;
  const details = detailsOf(error.body);
  if (details.length === 1) return { [(details[0] as Detail).field]: message };
  const errors: Record<string, string> = {};
  for (const detail of details) errors[detail.field] ??= `${detail.field} ${detail.message}`;
  return errors;
}

interface Detail {
  field: string;
  message: string;
}

function detailsOf(body: unknown): Detail[] {
  if (typeof body !== 'object' || body === null) return [];
  const details: unknown = (body as { details?: unknown }).details;
  if (!Array.isArray(details)) return [];
  return details.filter(
    (detail): detail is Detail =>
      typeof detail === 'object' &&
      detail !== null &&
      typeof (detail as Detail).field === 'string' &&
      typeof (detail as Detail).message === 'string',
  );
}
