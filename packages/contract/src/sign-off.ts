import { type Static, Type } from 'typebox';
import { CycleConfiguration, CycleCounts } from './cycles.ts';
import { Milestone } from './milestones.ts';
import { MilestoneReadiness } from './readiness.ts';

/**
 * A milestone's sign-off report (docs/product/milestones.md, "Sign-off report"): its scope, its
 * progress per test plan and per configuration, its failures with their defects, its readiness,
 * and who tested what. `GET /api/milestones/{id}/sign-off` answers it, `…/sign-off.pdf` prints it.
 * The milestone's cycles are its own and its sub-milestones'.
 */

/** How many failures the report lists (the newest cycles' first); `failure_count` is whole. */
export const SIGN_OFF_FAILURES_MAX = 200;

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** A cycle as the report lists it. */
export const SignOffCycle = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  state: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
  configurations: Type.Array(CycleConfiguration),
  counts: CycleCounts,
});
export type SignOffCycle = Static<typeof SignOffCycle>;

/** A plan of the milestone with its cycles there, or (id null) the cycles in no plan. */
export const SignOffPlan = Type.Object({
  id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  totals: CycleCounts,
  cycles: Type.Array(SignOffCycle),
});
export type SignOffPlan = Static<typeof SignOffPlan>;

/** The cycles of one configuration combination ('Chrome, Linux'), or of none (label 'No configuration'). */
export const SignOffConfiguration = Type.Object({
  label: Type.String(),
  cycles: Type.Integer(),
  counts: CycleCounts,
  /** Passed / executed (neither untested nor to retest), 0 to 1, as readiness reads it; null when nothing was. */
  pass_rate: Type.Union([Type.Number(), Type.Null()]),
});
export type SignOffConfiguration = Static<typeof SignOffConfiguration>;

/** An item whose latest state is failed, with its latest result and the defects linked to it. */
export const SignOffFailure = Type.Object({
  item_id: Type.Integer(),
  case_id: Type.Integer(),
  case_name: Type.String(),
  cycle_id: Type.Integer(),
  cycle_name: Type.String(),
  configurations: Type.Array(Type.String()),
  /** The latest result's comment, or the failure message an import recorded. */
  message: NullableString,
  recorded_by: NullableString,
  recorded_at: NullableString,
  /** Defects linked to the case, the item or one of its results. */
  defects: Type.Array(Type.Object({ defect: Type.String(), url: Type.String() })),
});
export type SignOffFailure = Static<typeof SignOffFailure>;

/** One tester's results in the milestone's cycles, by state. */
export const SignOffTester = Type.Object({
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Null for a deleted user or an import (no one recorded it). */
  username: NullableString,
  results: Type.Integer(),
  passed: Type.Integer(),
  failed: Type.Integer(),
  blocked: Type.Integer(),
  skipped: Type.Integer(),
  retest: Type.Integer(),
  /** The cycles they recorded results in. */
  cycles: Type.Integer(),
});
export type SignOffTester = Static<typeof SignOffTester>;

export const SignOffReport = Type.Object({
  milestone: Milestone,
  project: Type.Object({ id: Type.Integer(), name: Type.String() }),
  /** Its sub-milestones, by name. */
  sub_milestones: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  generated_at: Type.String(),
  plans: Type.Array(SignOffPlan),
  configurations: Type.Array(SignOffConfiguration),
  failures: Type.Array(SignOffFailure),
  failure_count: Type.Integer(),
  testers: Type.Array(SignOffTester),
  /** As `GET /api/milestones/{id}/readiness` answers it. */
  readiness: MilestoneReadiness,
});
export type SignOffReport = Static<typeof SignOffReport>;
