import { type Static, Type } from 'typebox';
import { Description, Id, Name } from './common.ts';
import { RunStatus } from './runs.ts';

/** A case's status: that of its latest run (highest id), null when it never ran. */
export const CaseStatus = Type.Union([RunStatus, Type.Null()]);
export type CaseStatus = Static<typeof CaseStatus>;

/**
 * The case shape (docs/product/cases.md, "The calls"), plus `has_children` so the tree can draw
 * a leaf, `status` (the
 * latest run's) and `rollup`: over the case and all its descendants, 'failed' when any latest
 * run failed, else 'passed' when any ran, else null. Every case endpoint answers this shape.
 */
export const TestCase = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  project_id: Type.Integer(),
  suite_id: Type.Union([Type.Integer(), Type.Null()]),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  has_children: Type.Boolean(),
  status: CaseStatus,
  rollup: CaseStatus,
});
export type TestCase = Static<typeof TestCase>;
export const TestCaseList = Type.Array(TestCase);

/** `/api/test-cases/parent/{caseId}` and `/api/testruns/create/{caseId}`. */
export const CaseIdParams = Type.Object({ caseId: Id }, { additionalProperties: false });
export type CaseIdParams = Static<typeof CaseIdParams>;

export const CaseBody = Type.Object(
  { name: Name, description: Type.Optional(Description) },
  { additionalProperties: false },
);
export type CaseBody = Static<typeof CaseBody>;

export const CaseMutation = Type.Object({ message: Type.String(), testCase: TestCase });
export type CaseMutation = Static<typeof CaseMutation>;
