import type { CaseField, CaseFieldType, CreateCaseFieldBody } from '@verdict/contract';

/** What the field form holds: everything as text, as the controls give it. */
export interface FieldFormValues {
  name: string;
  type: CaseFieldType;
  required: boolean;
  /** One option a line (select and multiselect). */
  options: string;
  /** The default as typed; its meaning depends on the type (see defaultOf). */
  default: string;
}

export const TYPE_LABELS: Record<CaseFieldType, string> = {
  text: 'Text (one line)',
  textarea: 'Text (several lines)',
  number: 'Number',
  select: 'Select (one option)',
  multiselect: 'Multiselect (several options)',
  checkbox: 'Checkbox',
  date: 'Date',
  url: 'Web address',
};

export const isChoice = (type: CaseFieldType) => type === 'select' || type === 'multiselect';

export const BLANK_FIELD: FieldFormValues = {
  name: '',
  type: 'text',
  required: false,
  options: '',
  default: '',
};

export function optionLines(text: string): string[] {
  return [...new Set(text.split('\n').map((line) => line.trim()))].filter((line) => line !== '');
}

/**
 * The default the server is sent: empty is none; a number and a checkbox are converted; a
 * multiselect's default is its options separated by commas. A value that does not convert
 * is sent as typed, so the server's message names the problem.
 */
export function defaultOf(values: FieldFormValues): unknown {
  const text = values.default.trim();
  if (text === '') return null;
  switch (values.type) {
    case 'number':
      return Number.isFinite(Number(text)) ? Number(text) : text;
    case 'checkbox':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'multiselect':
      return text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
    default:
      return text;
  }
}

export function bodyOf(values: FieldFormValues): CreateCaseFieldBody {
  return {
    name: values.name.trim(),
    type: values.type,
    required: values.required,
    ...(isChoice(values.type) ? { options: optionLines(values.options) } : {}),
    default: defaultOf(values),
  };
}

export function formValuesOf(field: CaseField): FieldFormValues {
  const value = field.default;
  return {
    name: field.name,
    type: field.type,
    required: field.required,
    options: field.options.join('\n'),
    default:
      value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value),
  };
}

/** A field's default as one line of text for the list. */
export function defaultText(field: CaseField): string {
  const value = field.default;
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'checked' : 'unchecked';
  return Array.isArray(value) ? value.join(', ') : String(value);
}
