import { type Static, Type } from 'typebox';
import { IdName } from './common.ts';

export const RunStatus = Type.Union([Type.Literal('passed'), Type.Literal('failed')]);

/** The run shape (docs/product/runs.md). `executor` is null once the executing user is deleted. */
export const TestRun = Type.Object({
  id: Type.Integer(),
  status: RunStatus,
  executed_by: Type.Union([Type.Integer(), Type.Null()]),
  executor: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]),
  test_case: IdName,
  created_at: Type.String(),
});
export type TestRun = Static<typeof TestRun>;
export const TestRunList = Type.Array(TestRun);

export const CreateRunBody = Type.Object(
  { status: Type.Optional(RunStatus) },
  { additionalProperties: false },
);
export type CreateRunBody = Static<typeof CreateRunBody>;

export const UpdateRunBody = Type.Object({ status: RunStatus }, { additionalProperties: false });
export type UpdateRunBody = Static<typeof UpdateRunBody>;

export const RunMutation = Type.Object({ message: Type.String(), testRun: TestRun });
export type RunMutation = Static<typeof RunMutation>;

export const RunStats = Type.Object({
  totalPassed: Type.Integer(),
  totalFailed: Type.Integer(),
  totalRuns: Type.Integer(),
});
export type RunStats = Static<typeof RunStats>;
