import { type Static, Type } from 'typebox';
import { Description, Id, Name } from './common.ts';
import { LIMITS } from './constants.ts';
import { Cycle, CycleCounts, UserRef } from './cycles.ts';

/**
 * Test plans (docs/product/plans.md): the cycles of a release made together, one per entry and
 * configuration combination, optionally in a milestone.
 */

export const PLAN_LIMITS = {
  /** Entries per plan. */
  entriesMax: 50,
  /** Cycles one plan makes, over all its entries and configuration combinations. */
  cyclesMax: 100,
} as const;

const OptionalId = Type.Union([Type.Integer(), Type.Null()]);

/** An entry as it was asked for, and the cycles it made that are still in the plan. */
export const PlanEntry = Type.Object({
  id: Type.Integer(),
  /** Null: its cycles take the plan's name. */
  name: Type.Union([Type.String(), Type.Null()]),
  suite_ids: Type.Array(Type.Integer()),
  case_ids: Type.Array(Type.Integer()),
  all_cases: Type.Boolean(),
  configuration_ids: Type.Array(Type.Integer()),
  assignee_id: OptionalId,
  cycle_ids: Type.Array(Type.Integer()),
});
export type PlanEntry = Static<typeof PlanEntry>;

/** A plan as its project's list answers it: `totals` sums the kept counts of its cycles. */
export const PlanSummary = Type.Object({
  id: Type.Integer(),
  project_id: Type.Integer(),
  milestone_id: OptionalId,
  name: Type.String(),
  /** Markdown. */
  description: Type.String(),
  /** Null once the creating user is deleted. */
  creator: Type.Union([UserRef, Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  /** How many cycles the plan holds. */
  cycle_count: Type.Integer(),
  totals: CycleCounts,
});
export type PlanSummary = Static<typeof PlanSummary>;

/** A plan with its entries and its cycles (each with its configurations and counts). */
export const Plan = Type.Object({
  ...PlanSummary.properties,
  entries: Type.Array(PlanEntry),
  cycles: Type.Array(Cycle),
});
export type Plan = Static<typeof Plan>;

export const PlanList = Type.Object({ plans: Type.Array(PlanSummary) });
export type PlanList = Static<typeof PlanList>;

const Selection = Type.Array(Id, { maxItems: LIMITS.cycleSelectionMax });

export const PlanEntryBody = Type.Object(
  {
    /** The name of its cycles (else the plan's), followed by their configurations. */
    name: Type.Optional(Name),
    suite_ids: Type.Optional(Selection),
    case_ids: Type.Optional(Selection),
    all_cases: Type.Optional(Type.Boolean()),
    /** Configurations of the project; one cycle per combination across their groups. */
    configuration_ids: Type.Optional(Type.Array(Id, { maxItems: PLAN_LIMITS.cyclesMax })),
    /** Every item of the entry's cycles is assigned to this user (who must see the project). */
    assignee_id: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { additionalProperties: false },
);
export type PlanEntryBody = Static<typeof PlanEntryBody>;

export const CreatePlanBody = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    /** A milestone of the project (else 400): the plan and its cycles belong to it. */
    milestone_id: Type.Optional(Type.Union([Id, Type.Null()])),
    entries: Type.Array(PlanEntryBody, { minItems: 1, maxItems: PLAN_LIMITS.entriesMax }),
  },
  { additionalProperties: false },
);
export type CreatePlanBody = Static<typeof CreatePlanBody>;

/** Omitted fields are kept; a new milestone_id moves the plan's cycles with it. */
export const UpdatePlanBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    milestone_id: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { additionalProperties: false },
);
export type UpdatePlanBody = Static<typeof UpdatePlanBody>;

/** What deleting a plan does to its cycles: `keep` (the default) detaches them, `delete` deletes them. */
export const DeletePlanQuery = Type.Object(
  { cycles: Type.Optional(Type.Union([Type.Literal('keep'), Type.Literal('delete')])) },
  { additionalProperties: false },
);
export type DeletePlanQuery = Static<typeof DeletePlanQuery>;

export const PlanMutation = Type.Object({ message: Type.String(), plan: Plan });
export type PlanMutation = Static<typeof PlanMutation>;
