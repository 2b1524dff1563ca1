import { type Static, Type } from 'typebox';
import { Id } from './common.ts';
import { CycleCounts } from './cycles.ts';

/**
 * A project's reports (docs/product/reports.md): the trend of its cycles (pass rate, duration,
 * flaky count) and its slowest and most often failing tests, all read from figures the server
 * keeps as results arrive, never from a walk over the history.
 */

/** How many cycles the trend shows (the newest), and how many tests each test list holds. */
export const REPORT_CYCLES_MAX = 50;
export const REPORT_TESTS_MAX = 20;
export const REPORT_BRANCH_MAX = 200;

const NullableString = Type.Union([Type.String(), Type.Null()]);

/**
 * `branch` absent: every cycle of the project; `branch=` (empty): the cycles that name no branch
 * (manual cycles, and imports that named none); otherwise that branch's cycles.
 */
export const ReportQuery = Type.Object(
  { branch: Type.Optional(Type.String({ maxLength: REPORT_BRANCH_MAX })) },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuery>;

/** A branch with cycles; `name` null for the cycles that name none. */
export const ReportBranch = Type.Object({
  name: NullableString,
  cycles: Type.Integer(),
  last_at: Type.String(),
});
export type ReportBranch = Static<typeof ReportBranch>;

/** `GET /api/projects/{id}/reports/branches`: newest activity first; `default_branch` is main or master when one has cycles. */
export const ReportBranches = Type.Object({
  branches: Type.Array(ReportBranch),
  default_branch: NullableString,
});
export type ReportBranches = Static<typeof ReportBranches>;

/** One cycle of the trend. */
export const ReportCycle = Type.Object({
  id: Id,
  name: Type.String(),
  branch: NullableString,
  source: Type.Union([Type.Literal('manual'), Type.Literal('import')]),
  created_at: Type.String(),
  counts: CycleCounts,
  /** Passed ÷ executed (total less untested), 0 to 1; null when nothing was executed. */
  pass_rate: Type.Union([Type.Number(), Type.Null()]),
  /** The sum of each item's latest result's duration. */
  duration_ms: Type.Integer(),
  /** Flaky tests on the cycle's branch right after this import; null for a manual cycle. */
  flaky_count: Type.Union([Type.Integer(), Type.Null()]),
});
export type ReportCycle = Static<typeof ReportCycle>;

/** `GET /api/projects/{id}/reports/cycles`: the newest REPORT_CYCLES_MAX cycles, oldest first. */
export const CycleTrend = Type.Object({
  branch: NullableString,
  cycles: Type.Array(ReportCycle),
});
export type CycleTrend = Static<typeof CycleTrend>;

/** One test (case) with its figures over every result recorded on the branch (or all branches). */
export const ReportTest = Type.Object({
  case_id: Id,
  name: Type.String(),
  suite_name: NullableString,
  results: Type.Integer(),
  failures: Type.Integer(),
  /** failures ÷ results, 0 to 1. */
  failure_rate: Type.Number(),
  /** The mean duration of its results that carried one; null when none did. */
  average_ms: Type.Union([Type.Integer(), Type.Null()]),
});
export type ReportTest = Static<typeof ReportTest>;

/**
 * `GET /api/projects/{id}/reports/slowest-tests` (by mean duration) and
 * `.../reports/failing-tests` (by failures): REPORT_TESTS_MAX tests at most.
 */
export const TestReport = Type.Object({
  branch: NullableString,
  tests: Type.Array(ReportTest),
});
export type TestReport = Static<typeof TestReport>;
