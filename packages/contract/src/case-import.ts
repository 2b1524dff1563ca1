import { type Static, Type } from 'typebox';

/**
 * Importing cases from a spreadsheet (docs/product/case-import.md). The file is the raw request
 * body: `text/csv` (UTF-8, a byte-order mark allowed) or an XLSX workbook
 * (`application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`, its first sheet).
 */
export const CASE_IMPORT_CONTENT_TYPES = [
  'text/csv',
  'application/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

/** The body of both import calls, for the API description: the file's bytes. */
export const CaseImportFile = Type.Unknown({
  description: 'The CSV or XLSX file itself (not multipart), at most 50 MB',
});

/**
 * What a column can fill. `field:<id>` is a custom field of the project. `id` and `parent_id`
 * are the ids a Verdict export writes: a row whose parent_id names another row's id becomes that
 * row's child. `suite` is a suite's name (created when the project has none of that name).
 * `shared_steps` says which numbered steps are which shared step set (`1-2: Sign in`);
 * `parameters` is a pipe table (`card | locale`, then a line per row), as the export writes them.
 */
export const CASE_IMPORT_TARGETS = [
  'name',
  'description',
  'preconditions',
  'steps',
  'expected_results',
  'priority',
  'tags',
  'suite',
  'id',
  'parent_id',
  'shared_steps',
  'parameters',
] as const;
export type CaseImportTarget = (typeof CASE_IMPORT_TARGETS)[number] | `field:${number}`;

/**
 * The query of both import calls. `mapping`: one entry per column of the file, in order, joined
 * by commas; each a target or empty (the column is not imported). Absent: the server's guess
 * (TestRail's and Verdict's own exports are recognised by their headers; other headers by name).
 */
export const CaseImportQuery = Type.Object(
  { mapping: Type.Optional(Type.String({ maxLength: 10_000 })) },
  { additionalProperties: false },
);
export type CaseImportQuery = Static<typeof CaseImportQuery>;

/** A problem of the file, named by its row (the header is row 1) and column header. */
export const CaseImportProblem = Type.Object({
  row: Type.Integer(),
  column: Type.String(),
  message: Type.String(),
});
export type CaseImportProblem = Static<typeof CaseImportProblem>;

/** One case as it would be imported. */
export const CaseImportPreviewRow = Type.Object({
  row: Type.Integer(),
  name: Type.String(),
  suite: Type.Union([Type.String(), Type.Null()]),
  parent_row: Type.Union([Type.Integer(), Type.Null()]),
  /** The priority it gets; as the file wrote it when that names no priority (`priority_valid` false). */
  priority: Type.String(),
  priority_valid: Type.Boolean(),
  tags: Type.Array(Type.String()),
  steps: Type.Integer(),
});
export type CaseImportPreviewRow = Static<typeof CaseImportPreviewRow>;

/** How many preview rows and problems an answer lists at most (`problem_count` counts all). */
export const CASE_IMPORT_PREVIEW_ROWS = 20;
export const CASE_IMPORT_PROBLEMS_MAX = 200;

/** `POST /api/projects/{id}/case-imports/preview`. */
export const CaseImportPreview = Type.Object({
  format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
  recognized: Type.Union([Type.Literal('testrail'), Type.Literal('verdict'), Type.Null()]),
  columns: Type.Array(Type.String()),
  mapping: Type.Array(Type.Union([Type.String(), Type.Null()])),
  cases: Type.Integer(),
  suites_to_create: Type.Array(Type.String()),
  preview: Type.Array(CaseImportPreviewRow),
  problems: Type.Array(CaseImportProblem),
  problem_count: Type.Integer(),
  /** Written steps of the file that become references to the project's shared step sets. */
  shared_steps_mapped: Type.Integer(),
  /**
   * What the import does otherwise than the file may mean, without stopping it (the first 200):
   * steps the `shared_steps` column names that stay written out, and why.
   */
  notes: Type.Array(CaseImportProblem),
});
export type CaseImportPreview = Static<typeof CaseImportPreview>;

/**
 * `POST /api/projects/{id}/case-imports`: all or nothing. With `Accept: application/x-ndjson`
 * the answer is a stream of JSON lines, `{"done": n, "total": N}` as the cases go in, then this
 * object (or `{"message", "error": true}` when it failed and nothing was kept).
 */
export const CaseImportResult = Type.Object({
  message: Type.String(),
  created: Type.Integer(),
  suites_created: Type.Integer(),
});
export type CaseImportResult = Static<typeof CaseImportResult>;
