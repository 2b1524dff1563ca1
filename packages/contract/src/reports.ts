import { type Static, Type } from 'typebox';
import { Id } from './common.ts';
import { LIMITS } from './constants.ts';
import { CycleCounts } from './cycles.ts';

/**
 * A project's reports (docs/product/reports.md): the trend of its cycles (pass rate, duration,
 * flaky count), its slowest and most often failing tests, read from figures the server keeps as
 * results arrive (counted from the results under the filters beyond the branch), and each
 * tester's workload.
 */

/** How many cycles the trend shows (the newest), and how many tests each test list holds. */
export const REPORT_CYCLES_MAX = 50;
export const REPORT_TESTS_MAX = 20;
export const REPORT_BRANCH_MAX = 200;

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** The longest `milestone` a report is filtered on: a cycle's milestone is no longer. */
export const REPORT_MILESTONE_MAX = LIMITS.nameMax;

/** A day (`2026-03-01`, the whole day in UTC) or an instant with its offset (ISO 8601). */
const ReportDate = Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })]);

/**
 * The filters of every report (decision 186); each left out filters nothing, so a call without
 * any answers as it always did.
 *
 * - `branch` absent: every cycle of the project; `branch=` (empty): the cycles that name no branch
 *   (manual cycles, and imports that named none); otherwise that branch's cycles.
 * - `milestone_id`: the cycles of that milestone and of its sub-milestones (docs/product/milestones.md).
 * - `milestone`: the cycles whose milestone has that name, exactly (`milestone=`: the cycles in
 *   none); kept for clients that filter by the name.
 * - `from` / `to`: a cycle by its creation, a result by the time it was recorded; a day is the
 *   whole UTC day, both ends included. `from` after `to` answers 400.
 * - `tester`: the user who recorded the results (a cycle: one they recorded a result in).
 */
export const ReportQuery = Type.Object(
  {
    branch: Type.Optional(Type.String({ maxLength: REPORT_BRANCH_MAX })),
    milestone_id: Type.Optional(Id),
    milestone: Type.Optional(Type.String({ maxLength: REPORT_MILESTONE_MAX })),
    from: Type.Optional(ReportDate),
    to: Type.Optional(ReportDate),
    tester: Type.Optional(Id),
  },
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
  /** Passed / executed (total less untested), 0 to 1; null when nothing was executed. */
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
  /** failures / results, 0 to 1. */
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

/**
 * One user's work in the filtered cycles (decision 187): the items assigned to them by state, and
 * the results they recorded. `untested + retest + done = assigned`; `username` is null for a
 * deleted user, whose recorded results still count.
 */
export const WorkloadRow = Type.Object({
  user_id: Id,
  username: NullableString,
  assigned: Type.Integer(),
  untested: Type.Integer(),
  /** Items marked for a retest: still work to do (decision 178). */
  retest: Type.Integer(),
  /** Items with an outcome: passed, failed, blocked or skipped. */
  done: Type.Integer(),
  /** Results they recorded (any state) in the filtered cycles and dates. */
  results: Type.Integer(),
});
export type WorkloadRow = Static<typeof WorkloadRow>;

/** `GET /api/projects/{id}/reports/workload`: one row per user with assigned items or results, by name. */
export const WorkloadReport = Type.Object({
  users: Type.Array(WorkloadRow),
});
export type WorkloadReport = Static<typeof WorkloadReport>;
