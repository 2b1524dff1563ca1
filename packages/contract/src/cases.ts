import { type Static, Type } from 'typebox';
import { Description, Id, Name } from './common.ts';

/** The case shape of DESIGN §6, plus `has_children` so the tree can draw a leaf. */
export const TestCase = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  project_id: Type.Integer(),
  suite_id: Type.Union([Type.Integer(), Type.Null()]),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  has_children: Type.Boolean(),
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
