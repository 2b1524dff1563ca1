import { type Static, Type } from 'typebox';
import { CASE_CONTENT_LIMITS, CaseStep } from './cases.ts';
import { Description, Name } from './common.ts';
import { LIMITS } from './constants.ts';
import { UserRef } from './cycles.ts';

/**
 * Shared steps (docs/product/shared-steps.md): a project's named, ordered set of steps, written
 * once and referenced from any number of its cases' step lists in place of steps. Everywhere a
 * case is shown (its page, the execution view, exports, `?expand=steps`) the set's current steps
 * stand in the reference's place, numbered as part of the case.
 */

export const SHARED_STEPS_LIMITS = {
  /** Steps of one set. */
  stepsMax: CASE_CONTENT_LIMITS.stepsMax,
  /** Sets of one project (409 `limit_reached` beyond). */
  perProject: 10_000,
  /** Steps of a case with its sets expanded: a case saved past it is refused (400). */
  expandedMax: CASE_CONTENT_LIMITS.stepsMax,
  pageMax: 500,
  pageDefault: 100,
} as const;

export const SharedSteps = Type.Object({
  id: Type.Integer(),
  project_id: Type.Integer(),
  name: Type.String(),
  /** Markdown. */
  description: Type.String(),
  steps: Type.Array(CaseStep),
  /** Its current version (1 when made; each saved change adds one). */
  version: Type.Integer(),
  /** How many cases use it. */
  case_count: Type.Integer(),
  creator: Type.Union([UserRef, Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type SharedSteps = Static<typeof SharedSteps>;

const SetSteps = Type.Array(CaseStep, { minItems: 1, maxItems: SHARED_STEPS_LIMITS.stepsMax });

/** `POST /api/projects/{id}/shared-steps`. */
export const CreateSharedStepsBody = Type.Object(
  { name: Name, description: Type.Optional(Description), steps: SetSteps },
  { additionalProperties: false },
);
export type CreateSharedStepsBody = Static<typeof CreateSharedStepsBody>;

/** `PUT /api/shared-steps/{id}`: omitted fields are kept. */
export const UpdateSharedStepsBody = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Description), steps: Type.Optional(SetSteps) },
  { additionalProperties: false },
);
export type UpdateSharedStepsBody = Static<typeof UpdateSharedStepsBody>;

export const SharedStepsMutation = Type.Object({ message: Type.String(), shared_steps: SharedSteps });
export type SharedStepsMutation = Static<typeof SharedStepsMutation>;

const Page = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SHARED_STEPS_LIMITS.pageMax })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.idMax })),
};

/** `GET /api/projects/{id}/shared-steps`: `q` matches the name ignoring case; by name. */
export const SharedStepsListQuery = Type.Object(
  { q: Type.Optional(Type.String({ maxLength: LIMITS.nameMax })), ...Page },
  { additionalProperties: false },
);
export type SharedStepsListQuery = Static<typeof SharedStepsListQuery>;

export const SharedStepsPage = Type.Object({ items: Type.Array(SharedSteps), total: Type.Integer() });
export type SharedStepsPage = Static<typeof SharedStepsPage>;

/** `GET /api/shared-steps/{id}/usage`: the cases that use the set, by id. */
export const SharedStepsUsageQuery = Type.Object(Page, { additionalProperties: false });
export type SharedStepsUsageQuery = Static<typeof SharedStepsUsageQuery>;

export const SharedStepsUsage = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      suite_id: Type.Union([Type.Integer(), Type.Null()]),
      version: Type.Integer(),
    }),
  ),
  total: Type.Integer(),
});
export type SharedStepsUsage = Static<typeof SharedStepsUsage>;

/**
 * `DELETE /api/shared-steps/{id}`: a set that cases use is refused (409 `in_use`, naming how many)
 * unless `copy_into_cases=true`, which first writes the set's steps into each of them in place of
 * the reference (a new version of each case).
 */
export const DeleteSharedStepsQuery = Type.Object(
  { copy_into_cases: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type DeleteSharedStepsQuery = Static<typeof DeleteSharedStepsQuery>;

/** `GET /api/test-cases/single/{id}?expand=steps`: `steps` with every set's steps in place. */
export const SingleCaseQuery = Type.Object(
  { expand: Type.Optional(Type.Literal('steps')) },
  { additionalProperties: false },
);
export type SingleCaseQuery = Static<typeof SingleCaseQuery>;
