import { type Static, Type } from 'typebox';
import { Description, Id } from './common.ts';
import { LIMITS } from './constants.ts';
import { UserRef } from './cycles.ts';

/**
 * Requirements and traceability (docs/product/requirements.md): a project's requirements in a
 * tree (epics, stories, acceptance criteria), linked to cases many to many, each with a coverage
 * read from its cases' latest results, optionally within a milestone or a configuration.
 */

export const REQUIREMENT_LIMITS = {
  /** `REQ-12`, `PROJ-123`, `AC-3.1`: letters, digits, `-`, `_`, `.`, starting with a letter or digit. */
  keyMax: 50,
  titleMax: LIMITS.nameMax,
  urlMax: 2000,
  /** A project may have this many requirements (409 `limit_reached` beyond). */
  perProject: 50_000,
  /** How deep the tree goes: a requirement, its child, its grandchild. */
  depth: 3,
  /** How many ids one link call sets at most. */
  linksPerCall: 5000,
  /** A page of a list or of the matrix holds at most this many rows (100 by default). */
  pageMax: 500,
  pageDefault: 100,
  /** A matrix row lists at most this many cases (`case_count` counts them all). */
  casesPerRow: 50,
} as const;

export const REQUIREMENT_STATUSES = ['draft', 'approved', 'implemented', 'obsolete'] as const;
export const RequirementStatus = Type.Union([
  Type.Literal('draft'),
  Type.Literal('approved'),
  Type.Literal('implemented'),
  Type.Literal('obsolete'),
]);
export type RequirementStatus = Static<typeof RequirementStatus>;

/**
 * - `not_covered`: no case linked (to it or, for a parent, to any requirement below it);
 * - `untested`: cases, but some have no result in scope, and none failed or is blocked;
 * - `failing`: a linked case's latest result in scope failed or is blocked;
 * - `passing`: every linked case's latest result in scope passed.
 * A parent rolls its children up with its own cases (decision records of requirements).
 */
export const REQUIREMENT_COVERAGES = ['not_covered', 'untested', 'failing', 'passing'] as const;
export const RequirementCoverage = Type.Union([
  Type.Literal('not_covered'),
  Type.Literal('untested'),
  Type.Literal('failing'),
  Type.Literal('passing'),
]);
export type RequirementCoverage = Static<typeof RequirementCoverage>;

export const RequirementKey = Type.String({
  minLength: 1,
  maxLength: REQUIREMENT_LIMITS.keyMax,
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
});

/** A requirement as a case names it. */
export const RequirementRef = Type.Object({ id: Type.Integer(), key: Type.String(), title: Type.String() });
export type RequirementRef = Static<typeof RequirementRef>;

/** The linked cases (its own and, rolled up, its descendants') by their latest result in scope. */
export const RequirementCounts = Type.Object({
  cases: Type.Integer(),
  passed: Type.Integer(),
  /** Failed or blocked. */
  failing: Type.Integer(),
  /** No result in scope, or skipped or to retest. */
  untested: Type.Integer(),
});
export type RequirementCounts = Static<typeof RequirementCounts>;

export const Requirement = Type.Object({
  id: Type.Integer(),
  project_id: Type.Integer(),
  key: Type.String(),
  title: Type.String(),
  /** Markdown. */
  description: Type.String(),
  status: RequirementStatus,
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The story in a tracker; made from the project's tracker when the key is one of its ids. */
  external_url: Type.Union([Type.String(), Type.Null()]),
  /** Its current version (1 when made; each saved change adds one). */
  version: Type.Integer(),
  has_children: Type.Boolean(),
  /** Cases linked to it directly. */
  case_count: Type.Integer(),
  coverage: RequirementCoverage,
  counts: RequirementCounts,
  creator: Type.Union([UserRef, Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Requirement = Static<typeof Requirement>;

/** `GET /api/requirements/{id}`: the requirement with its directly linked cases and their latest result. */
export const RequirementDetail = Type.Object({
  ...Requirement.properties,
  cases: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      /** The case's latest result from any source; null when it never ran. */
      latest: Type.Union([
        Type.Object({
          state: Type.String(),
          at: Type.String(),
          source: Type.Union([Type.Literal('run'), Type.Literal('cycle')]),
          cycle_id: Type.Union([Type.Integer(), Type.Null()]),
        }),
        Type.Null(),
      ]),
    }),
  ),
});
export type RequirementDetail = Static<typeof RequirementDetail>;

const Page = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: REQUIREMENT_LIMITS.pageMax })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.idMax })),
};

/**
 * `GET /api/projects/{id}/requirements`: `q` matches key and title ignoring case; `parent_id`
 * lists one requirement's children (`parent_id=0`: the top level); without it, every requirement
 * matching the filters, by key.
 */
export const RequirementListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: LIMITS.nameMax })),
    status: Type.Optional(RequirementStatus),
    coverage: Type.Optional(RequirementCoverage),
    parent_id: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.idMax })),
    ...Page,
  },
  { additionalProperties: false },
);
export type RequirementListQuery = Static<typeof RequirementListQuery>;

export const RequirementPage = Type.Object({ items: Type.Array(Requirement), total: Type.Integer() });
export type RequirementPage = Static<typeof RequirementPage>;

const OptionalUrl = Type.Union([Type.String({ maxLength: REQUIREMENT_LIMITS.urlMax }), Type.Null()]);

export const CreateRequirementBody = Type.Object(
  {
    /** Left out: the next free `REQ-<n>`. */
    key: Type.Optional(RequirementKey),
    title: Type.String({ minLength: 1, maxLength: REQUIREMENT_LIMITS.titleMax }),
    description: Type.Optional(Description),
    status: Type.Optional(RequirementStatus),
    parent_id: Type.Optional(Type.Union([Id, Type.Null()])),
    external_url: Type.Optional(OptionalUrl),
  },
  { additionalProperties: false },
);
export type CreateRequirementBody = Static<typeof CreateRequirementBody>;

/** Every field optional; omitted ones are kept, null clears an optional one. */
export const UpdateRequirementBody = Type.Object(
  {
    key: Type.Optional(RequirementKey),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: REQUIREMENT_LIMITS.titleMax })),
    description: Type.Optional(Description),
    status: Type.Optional(RequirementStatus),
    parent_id: Type.Optional(Type.Union([Id, Type.Null()])),
    external_url: Type.Optional(OptionalUrl),
  },
  { additionalProperties: false },
);
export type UpdateRequirementBody = Static<typeof UpdateRequirementBody>;

export const RequirementMutation = Type.Object({ message: Type.String(), requirement: Requirement });
export type RequirementMutation = Static<typeof RequirementMutation>;

/** One version: what a person writes in the requirement form, as it was saved. */
export const RequirementVersion = Type.Object({
  version: Type.Integer(),
  key: Type.String(),
  title: Type.String(),
  description: Type.String(),
  status: RequirementStatus,
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  external_url: Type.Union([Type.String(), Type.Null()]),
  author: Type.Union([UserRef, Type.Null()]),
  created_at: Type.String(),
});
export type RequirementVersion = Static<typeof RequirementVersion>;

/** `GET /api/requirements/{id}/versions`: newest first. */
export const RequirementVersionPage = Type.Object({
  items: Type.Array(RequirementVersion),
  total: Type.Integer(),
});
export type RequirementVersionPage = Static<typeof RequirementVersionPage>;

export const RequirementVersionsQuery = Type.Object(Page, { additionalProperties: false });
export type RequirementVersionsQuery = Static<typeof RequirementVersionsQuery>;

/** `PUT /api/test-cases/{id}/requirements`: the case's links become exactly these. */
export const SetCaseRequirementsBody = Type.Object(
  { requirement_ids: Type.Array(Id, { maxItems: REQUIREMENT_LIMITS.linksPerCall }) },
  { additionalProperties: false },
);
export type SetCaseRequirementsBody = Static<typeof SetCaseRequirementsBody>;

export const CaseRequirements = Type.Object({
  message: Type.String(),
  requirements: Type.Array(RequirementRef),
});
export type CaseRequirements = Static<typeof CaseRequirements>;

/**
 * `PUT /api/requirements/{id}/cases`: the requirement's links become exactly these;
 * `POST /api/requirements/{id}/cases`: these are added to its links (ones already there are left).
 */
export const SetRequirementCasesBody = Type.Object(
  { case_ids: Type.Array(Id, { maxItems: REQUIREMENT_LIMITS.linksPerCall }) },
  { additionalProperties: false },
);
export type SetRequirementCasesBody = Static<typeof SetRequirementCasesBody>;

export const RequirementCases = Type.Object({
  message: Type.String(),
  cases: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type RequirementCases = Static<typeof RequirementCases>;

/**
 * `GET /api/projects/{id}/traceability` (and `…/traceability.csv`, the same rows whole):
 * `milestone_id` reads results in the milestone's cycles (and its sub-milestones'),
 * `configuration_id` in the cycles carrying that configuration; without either, every result.
 */
export const TraceabilityQuery = Type.Object(
  {
    milestone_id: Type.Optional(Id),
    configuration_id: Type.Optional(Id),
    coverage: Type.Optional(RequirementCoverage),
    status: Type.Optional(RequirementStatus),
    ...Page,
  },
  { additionalProperties: false },
);
export type TraceabilityQuery = Static<typeof TraceabilityQuery>;

/** A case of a matrix row, with its latest result in scope (null: none). */
export const TraceabilityCase = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  latest: Type.Union([
    Type.Object({
      state: Type.String(),
      at: Type.String(),
      cycle_id: Type.Union([Type.Integer(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});
export type TraceabilityCase = Static<typeof TraceabilityCase>;

export const TraceabilityRow = Type.Object({
  requirement: Type.Object({
    id: Type.Integer(),
    key: Type.String(),
    title: Type.String(),
    status: RequirementStatus,
    parent_id: Type.Union([Type.Integer(), Type.Null()]),
    /** 0 for a top-level requirement. */
    depth: Type.Integer(),
  }),
  coverage: RequirementCoverage,
  counts: RequirementCounts,
  /** Its directly linked cases, at most REQUIREMENT_LIMITS.casesPerRow. */
  cases: Type.Array(TraceabilityCase),
  case_count: Type.Integer(),
});
export type TraceabilityRow = Static<typeof TraceabilityRow>;

/** Rows in tree order (each parent before its children, siblings by key). */
export const TraceabilityPage = Type.Object({
  items: Type.Array(TraceabilityRow),
  total: Type.Integer(),
  /** How many requirements of the whole matrix (all pages, under the filters but `coverage`) have each coverage. */
  summary: Type.Object({
    not_covered: Type.Integer(),
    untested: Type.Integer(),
    failing: Type.Integer(),
    passing: Type.Integer(),
  }),
});
export type TraceabilityPage = Static<typeof TraceabilityPage>;
