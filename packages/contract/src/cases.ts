import { type Static, Type } from 'typebox';
import { Description, Id, Name } from './common.ts';
import { LIMITS } from './constants.ts';
import { CaseParameters } from './parameters.ts';
import { RunStatus } from './runs.ts';

/** Limits of a case's rich content (docs/product/rich-cases.md). */
export const CASE_CONTENT_LIMITS = {
  preconditionsMax: 10_000,
  stepsMax: 500,
  stepTextMax: 10_000,
  tagsMax: 30,
  tagMax: 50,
  /** The id a case had in the tool it was imported from (TestRail's "C123"). */
  sourceIdMax: 200,
} as const;

export const CASE_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export const CasePriority = Type.Union([
  Type.Literal('critical'),
  Type.Literal('high'),
  Type.Literal('medium'),
  Type.Literal('low'),
]);
export type CasePriority = Static<typeof CasePriority>;

/** One step: what to do and what should happen, both Markdown. */
export const CaseStep = Type.Object(
  {
    action: Type.String({ maxLength: CASE_CONTENT_LIMITS.stepTextMax }),
    expected: Type.String({ maxLength: CASE_CONTENT_LIMITS.stepTextMax }),
  },
  { additionalProperties: false },
);
export type CaseStep = Static<typeof CaseStep>;

/** A case's step that stands for a shared step set. */
export const SharedStepsRef = Type.Object({ shared_steps_id: Id }, { additionalProperties: false });
export type SharedStepsRef = Static<typeof SharedStepsRef>;

/** A step as a case's step list holds it: written out, or a reference to a set. */
export const CaseStepEntry = Type.Union([CaseStep, SharedStepsRef]);
export type CaseStepEntry = Static<typeof CaseStepEntry>;

export const isSharedStepsRef = (step: CaseStepEntry): step is SharedStepsRef => 'shared_steps_id' in step;

/** A step of a case with its sets expanded (`?expand=steps`): a step of a set names the set
 * (docs/product/shared-steps.md). */
export const ExpandedStep = Type.Object({
  action: Type.String(),
  expected: Type.String(),
  shared_steps: Type.Object({ id: Type.Integer(), name: Type.String() }),
});
export type ExpandedStep = Static<typeof ExpandedStep>;

/**
 * A tag as sent: the server trims it and lower-cases it (tags are case-insensitive), and keeps
 * each once. A tag holds no comma and no control character.
 */
export const CaseTag = Type.String({
  minLength: 1,
  maxLength: CASE_CONTENT_LIMITS.tagMax,
  pattern: '^[^,\\u0000-\\u001f\\u007f]+$',
});

/** Custom field values by field id (as text): each checked against its field's type. */
export const CustomFieldValues = Type.Record(Type.String({ pattern: '^[1-9][0-9]{0,9}$' }), Type.Unknown(), {
  additionalProperties: false,
});
export type CustomFieldValues = Static<typeof CustomFieldValues>;

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
  priority: CasePriority,
  tags: Type.Array(Type.String()),
});
export type TestCase = Static<typeof TestCase>;
export const TestCaseList = Type.Array(TestCase);

/**
 * A window of a case list (docs/product/cases.md, "Windows of a list"): `limit` cases from
 * `offset` in the list's order (by id), 100 by default, at most CASE_WINDOW_MAX.
 */
export const CASE_WINDOW_MAX = 500;
export const CASE_WINDOW_DEFAULT = 100;
const windowBounds = {
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.idMax })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CASE_WINDOW_MAX })),
};
export const CaseWindowQuery = Type.Object(windowBounds, { additionalProperties: false });
export type CaseWindowQuery = Static<typeof CaseWindowQuery>;

/** A project's top-level cases; `outside_suites=true` keeps those in no suite (as the tree shows them). */
export const ProjectCaseWindowQuery = Type.Object(
  { ...windowBounds, outside_suites: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type ProjectCaseWindowQuery = Static<typeof ProjectCaseWindowQuery>;

/** One window of a list, and how many cases the whole list holds. */
export const CaseWindow = Type.Object({ items: Type.Array(TestCase), total: Type.Integer() });
export type CaseWindow = Static<typeof CaseWindow>;

/** What a version of a case holds: everything a person writes in the case forms. */
export const CaseContent = Type.Object({
  name: Type.String(),
  description: Type.String(),
  preconditions: Type.String(),
  priority: CasePriority,
  tags: Type.Array(Type.String()),
  steps: Type.Array(CaseStepEntry),
  custom_fields: CustomFieldValues,
  /** Columns and rows of values (docs/product/parameters.md); null for a case without them. */
  parameters: Type.Union([CaseParameters, Type.Null()]),
});
export type CaseContent = Static<typeof CaseContent>;

/**
 * A case as the single-case endpoint, creates and updates answer it: the list shape plus its
 * whole content and the number of its current version. Lists leave the heavy parts out
 * (docs/product/rich-cases.md, "In lists").
 */
export const TestCaseDetail = Type.Object({
  ...TestCase.properties,
  preconditions: Type.String(),
  /** As written (a step or a set's reference); with `?expand=steps`, every set's steps in place. */
  steps: Type.Array(Type.Union([ExpandedStep, CaseStep, SharedStepsRef])),
  custom_fields: CustomFieldValues,
  /** Columns and rows of values; a cycle gets one item per row (docs/product/parameters.md). */
  parameters: Type.Union([CaseParameters, Type.Null()]),
  version: Type.Integer(),
  /**
   * The case's id in the tool it was imported from (TestRail's "C123"), kept by the case import;
   * null for a case made here (docs/product/case-import.md).
   */
  source_id: Type.Union([Type.String(), Type.Null()]),
  /**
   * The requirements the case is linked to, by key (a RequirementRef of requirements.ts), in the
   * answer of `GET /api/test-cases/single/{id}` to a caller who may see requirements.
   */
  requirements: Type.Optional(
    Type.Array(Type.Object({ id: Type.Integer(), key: Type.String(), title: Type.String() })),
  ),
});
export type TestCaseDetail = Static<typeof TestCaseDetail>;

/** `/api/test-cases/parent/{caseId}` and `/api/testruns/create/{caseId}`. */
export const CaseIdParams = Type.Object({ caseId: Id }, { additionalProperties: false });
export type CaseIdParams = Static<typeof CaseIdParams>;

/**
 * A create or an update. The seed's fields keep their rules (an update without `description`
 * clears it); the rich fields are optional, and an update that leaves one out keeps its value.
 */
export const CaseBody = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    preconditions: Type.Optional(Type.String({ maxLength: CASE_CONTENT_LIMITS.preconditionsMax })),
    priority: Type.Optional(CasePriority),
    tags: Type.Optional(Type.Array(CaseTag, { maxItems: CASE_CONTENT_LIMITS.tagsMax })),
    steps: Type.Optional(Type.Array(CaseStepEntry, { maxItems: CASE_CONTENT_LIMITS.stepsMax })),
    custom_fields: Type.Optional(CustomFieldValues),
    /** Left out keeps them; null removes them. */
    parameters: Type.Optional(Type.Union([CaseParameters, Type.Null()])),
  },
  { additionalProperties: false },
);
export type CaseBody = Static<typeof CaseBody>;

export const CaseMutation = Type.Object({ message: Type.String(), testCase: TestCaseDetail });

/**
 * `POST /api/test-cases/{id}/merge` (docs/product/report-formats.md, "Renamed tests"): the case
 * `from_case_id` is merged into this one, which keeps its name and takes the other's history.
 */
export const MergeCaseBody = Type.Object({ from_case_id: Id }, { additionalProperties: false });
export type MergeCaseBody = Static<typeof MergeCaseBody>;
export type CaseMutation = Static<typeof CaseMutation>;

/** One version of a case (docs/product/rich-cases.md, "Versions"). */
export const CaseVersion = Type.Object({
  version: Type.Integer(),
  author: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]),
  created_at: Type.String(),
  /** The content fields changed from the version before; every field for version 1. */
  changed: Type.Array(Type.String()),
  content: CaseContent,
  /** Why the version was made when the case itself was not edited ("Shared steps 'Sign in' changed"). */
  note: Type.Union([Type.String(), Type.Null()]),
});
export type CaseVersion = Static<typeof CaseVersion>;

/** `GET /api/test-cases/{id}/versions`, newest first. */
export const CaseVersionPage = Type.Object({ items: Type.Array(CaseVersion), total: Type.Integer() });
export type CaseVersionPage = Static<typeof CaseVersionPage>;

export const CaseVersionsQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
);
export type CaseVersionsQuery = Static<typeof CaseVersionsQuery>;

export const CaseVersionParams = Type.Object(
  { id: Id, version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);
export type CaseVersionParams = Static<typeof CaseVersionParams>;

/** `GET /api/projects/{id}/case-tags?q=`: the project's tags that start with q, most used first. */
export const CaseTagsQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: CASE_CONTENT_LIMITS.tagMax })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
export type CaseTagsQuery = Static<typeof CaseTagsQuery>;
export const CaseTags = Type.Object({
  tags: Type.Array(Type.Object({ tag: Type.String(), cases: Type.Integer() })),
});
export type CaseTags = Static<typeof CaseTags>;
