import type { CaseContent, CaseField } from '@verdict/contract';
import { diffWordsWithSpace } from 'diff';
import { PRIORITY_LABELS } from '@/entities/case/case-priority';
import { fieldText } from './case-content';

/** One field of a version as text, so two versions compare word by word. */
export interface VersionField {
  key: string;
  label: string;
  text: string;
}

/** A run of text on one side of a diff: shared by both sides, or only on this one. */
export interface DiffPart {
  text: string;
  changed: boolean;
}

export interface FieldDiff {
  key: string;
  label: string;
  /** The older version's text, its removed words marked. */
  before: DiffPart[];
  /** The newer version's text, its added words marked. */
  after: DiffPart[];
}

/**
 * The steps numbered, each with its expected result when it has one (an empty one says nothing);
 * a shared step set as its id, since a version keeps only the reference.
 */
function stepsText(steps: CaseContent['steps']): string {
  return steps
    .map((step, index) => {
      if ('shared_steps_id' in step) return `${index + 1}. Shared steps #${step.shared_steps_id}`;
      const expected = step.expected.trim() === '' ? '' : `\n   Expected: ${step.expected}`;
      return `${index + 1}. ${step.action}${expected}`;
    })
    .join('\n');
}

/**
 * The parameters as a small text table: the column names, then each row numbered, values apart
 * by ' | '. Nothing for a version without parameters (one kept before they existed included).
 */
function parametersText(parameters: CaseContent['parameters'] | undefined): string {
  if (!parameters) return '';
  const rows = parameters.rows.map((row, index) => `${index + 1}. ${row.join(' | ')}`);
  return [parameters.columns.join(' | '), ...rows].join('\n');
}

/**
 * What a version holds, field by field in the order of the case form; custom fields by their
 * names (a field deleted since is named by its id).
 */
export function versionFields(content: CaseContent, fields: readonly CaseField[]): VersionField[] {
  const list: VersionField[] = [
    { key: 'name', label: 'Name', text: content.name },
    { key: 'description', label: 'Description', text: content.description },
    { key: 'preconditions', label: 'Preconditions', text: content.preconditions },
    { key: 'priority', label: 'Priority', text: PRIORITY_LABELS[content.priority] ?? content.priority },
    { key: 'tags', label: 'Tags', text: content.tags.join(', ') },
    { key: 'steps', label: 'Steps', text: stepsText(content.steps) },
    { key: 'parameters', label: 'Parameters', text: parametersText(content.parameters) },
  ];
  const byId = new Map(fields.map((field) => [String(field.id), field]));
  const ids = new Set([...fields.map((field) => String(field.id)), ...Object.keys(content.custom_fields)]);
  for (const id of ids) {
    const field = byId.get(id);
    list.push({
      key: `custom_fields.${id}`,
      label: field?.name ?? `Custom field ${id}`,
      text: fieldText(field, content.custom_fields[id]),
    });
  }
  return list;
}

/**
 * The fields that differ between an older and a newer version, each as its two sides with the
 * changed words marked (the `diff` package's word diff, spaces kept).
 */
export function diffVersions(
  older: CaseContent,
  newer: CaseContent,
  fields: readonly CaseField[],
): FieldDiff[] {
  const before = versionFields(older, fields);
  const after = new Map(versionFields(newer, fields).map((field) => [field.key, field]));
  const keys = new Set([...before.map((f) => f.key), ...after.keys()]);
  const beforeByKey = new Map(before.map((field) => [field.key, field]));
  const diffs: FieldDiff[] = [];
  for (const key of keys) {
    const a = beforeByKey.get(key);
    const b = after.get(key);
    const oldText = a?.text ?? '-';
    const newText = b?.text ?? '-';
    if (oldText === newText) continue;
    const changes = diffWordsWithSpace(oldText, newText);
    diffs.push({
      key,
      label: (b ?? a)?.label ?? key,
      before: changes.filter((c) => !c.added).map((c) => ({ text: c.value, changed: c.removed })),
      after: changes.filter((c) => !c.removed).map((c) => ({ text: c.value, changed: c.added })),
    });
  }
  return diffs;
}
