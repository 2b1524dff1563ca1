import { CASE_IMPORT_TARGETS, type CaseField } from '@verdict/contract';
import { columnOptions } from '@/components/import/column-mapping';
import type { SelectOption } from '@/components/ui/form-field';
import type { ImportMapping } from '@/lib/import-mapping';

/**
 * What a column of the file can fill, in the words of Import Test Cases
 * (docs/product/case-import-screens.md, "Columns"); the mapping itself is lib/import-mapping.ts.
 */

export const TARGET_LABELS: Record<(typeof CASE_IMPORT_TARGETS)[number], string> = {
  name: 'Name',
  description: 'Description',
  preconditions: 'Preconditions',
  steps: 'Steps',
  expected_results: 'Expected results',
  priority: 'Priority',
  tags: 'Tags',
  suite: 'Suite',
  id: 'Source id',
  parent_id: 'Source parent id',
  shared_steps: 'Shared steps',
  parameters: 'Parameters',
};

/** The fixed targets, then the project's custom fields by name (`field:<id>`). */
export function caseTargets(fields: readonly CaseField[]): SelectOption[] {
  return [
    ...CASE_IMPORT_TARGETS.map((target) => ({ value: target, label: TARGET_LABELS[target] })),
    ...fields.map((field) => ({ value: `field:${field.id}`, label: field.name })),
  ];
}

/** Every choice of a column's select, as the screen shows them (components/import/column-mapping.tsx). */
export function targetOptions(fields: readonly CaseField[], mapping: ImportMapping): SelectOption[] {
  return columnOptions(caseTargets(fields), mapping);
}

/** Whether some column fills the cases' names (nothing can be imported without). */
export function mapsName(mapping: ImportMapping): boolean {
  return mapping.includes('name');
}
