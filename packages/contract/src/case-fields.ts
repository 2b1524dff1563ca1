import { type Static, Type } from 'typebox';
import { LIMITS } from './constants.ts';

/** The types a custom case field can have (docs/product/rich-cases.md, "Custom fields"). */
export const CASE_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'select',
  'multiselect',
  'checkbox',
  'date',
  'url',
] as const;
export const CaseFieldType = Type.Union([
  Type.Literal('text'),
  Type.Literal('textarea'),
  Type.Literal('number'),
  Type.Literal('select'),
  Type.Literal('multiselect'),
  Type.Literal('checkbox'),
  Type.Literal('date'),
  Type.Literal('url'),
]);
export type CaseFieldType = Static<typeof CaseFieldType>;

export const CASE_FIELD_LIMITS = {
  /** Fields per project. */
  fieldsMax: 100,
  optionsMax: 200,
  optionMax: 100,
  /** A text, url or textarea value. */
  textMax: 10_000,
} as const;

/** A project's custom field. `options` only for select and multiselect; `default` is a value of the type, or null. */
export const CaseField = Type.Object({
  id: Type.Integer(),
  project_id: Type.Integer(),
  name: Type.String(),
  type: CaseFieldType,
  required: Type.Boolean(),
  options: Type.Array(Type.String()),
  default: Type.Unknown(),
  position: Type.Integer(),
});
export type CaseField = Static<typeof CaseField>;

export const CaseFieldList = Type.Object({ fields: Type.Array(CaseField) });
export type CaseFieldList = Static<typeof CaseFieldList>;

const FieldName = Type.String({ minLength: 1, maxLength: LIMITS.nameMax });
const Options = Type.Array(Type.String({ minLength: 1, maxLength: CASE_FIELD_LIMITS.optionMax }), {
  maxItems: CASE_FIELD_LIMITS.optionsMax,
});

export const CreateCaseFieldBody = Type.Object(
  {
    name: FieldName,
    type: CaseFieldType,
    required: Type.Optional(Type.Boolean()),
    options: Type.Optional(Options),
    default: Type.Optional(Type.Unknown()),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  },
  { additionalProperties: false },
);
export type CreateCaseFieldBody = Static<typeof CreateCaseFieldBody>;

/** A field's type cannot change (values already written would no longer fit); everything else can. */
export const UpdateCaseFieldBody = Type.Object(
  {
    name: Type.Optional(FieldName),
    required: Type.Optional(Type.Boolean()),
    options: Type.Optional(Options),
    default: Type.Optional(Type.Unknown()),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  },
  { additionalProperties: false },
);
export type UpdateCaseFieldBody = Static<typeof UpdateCaseFieldBody>;

export const CaseFieldMutation = Type.Object({ message: Type.String(), field: CaseField });
export type CaseFieldMutation = Static<typeof CaseFieldMutation>;
