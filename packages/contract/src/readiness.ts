import { type Static, Type } from 'typebox';
import { CycleCounts } from './cycles.ts';

/**
 * A milestone's readiness (docs/product/milestones.md, "Readiness"): whether it meets the rules
 * set for it, each reason it does not, and the figures the rules were read against.
 */

/** Each rule: null (or false) turns it off. A pass rate is a percentage, from 0 to 100. */
export const ReadinessRules = Type.Object(
  {
    /** At most this many items of its cycles not yet tested (untested or to retest). */
    max_untested: Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000_000 }), Type.Null()]),
    /** Each configuration's pass rate (passed / executed, in %) at least this. */
    min_pass_rate: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()]),
    /** No failure in the latest import of its branch that is new or still failing. */
    no_new_failures: Type.Boolean(),
    /** No defect linked to an item of its cycles that is failed now. */
    no_open_defects: Type.Boolean(),
    /**
     * At most this many approved requirements whose coverage within the milestone is not passing
     * (docs/product/requirements.md). Optional in a PUT: left out, the milestone keeps the value
     * its stored rules have, or has the rule off when they have none (decision 209).
     */
    max_unmet_requirements: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000_000 }), Type.Null()]),
    ),
  },
  { additionalProperties: false },
);
export type ReadinessRules = Static<typeof ReadinessRules>;

/**
 * The rules of a milestone that never set any: everything tested and passed, no failure in CI,
 * no defect on a failure, every approved requirement passing (decisions 202, 209). Strict, so a
 * milestone is never called ready by default.
 */
export const DEFAULT_READINESS_RULES: ReadinessRules = {
  max_untested: 0,
  min_pass_rate: 100,
  no_new_failures: true,
  no_open_defects: true,
  max_unmet_requirements: 0,
};

/** How many reasons (and notes) each rule lists at most; the figures always count them all. */
export const READINESS_LIST_MAX = 50;

export const ReadinessRule = Type.Union([
  Type.Literal('max_untested'),
  Type.Literal('min_pass_rate'),
  Type.Literal('no_new_failures'),
  Type.Literal('no_open_defects'),
  Type.Literal('max_unmet_requirements'),
]);
export type ReadinessRule = Static<typeof ReadinessRule>;

export const ReadinessReason = Type.Object({
  rule: ReadinessRule,
  /** What fails, named: `Chrome, Linux: pass rate 80% is below 95%`. */
  message: Type.String(),
  /** Where it is: an app path (`/cycles/12`, `/cases/5`) or a defect's tracker address; null for none. */
  link: Type.Union([Type.String(), Type.Null()]),
});
export type ReadinessReason = Static<typeof ReadinessReason>;

export const ConfigurationPassRate = Type.Object({
  /** The configurations' names in their groups' order (`Chrome, Linux`); null for cycles without. */
  name: Type.Union([Type.String(), Type.Null()]),
  cycles: Type.Integer(),
  total: Type.Integer(),
  /** Items neither untested nor to retest. */
  executed: Type.Integer(),
  passed: Type.Integer(),
  /** passed / executed in %, two decimals; null when nothing ran yet. */
  pass_rate: Type.Union([Type.Number(), Type.Null()]),
});
export type ConfigurationPassRate = Static<typeof ConfigurationPassRate>;

const CycleRef = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  branch: Type.Union([Type.String(), Type.Null()]),
});

export const ReadinessImport = Type.Object({
  /** The latest import cycle of the milestone's branch. */
  cycle: CycleRef,
  /** The import it was compared with, as the CI gate compares (null: every failure is new). */
  compared_with: Type.Union([CycleRef, Type.Null()]),
  /** The gate's groups of its failures; only new and still failing ones fail readiness. */
  counts: Type.Object({
    new: Type.Integer(),
    still_failing: Type.Integer(),
    flaky: Type.Integer(),
    quarantined: Type.Integer(),
  }),
});
export type ReadinessImport = Static<typeof ReadinessImport>;

export const ReadinessFigures = Type.Object({
  cycles: Type.Integer(),
  /** Items per state over the cycles of the milestone and its sub-milestones. */
  counts: CycleCounts,
  /** Items not yet tested: untested and to retest. */
  untested: Type.Integer(),
  configurations: Type.Array(ConfigurationPassRate),
  /** Null when the milestone has no branch or its branch has no import yet. */
  import: Type.Union([ReadinessImport, Type.Null()]),
  /** Distinct defects linked to an item that is failed now. */
  open_defects: Type.Integer(),
  /** Approved requirements whose coverage within the milestone is not passing. */
  unmet_requirements: Type.Optional(Type.Integer()),
});
export type ReadinessFigures = Static<typeof ReadinessFigures>;

export const MilestoneReadiness = Type.Object({
  milestone: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    branch: Type.Union([Type.String(), Type.Null()]),
  }),
  ready: Type.Boolean(),
  rules: ReadinessRules,
  /** False while the milestone uses the default rules. */
  rules_set: Type.Boolean(),
  /** Why it is not ready; empty when it is. */
  reasons: Type.Array(ReadinessReason),
  /** What does not count against it, said apart: flaky and quarantined failures, a rule that cannot apply. */
  notes: Type.Array(ReadinessReason),
  figures: ReadinessFigures,
});
export type MilestoneReadiness = Static<typeof MilestoneReadiness>;

export const ReadinessRulesMutation = Type.Object({ message: Type.String(), rules: ReadinessRules });
export type ReadinessRulesMutation = Static<typeof ReadinessRulesMutation>;
