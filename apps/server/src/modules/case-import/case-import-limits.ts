/**
 * The bounds of an imported file (docs/product/case-import.md, docs/decisions/161-case-import-bounds.md).
 * Each is checked while the file is read, so a file built to be expensive stops at the bound.
 */

/** The largest file an import reads: 100,000 rows of cases fit well within it. */
export const CASE_IMPORT_MAX_BYTES = 50 * 1024 * 1024;

export const CASE_IMPORT_LIMITS = {
  /** Rows below the header. */
  rowsMax: 100_000,
  /** Columns (Verdict's own export has 15 plus one per custom field, at most 100). */
  columnsMax: 200,
  /** Characters of one cell (Excel holds at most 32,767). */
  cellMax: 65_536,
  /** Characters of every cell of a workbook together: what the largest CSV could hold. */
  textMax: CASE_IMPORT_MAX_BYTES,
  /** Parts (files) of an XLSX archive. */
  partsMax: 500,
  /** Bytes that the parts of a workbook the import reads (sheet, strings, styles) inflate to, together. */
  inflatedMax: 4 * CASE_IMPORT_MAX_BYTES,
  /** How many times its packed size a part may inflate to (parts over 100 KiB). */
  ratioMax: 100,
} as const;

export type CaseImportLimits = { [K in keyof typeof CASE_IMPORT_LIMITS]: number };
