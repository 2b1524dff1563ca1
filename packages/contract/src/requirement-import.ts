import { type Static, Type } from 'typebox';
import { CaseImportProblem } from './case-import.ts';
import { RequirementStatus } from './requirements.ts';

/**
 * Importing requirements from a spreadsheet (docs/product/requirements.md, "Import"): the same
 * file, bounds and preview → import flow as the case import (packages/contract/src/case-import.ts):
 * the raw CSV or XLSX file is the body, `?mapping=` names what each column fills.
 *
 * A row whose key the project already has updates that requirement (a new version when something
 * changed); any other row creates one (without a key: the next free `REQ-<n>`). `parent` is the key
 * of another requirement, in the file or in the project. All or nothing.
 */
export const REQUIREMENT_IMPORT_TARGETS = [
  'key',
  'title',
  'description',
  'status',
  'parent',
  'external_url',
] as const;
export type RequirementImportTarget = (typeof REQUIREMENT_IMPORT_TARGETS)[number];

export const RequirementImportQuery = Type.Object(
  { mapping: Type.Optional(Type.String({ maxLength: 10_000 })) },
  { additionalProperties: false },
);
export type RequirementImportQuery = Static<typeof RequirementImportQuery>;

/** One requirement as it would be imported. */
export const RequirementImportPreviewRow = Type.Object({
  row: Type.Integer(),
  /** null: a new requirement that gets the next free `REQ-<n>`. */
  key: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  status: RequirementStatus,
  /** The parent's key, or null for a top-level requirement (an existing one keeps its parent). */
  parent_key: Type.Union([Type.String(), Type.Null()]),
  action: Type.Union([Type.Literal('create'), Type.Literal('update')]),
});
export type RequirementImportPreviewRow = Static<typeof RequirementImportPreviewRow>;

/** `POST /api/projects/{id}/requirement-imports/preview`. */
export const RequirementImportPreview = Type.Object({
  format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
  columns: Type.Array(Type.String()),
  mapping: Type.Array(Type.Union([Type.String(), Type.Null()])),
  /** Rows that import a requirement: `creates` new ones and `updates` existing ones. */
  requirements: Type.Integer(),
  creates: Type.Integer(),
  updates: Type.Integer(),
  /** The first CASE_IMPORT_PREVIEW_ROWS of them. */
  preview: Type.Array(RequirementImportPreviewRow),
  /** At most CASE_IMPORT_PROBLEMS_MAX; `problem_count` counts them all. */
  problems: Type.Array(CaseImportProblem),
  problem_count: Type.Integer(),
});
export type RequirementImportPreview = Static<typeof RequirementImportPreview>;

/**
 * `POST /api/projects/{id}/requirement-imports`: all or nothing. With `Accept: application/x-ndjson`
 * the answer is JSON lines, `{"done": n, "total": N}` as the rows go in, then this object (or
 * `{"message", "error": true}` when it failed and nothing was kept).
 */
export const RequirementImportResult = Type.Object({
  message: Type.String(),
  created: Type.Integer(),
  updated: Type.Integer(),
});
export type RequirementImportResult = Static<typeof RequirementImportResult>;
