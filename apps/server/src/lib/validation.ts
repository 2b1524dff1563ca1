import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS: its function is the default export at run time.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * How requests are validated, part by part:
 * - a JSON body is taken as sent: no type coercion, so `{"name": true}` is 400 ("must be
 *   string") instead of being stored as "true", and `{"project_id": "1"}` is 400 as well;
 * - path parameters and the query string are text by nature, so their numbers are read from
 *   text; but an integer there must be written in plain decimal digits, without sign, spaces,
 *   leading zeros, exponent, fraction or hex (`+1`, ` 1`, `01`, `1e0`, `1.0`, `0x1` all answer
 *   400), so each id has exactly one spelling.
 */

const SHARED: Options = {
  // Unknown properties are refused, not silently dropped (additionalProperties: false).
  removeAdditional: false,
  useDefaults: true,
  // One error is enough to answer, and checking them all could be made expensive.
  allErrors: false,
  addUsedSchema: false,
};

/** A plain decimal integer: 0, or digits without a leading zero. */
const PLAIN_INTEGER = /^(?:0|[1-9][0-9]*)$/;

type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema>; items?: JsonSchema };

function isInteger(schema: JsonSchema | undefined): boolean {
  return schema?.type === 'integer';
}

/** The top-level fields that hold integers (or arrays of them), read from text. */
function integerFields(schema: JsonSchema): { name: string; array: boolean }[] {
  const fields: { name: string; array: boolean }[] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    if (isInteger(field)) fields.push({ name, array: false });
    else if (field.type === 'array' && isInteger(field.items)) fields.push({ name, array: true });
  }
  return fields;
}

/** Refuses integers not written in plain digits, then validates (and converts) as usual. */
function plainIntegers(schema: JsonSchema, validate: ValidateFunction): ValidateFunction {
  const fields = integerFields(schema);
  if (fields.length === 0) return validate;
  const checked = ((data: unknown, context?: unknown) => {
    if (data && typeof data === 'object') {
      for (const { name, array } of fields) {
        const value = (data as Record<string, unknown>)[name];
        const values = array && Array.isArray(value) ? value : [value];
        for (const [index, item] of values.entries()) {
          if (typeof item !== 'string' || PLAIN_INTEGER.test(item)) continue;
          const path = array && Array.isArray(value) ? `/${name}/${index}` : `/${name}`;
          const issue: ErrorObject = {
            instancePath: path,
            schemaPath: `#/properties/${name}/type`,
            keyword: 'type',
            params: { type: 'integer' },
            message: 'must be a whole number in plain decimal digits',
          };
          checked.errors = [issue];
          return false;
        }
      }
    }
    const valid = (validate as (data: unknown, context?: unknown) => boolean)(data, context);
    checked.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  // Fastify passes the parent object to Ajv's own functions (marked by schemaEnv) so that Ajv
  // may replace a root value; keep that behaviour.
  Object.assign(checked, { schemaEnv: validate.schemaEnv, schema: validate.schema });
  return checked;
}

/** The validator compiler of one app: a strict Ajv for bodies, a text-reading one for the rest. */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const bodies = addFormats(new Ajv({ ...SHARED, coerceTypes: false }));
  const text = addFormats(new Ajv({ ...SHARED, coerceTypes: 'array' }));
  return ({ schema, httpPart }) => {
    if (httpPart === 'body') return bodies.compile(schema as object);
    const validate = text.compile(schema as object);
    return httpPart === 'params' || httpPart === 'querystring'
      ? plainIntegers(schema as JsonSchema, validate)
      : validate;
  };
}

/**
 * An id read from text before the schema has run (an onRequest hook): the number, or null when
 * the text is not a plain positive decimal integer in range (the schema then answers 400).
 */
export function plainId(text: unknown): number | null {
  if (typeof text !== 'string' || !PLAIN_INTEGER.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
