import { type Static, Type } from 'typebox';
import { Description, Id, Name } from './common.ts';
import { LIMITS } from './constants.ts';
import { CycleCounts } from './cycles.ts';

/**
 * Milestones (docs/product/milestones.md): a project's release or sprint, with dates, open or
 * completed, one level of sub-milestones, and the CI branch its automated results come from.
 * Cycles belong to a milestone through their `milestone_id`.
 */

/** A project may have this many milestones (409 `limit_reached` beyond). */
export const MILESTONES_PER_PROJECT_MAX = 1000;

export const MilestoneState = Type.Union([Type.Literal('open'), Type.Literal('completed')]);
export type MilestoneState = Static<typeof MilestoneState>;

/** A calendar day, `YYYY-MM-DD`. */
export const IsoDate = Type.String({ format: 'date', maxLength: 10 });

const OptionalDate = Type.Union([IsoDate, Type.Null()]);
const OptionalText = Type.Union([Type.String(), Type.Null()]);
const Branch = Type.String({ minLength: 1, maxLength: LIMITS.nameMax });

export const Milestone = Type.Object({
  id: Type.Integer(),
  project_id: Type.Integer(),
  name: Type.String(),
  /** Markdown. */
  description: Type.String(),
  start_date: Type.Union([Type.String(), Type.Null()]),
  due_date: Type.Union([Type.String(), Type.Null()]),
  /** The milestone this one is a sub-milestone of (null: a top-level milestone). */
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  state: MilestoneState,
  /** The CI branch its automated results come from. */
  branch: OptionalText,
  completed_at: OptionalText,
  created_at: Type.String(),
  updated_at: Type.String(),
  /**
   * Items per state over the cycles of the milestone and of its sub-milestones, summed from the
   * counts the database keeps per cycle.
   */
  counts: CycleCounts,
  /** How many cycles those counts are over. */
  cycles: Type.Integer(),
});
export type Milestone = Static<typeof Milestone>;

export const MilestoneList = Type.Object({ milestones: Type.Array(Milestone) });
export type MilestoneList = Static<typeof MilestoneList>;

export const CreateMilestoneBody = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    start_date: Type.Optional(OptionalDate),
    due_date: Type.Optional(OptionalDate),
    parent_id: Type.Optional(Type.Union([Id, Type.Null()])),
    state: Type.Optional(MilestoneState),
    branch: Type.Optional(Type.Union([Branch, Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateMilestoneBody = Static<typeof CreateMilestoneBody>;

/** Every field optional; omitted ones are kept, null clears an optional one. */
export const UpdateMilestoneBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    start_date: Type.Optional(OptionalDate),
    due_date: Type.Optional(OptionalDate),
    parent_id: Type.Optional(Type.Union([Id, Type.Null()])),
    state: Type.Optional(MilestoneState),
    branch: Type.Optional(Type.Union([Branch, Type.Null()])),
  },
  { additionalProperties: false },
);
export type UpdateMilestoneBody = Static<typeof UpdateMilestoneBody>;

export const MilestoneMutation = Type.Object({ message: Type.String(), milestone: Milestone });
export type MilestoneMutation = Static<typeof MilestoneMutation>;
