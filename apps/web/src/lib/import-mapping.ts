import type { CaseImportProblem } from '@verdict/contract';

/**
 * The mapping of a spreadsheet's columns, shared by the import screens (Import Test Cases,
 * Import Requirements: docs/product/case-import-screens.md, "Columns"), and how it goes into the
 * address of their calls (`?mapping=`, packages/contract/src/case-import.ts, `CaseImportQuery`).
 */

/** One target per column of the file, in order; null: the column is not imported. */
export type ImportMapping = readonly (string | null)[];

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
