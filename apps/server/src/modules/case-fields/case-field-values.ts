import { CASE_FIELD_LIMITS, type CaseField, type CustomFieldValues } from '@verdict/contract';
import { BadRequestError } from '../../lib/errors.ts';

type FieldRule = Pick<CaseField, 'id' | 'name' | 'type' | 'options'>;

/** Why `value` does not fit the field, or null when it does (null and '' never reach here). */
export function valueProblem(field: FieldRule, value: unknown): string | null {
  switch (field.type) {
    case 'text':
    case 'textarea':
      if (typeof value !== 'string') return `${field.name} must be text`;
      if (value.length > CASE_FIELD_LIMITS.textMax)
        return `${field.name} must be at most ${CASE_FIELD_LIMITS.textMax} characters`;
      if (field.type === 'text' && /[\r\n]/.test(value)) return `${field.name} must be one line`;
      return null;
    case 'url':
      return typeof value === 'string' && isWebAddress(value)
        ? null
        : `${field.name} must be a web address starting with http:// or https://`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${field.name} must be a number`;
    case 'checkbox':
      return typeof value === 'boolean' ? null : `${field.name} must be true or false`;
    case 'date':
      return typeof value === 'string' && isCalendarDate(value)
        ? null
        : `${field.name} must be a date (YYYY-MM-DD)`;
    case 'select':
      return typeof value === 'string' && field.options.includes(value)
        ? null
        : `${field.name} must be one of its options`;
    case 'multiselect':
      return Array.isArray(value) &&
        value.every((v) => typeof v === 'string' && field.options.includes(v)) &&
        new Set(value).size === value.length
        ? null
        : `${field.name} must be a list of its options, each once`;
    default:
      return `${field.name} has an unknown type`;
  }
}

/** Empty values unset a field: null, '', and an empty multiselect. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

function isWebAddress(text: string): boolean {
  if (text.length > 2000) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/**
 * The custom field values a case keeps after a create or an update
 * (docs/product/rich-cases.md, "Custom fields"): `given` (the body's, possibly absent) over
 * `current` (the case's), each checked by its field's type; empty values unset a field; on a
 * create, fields left out take their default. Required fields must hold a value whenever the
 * request sends `custom_fields` or creates the case: an older client that edits only the name
 * of a case is not stopped by a field made required later. Every problem is a 400 naming
 * `custom_fields.<id>`.
 */
export function resolveCustomFields(
  fields: (FieldRule & Pick<CaseField, 'required' | 'default'>)[],
  current: CustomFieldValues,
  given: CustomFieldValues | undefined,
  creating: boolean,
): CustomFieldValues {
  const byId = new Map(fields.map((f) => [String(f.id), f]));
  const problems: { field: string; message: string }[] = [];
  // Values of deleted fields are gone from the cases already; anything else is kept.
  const values: CustomFieldValues = Object.fromEntries(
    Object.entries(current).filter(([id]) => byId.has(id)),
  );
  for (const [id, value] of Object.entries(given ?? {})) {
    const field = byId.get(id);
    if (!field) {
      problems.push({ field: `custom_fields.${id}`, message: `No custom field ${id} in this project` });
    } else if (isEmptyValue(value)) {
      delete values[id];
    } else {
      const problem = valueProblem(field, value);
      if (problem) problems.push({ field: `custom_fields.${id}`, message: problem });
      else values[id] = value;
    }
  }
  for (const field of fields) {
    const id = String(field.id);
    if (creating && !(id in (given ?? {})) && !isEmptyValue(field.default)) values[id] = field.default;
    if (field.required && (creating || given !== undefined) && !(id in values)) {
      problems.push({ field: `custom_fields.${id}`, message: `${field.name} is required` });
    }
  }
  if (problems.length > 0) throw new BadRequestError(problems[0]!.message, problems);
  return values;
}
