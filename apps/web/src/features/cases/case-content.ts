import {
  CASE_CONTENT_LIMITS,
  type CaseBody,
  type CaseField,
  type CaseParameters,
  type CasePriority,
  type CaseStepEntry,
  type CustomFieldValues,
  type TestCaseDetail,
} from '@verdict/contract';

/** What the case forms hold below Name and Description (docs/product/rich-cases-screens.md). */
export interface RichContent {
  preconditions: string;
  priority: CasePriority;
  tags: string[];
  /** Written steps and references to shared step sets, in order. */
  steps: CaseStepEntry[];
  /** By field id; each value as its control holds it (a number as typed text). */
  custom_fields: Record<string, unknown>;
  /** Columns and rows of values (docs/product/parameters-screens.md); null for none. */
  parameters: CaseParameters | null;
}

export const EMPTY_RICH_CONTENT: RichContent = {
  preconditions: '',
  priority: 'medium',
  tags: [],
  steps: [],
  custom_fields: {},
  parameters: null,
};

/** A control's value for a field's stored value (or its default on a new case). */
export function controlValue(field: CaseField, value: unknown): unknown {
  const given = value === undefined ? null : value;
  switch (field.type) {
    case 'checkbox':
      return given === true;
    case 'multiselect':
      return Array.isArray(given) ? given.filter((v): v is string => typeof v === 'string') : [];
    case 'number':
      return typeof given === 'number' ? String(given) : '';
    default:
      return typeof given === 'string' ? given : '';
  }
}

/** The form's starting content: a case's, or a new case's (custom fields start at `fieldValue`). */
export function richContentOf(testCase: TestCaseDetail | null): RichContent {
  if (!testCase) return { ...EMPTY_RICH_CONTENT, custom_fields: {} };
  return {
    preconditions: testCase.preconditions,
    priority: testCase.priority,
    tags: [...testCase.tags],
    // Only what a body may hold: a step's two texts, or a reference's set id.
    steps: testCase.steps.map((step) =>
      'shared_steps_id' in step
        ? { shared_steps_id: step.shared_steps_id }
        : { action: step.action, expected: step.expected },
    ),
    custom_fields: {},
    parameters: testCase.parameters
      ? { columns: [...testCase.parameters.columns], rows: testCase.parameters.rows.map((row) => [...row]) }
      : null,
  };
}

/**
 * A custom field's control value: what the person set, else the case's value, else (on a new
 * case) the field's default. The fields load after the form shows, so nothing is copied early.
 */
export function fieldValue(content: RichContent, field: CaseField, testCase: TestCaseDetail | null): unknown {
  const id = String(field.id);
  if (id in content.custom_fields) return content.custom_fields[id];
  return controlValue(field, testCase ? testCase.custom_fields[id] : field.default);
}

/**
 * The rich part of a create or update body. Every field the form shows is sent, since an update
 * that leaves one out keeps its old value; an emptied custom field is sent as null (unset), and
 * so are removed parameters.
 */
export function richBody(
  content: RichContent,
  fields: readonly CaseField[],
  testCase: TestCaseDetail | null,
): Omit<CaseBody, 'name'> {
  const body: Omit<CaseBody, 'name'> = {
    preconditions: content.preconditions,
    priority: content.priority,
    tags: content.tags,
    steps: content.steps,
  };
  // A new case without parameters need not say so; an edited one sends null to remove them.
  if (content.parameters !== null || testCase !== null) body.parameters = content.parameters;
  if (fields.length > 0) {
    const custom: CustomFieldValues = {};
    for (const field of fields)
      custom[String(field.id)] = sentValue(field, fieldValue(content, field, testCase));
    body.custom_fields = custom;
  }
  return body;
}

function sentValue(field: CaseField, value: unknown): unknown {
  if (field.type === 'checkbox') return value === true;
  if (field.type === 'multiselect') return Array.isArray(value) && value.length > 0 ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (field.type === 'number') {
    const number = Number(value);
    // A number the browser cannot read goes as typed, so the server names the field.
    return Number.isFinite(number) ? number : value;
  }
  return value;
}

/**
 * A typed tag as the server keeps it: trimmed and lower-case (tags are case-insensitive), or null
 * when nothing is left. Commas separate tags, so none is kept inside one.
 */
export function normalizeTag(raw: string): string | null {
  const tag = raw.replace(/,/g, ' ').trim().toLowerCase().slice(0, CASE_CONTENT_LIMITS.tagMax);
  return tag === '' ? null : tag;
}

/** The tags with `raw` added once (commas in `raw` make several), up to the limit. */
export function addTags(tags: readonly string[], raw: string): string[] {
  const next = [...tags];
  for (const part of raw.split(',')) {
    const tag = normalizeTag(part);
    if (tag && !next.includes(tag) && next.length < CASE_CONTENT_LIMITS.tagsMax) next.push(tag);
  }
  return next;
}

/** A stored custom field value as words: 'Yes'/'No', options joined, '-' when unset. */
export function fieldText(field: Pick<CaseField, 'type'> | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '-';
  if (field?.type === 'checkbox' || typeof value === 'boolean') return value === true ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '-';
  return String(value);
}
