import { type Static, Type } from 'typebox';
import { CasePriority } from './cases.ts';
import { Description, Id, IdName, Name } from './common.ts';
import { LIMITS } from './constants.ts';
import { ItemParameterRow } from './parameters.ts';

/**
 * Test cycles (docs/product/cycles.md): a named execution of a chosen set of cases, one item per
 * case, filled in by people or by CI. A cycle's results that pass or fail also record the case's
 * test run, so everything that reads runs sees them.
 */

/** The state of one case in one cycle. */
export const CycleItemState = Type.Union([
  Type.Literal('untested'),
  Type.Literal('passed'),
  Type.Literal('failed'),
  Type.Literal('blocked'),
  Type.Literal('skipped'),
  Type.Literal('retest'),
]);
export type CycleItemState = Static<typeof CycleItemState>;
export const CYCLE_ITEM_STATES = ['untested', 'passed', 'failed', 'blocked', 'skipped', 'retest'] as const;

/**
 * What a result can say: every item state except untested. `retest` ("fixed, verify again") is
 * work still to do: it records no test run and does not count in a pass rate (decision 178).
 */
export const CycleResultState = Type.Union([
  Type.Literal('passed'),
  Type.Literal('failed'),
  Type.Literal('blocked'),
  Type.Literal('skipped'),
  Type.Literal('retest'),
]);
export type CycleResultState = Static<typeof CycleResultState>;

/** What a result can say of one step of the case: passed, failed, blocked or skipped. */
export const StepResultState = Type.Union([
  Type.Literal('passed'),
  Type.Literal('failed'),
  Type.Literal('blocked'),
  Type.Literal('skipped'),
]);
export type StepResultState = Static<typeof StepResultState>;

/** How long after recording a result its recorder may still undo it (decision 177). */
export const RESULT_UNDO_SECONDS = 15;

export const CycleState = Type.Union([Type.Literal('open'), Type.Literal('closed')]);
export type CycleState = Static<typeof CycleState>;

export const CycleSource = Type.Union([Type.Literal('manual'), Type.Literal('import')]);
export type CycleSource = Static<typeof CycleSource>;

/** How many items a cycle has in each state; kept by the database, never counted per request. */
export const CycleCounts = Type.Object({
  total: Type.Integer(),
  untested: Type.Integer(),
  passed: Type.Integer(),
  failed: Type.Integer(),
  blocked: Type.Integer(),
  skipped: Type.Integer(),
  retest: Type.Integer(),
});
export type CycleCounts = Static<typeof CycleCounts>;

const OptionalText = Type.Union([Type.String(), Type.Null()]);

/**
 * A live run's cycle (docs/product/live-runs.md): `running` while results arrive, `stopped` once
 * LIVE_RUN_TIMEOUT passed without one while the cycle is open, `finished` once closed.
 */
export const CycleLive = Type.Object({
  state: Type.Union([Type.Literal('running'), Type.Literal('finished'), Type.Literal('stopped')]),
  /** The newest result's time; the run's start before the first result. */
  last_result_at: Type.String(),
});
export type CycleLive = Static<typeof CycleLive>;

/** A configuration a cycle is run on, with its group's name (`{id, name: 'Chrome', group: 'Browser'}`). */
export const CycleConfiguration = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  group: Type.String(),
});
export type CycleConfiguration = Static<typeof CycleConfiguration>;

/** A user as cycles name one (creator, assignee, executor), as runs name their executor. */
export const UserRef = Type.Object({ id: Type.Integer(), username: Type.String() });
export type UserRef = Static<typeof UserRef>;

export const Cycle = Type.Object({
  id: Type.Integer(),
  project_id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  /** The milestone it belongs to (docs/product/milestones.md); null for none. */
  milestone_id: Type.Union([Type.Integer(), Type.Null()]),
  /** That milestone's name (null for none), kept for clients that read the free text. */
  milestone: OptionalText,
  environment: OptionalText,
  state: CycleState,
  source: CycleSource,
  /** CI facts of an imported cycle (null for a manual one). */
  branch: OptionalText,
  commit: OptionalText,
  build_url: OptionalText,
  build_number: OptionalText,
  /** Null once the creating user is deleted. */
  creator: Type.Union([UserRef, Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  closed_at: OptionalText,
  counts: CycleCounts,
  /** The test plan that made it (docs/product/plans.md); null for none. */
  plan_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The configurations it is run on, in their groups' order; empty for none. */
  configurations: Type.Array(CycleConfiguration),
  /** Set on a live run's cycle, read alone (GET /api/cycles/{id}); absent otherwise. */
  live: Type.Optional(CycleLive),
});
export type Cycle = Static<typeof Cycle>;
export const CycleList = Type.Array(Cycle);

/**
 * `GET /api/projects/{id}/cycles?milestone_id=`: only the cycles of that milestone and of its
 * sub-milestones (a milestone of another project answers none).
 */
export const CycleListQuery = Type.Object(
  { milestone_id: Type.Optional(Id) },
  { additionalProperties: false },
);
export type CycleListQuery = Static<typeof CycleListQuery>;

/** A short free text: milestone, environment. */
export const ShortText = Type.String({ maxLength: LIMITS.nameMax });

export const CreateCycleBody = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    /** A milestone of the project (else 400); null for none. */
    milestone_id: Type.Optional(Type.Union([Id, Type.Null()])),
    /**
     * A milestone by name, for clients that send the free text: the project's milestone of that
     * name, made when there is none (which needs add_milestone). Not with a different milestone_id.
     */
    milestone: Type.Optional(Type.Union([ShortText, Type.Null()])),
    environment: Type.Optional(Type.Union([ShortText, Type.Null()])),
    /** Each suite brings all its cases, children included. */
    suite_ids: Type.Optional(Type.Array(Id, { maxItems: LIMITS.cycleSelectionMax })),
    /** Each case brings its descendants. */
    case_ids: Type.Optional(Type.Array(Id, { maxItems: LIMITS.cycleSelectionMax })),
    /** Every case of the project. */
    all_cases: Type.Optional(Type.Boolean()),
    /** "Re-run": the cases of this cycle (same project) whose items are in `from_states`. */
    from_cycle_id: Type.Optional(Id),
    from_states: Type.Optional(Type.Array(CycleItemState, { minItems: 1, maxItems: 6 })),
  },
  { additionalProperties: false },
);
export type CreateCycleBody = Static<typeof CreateCycleBody>;

/** Every field optional; `state` closes or reopens. */
export const UpdateCycleBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    milestone_id: Type.Optional(Type.Union([Id, Type.Null()])),
    /** As on create: a milestone by name. */
    milestone: Type.Optional(Type.Union([ShortText, Type.Null()])),
    environment: Type.Optional(Type.Union([ShortText, Type.Null()])),
    state: Type.Optional(CycleState),
  },
  { additionalProperties: false },
);
export type UpdateCycleBody = Static<typeof UpdateCycleBody>;

export const CycleMutation = Type.Object({ message: Type.String(), cycle: Cycle });
export type CycleMutation = Static<typeof CycleMutation>;

/** The case an item is about, as it is now. */
export const CycleItemCase = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  suite_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Its suite's name (null for a case outside suites): the cycle page groups items by it. */
  suite_name: OptionalText,
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  priority: CasePriority,
});
export type CycleItemCase = Static<typeof CycleItemCase>;

export const CycleItem = Type.Object({
  id: Type.Integer(),
  cycle_id: Type.Integer(),
  test_case: CycleItemCase,
  /** The case's data row this item runs, as the cycle took it; null for a case without parameters. */
  parameter_row: ItemParameterRow,
  state: CycleItemState,
  assignee: Type.Union([UserRef, Type.Null()]),
  /** Who recorded its latest result (null before the first result, for CI, or once deleted). */
  executor: Type.Union([UserRef, Type.Null()]),
  /** How many results the item has. */
  results: Type.Integer(),
  /**
   * Its latest result's time taken and an imported failure's message (the cycle page shows them);
   * null before the first result.
   */
  last_result: Type.Union([
    Type.Object({
      elapsed_ms: Type.Union([Type.Integer(), Type.Null()]),
      failure_message: OptionalText,
    }),
    Type.Null(),
  ]),
  updated_at: Type.String(),
});
export type CycleItem = Static<typeof CycleItem>;

export const CycleItemsQuery = Type.Object(
  {
    state: Type.Optional(CycleItemState),
    assignee_id: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.idMax })),
    suite_id: Type.Optional(Id),
    q: Type.Optional(Type.String({ maxLength: LIMITS.nameMax })),
    /** Only items after this one in item order (the execution view's "next"). */
    after_id: Type.Optional(Id),
    /** Only items before this one, the nearest first (the execution view's "Previous" and list). */
    before_id: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.idMax })),
  },
  { additionalProperties: false },
);
export type CycleItemsQuery = Static<typeof CycleItemsQuery>;

export const CycleItemPage = Type.Object({ items: Type.Array(CycleItem), total: Type.Integer() });
export type CycleItemPage = Static<typeof CycleItemPage>;

/** What a person recorded on one step of the case (docs/product/rich-cases.md, "Step results"). */
export const StepResult = Type.Object(
  {
    state: StepResultState,
    comment: Type.Optional(Type.String({ maxLength: LIMITS.descriptionMax })),
  },
  { additionalProperties: false },
);
export type StepResult = Static<typeof StepResult>;

export const CycleResult = Type.Object({
  id: Type.Integer(),
  item_id: Type.Integer(),
  state: CycleResultState,
  comment: OptionalText,
  elapsed_ms: Type.Union([Type.Integer(), Type.Null()]),
  /** The test run a passed or failed result recorded (null for blocked, skipped and retest). */
  run_id: Type.Union([Type.Integer(), Type.Null()]),
  executor: Type.Union([UserRef, Type.Null()]),
  created_at: Type.String(),
  /** What an imported report said of a failure or error (each part cut to 64 KB); else null. */
  failure: Type.Union([
    Type.Object({ message: OptionalText, type: OptionalText, text: OptionalText }),
    Type.Null(),
  ]),
  /** Per step of the case, in step order (null for a step without a result); null when none. */
  step_results: Type.Union([Type.Array(Type.Union([StepResult, Type.Null()])), Type.Null()]),
  /** The case's version when the result was recorded (null for imported results and results from before versions). */
  case_version: Type.Union([Type.Integer(), Type.Null()]),
  /** An imported testcase's system-out and system-err (cut to IMPORT_LIMITS.logMax); else null. */
  log: OptionalText,
});
export type CycleResult = Static<typeof CycleResult>;

/** One item with its results, oldest first, and its cycle. */
export const CycleItemDetail = Type.Object({
  item: CycleItem,
  cycle: Cycle,
  results: Type.Array(CycleResult),
});
export type CycleItemDetail = Static<typeof CycleItemDetail>;

export const RecordResultBody = Type.Object(
  {
    state: CycleResultState,
    comment: Type.Optional(Type.String({ maxLength: LIMITS.descriptionMax })),
    elapsed_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
    /** One entry per step of the case, in order; null for a step left without a result. */
    step_results: Type.Optional(Type.Array(Type.Union([StepResult, Type.Null()]), { maxItems: 500 })),
  },
  { additionalProperties: false },
);
export type RecordResultBody = Static<typeof RecordResultBody>;

export const ResultMutation = Type.Object({ message: Type.String(), result: CycleResult, item: CycleItem });
export type ResultMutation = Static<typeof ResultMutation>;

/** The answer of an undo: the item as it is again, without the result. */
export const ResultUndone = Type.Object({ message: Type.String(), item: CycleItem });
export type ResultUndone = Static<typeof ResultUndone>;

export const AssignItemsBody = Type.Object(
  {
    item_ids: Type.Array(Id, { minItems: 1, maxItems: LIMITS.cycleSelectionMax }),
    /** Null unassigns. */
    assignee_id: Type.Union([Id, Type.Null()]),
  },
  { additionalProperties: false },
);
export type AssignItemsBody = Static<typeof AssignItemsBody>;

export const AssignItemsResponse = Type.Object({ message: Type.String(), updated: Type.Integer() });
export type AssignItemsResponse = Static<typeof AssignItemsResponse>;

/** An item of "My Work": an open item assigned to the caller, with where it is. */
export const MyWorkItem = Type.Object({
  item: CycleItem,
  cycle: IdName,
  project: IdName,
});
export type MyWorkItem = Static<typeof MyWorkItem>;
export const MyWork = Type.Object({ items: Type.Array(MyWorkItem) });
export type MyWork = Static<typeof MyWork>;

/** A case's latest cycle results (its case page): each with the cycle it was recorded in. */
export const CaseCycleResult = Type.Object({ result: CycleResult, cycle: IdName });
export type CaseCycleResult = Static<typeof CaseCycleResult>;
export const CaseCycleResults = Type.Object({ results: Type.Array(CaseCycleResult) });
export type CaseCycleResults = Static<typeof CaseCycleResults>;
/** How many of a case's cycle results its page shows, newest first. */
export const CASE_CYCLE_RESULTS_MAX = 50;

/** The dashboard's "Active cycles": open cycles of the projects where the caller sees cycles. */
export const ActiveCycle = Type.Object({ cycle: Cycle, project: IdName });
export type ActiveCycle = Static<typeof ActiveCycle>;
export const ActiveCycles = Type.Object({ cycles: Type.Array(ActiveCycle) });
export type ActiveCycles = Static<typeof ActiveCycles>;
/** How many active cycles the dashboard lists, newest first. */
export const ACTIVE_CYCLES_MAX = 20;
