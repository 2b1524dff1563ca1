import {
  CASE_IMPORT_CONTENT_TYPES,
  CASE_IMPORT_TARGETS,
  type CaseField,
  type CaseImportProblem,
} from '@verdict/contract';
import type { SelectOption } from '@/components/ui/form-field';

/**
 * What a column of the file can fill, in the words of Import Test Cases
 * (docs/product/case-import-screens.md, "Columns"), and how a mapping goes into the address of
 * the import calls (packages/contract/src/case-import.ts, `CaseImportQuery`).
 */

/** One target per column of the file, in order; null: the column is not imported. */
export type ImportMapping = readonly (string | null)[];

export const DONT_IMPORT = "Don't import";

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
};

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the file picker offers: CSV and XLSX, by extension and by type. */
export const FILE_ACCEPT = `.csv,.xlsx,text/csv,${XLSX_TYPE}`;

/**
 * The choices of a column's select: "Don't import" (the empty value), the fixed targets, then the
 * project's custom fields by name (`field:<id>`). A target the server chose that is none of these
 * (a field this screen does not know) is kept as an option, so showing it does not change it.
 */
export function targetOptions(fields: readonly CaseField[], mapping: ImportMapping): SelectOption[] {
  const options: SelectOption[] = [
    { value: '', label: DONT_IMPORT },
    ...CASE_IMPORT_TARGETS.map((target) => ({ value: target, label: TARGET_LABELS[target] })),
    ...fields.map((field) => ({ value: `field:${field.id}`, label: field.name })),
  ];
  const known = new Set(options.map((option) => option.value));
  for (const target of mapping) {
    if (target !== null && !known.has(target)) {
      known.add(target);
      options.push({ value: target, label: target });
    }
  }
  return options;
}

/** The mapping with column `index` set to `target` ('' or null: not imported). */
export function withTarget(mapping: ImportMapping, index: number, target: string | null): ImportMapping {
  return mapping.map((current, at) => (at === index ? target || null : current));
}

/** `?mapping=` of the import calls: the targets joined by commas, '' for a column left out. */
export function encodeMapping(mapping: ImportMapping): string {
  return mapping.map((target) => target ?? '').join(',');
}

/** The query of an import call: none for the server's own guess, else the mapping, escaped. */
export function mappingQuery(mapping: ImportMapping | null): string {
  return mapping === null ? '' : `?mapping=${encodeURIComponent(encodeMapping(mapping))}`;
}

/** Whether some column fills the cases' names (nothing can be imported without). */
export function mapsName(mapping: ImportMapping): boolean {
  return mapping.includes('name');
}

/**
 * The Content-Type a file goes with: its own when the server takes it, else by its extension
 * (browsers give a CSV 'application/vnd.ms-excel' or nothing at all), CSV by default.
 */
export function contentTypeOf(file: Pick<File, 'name' | 'type'>): string {
  if ((CASE_IMPORT_CONTENT_TYPES as readonly string[]).includes(file.type)) return file.type;
  return /\.xlsx$/i.test(file.name) ? XLSX_TYPE : 'text/csv';
}

/** A column's name on the screen: its header, or 'Column N' for a column without one. */
export function columnLabel(header: string, index: number): string {
  return header.trim() === '' ? `Column ${index + 1}` : header;
}

/**
 * 'Row 5, Priority: Unknown priority…'; a problem of a whole row names only the row, and one of
 * the mapping (row 1, the header) says 'Header row'.
 */
export function problemText(problem: CaseImportProblem): string {
  const row = problem.row === 1 ? 'Header row' : `Row ${problem.row}`;
  const column = problem.column.trim();
  return column === '' ? `${row}: ${problem.message}` : `${row}, ${column}: ${problem.message}`;
}
