import { type Static, Type } from 'typebox';
import { Id } from './common.ts';
import { CycleCounts } from './cycles.ts';

/** `GET /api/cycles/compare?from=&to=` (docs/product/cycle-compare.md). */
export const CycleCompareQuery = Type.Object({ from: Id, to: Id }, { additionalProperties: false });
export type CycleCompareQuery = Static<typeof CycleCompareQuery>;

/** One case in either cycle: its item's state and latest duration on each side (null: not there). */
export const ComparedCase = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  from_state: Type.Union([Type.String(), Type.Null()]),
  to_state: Type.Union([Type.String(), Type.Null()]),
  from_ms: Type.Union([Type.Integer(), Type.Null()]),
  to_ms: Type.Union([Type.Integer(), Type.Null()]),
});
export type ComparedCase = Static<typeof ComparedCase>;

export const ComparedCycle = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  branch: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  counts: CycleCounts,
  /** The sum of each item's latest result's duration. */
  duration_ms: Type.Integer(),
});
export type ComparedCycle = Static<typeof ComparedCycle>;

/** How many cases each list holds at most; `counts` are whole. */
export const COMPARE_LIST_MAX = 500;

export const CycleComparison = Type.Object({
  from: ComparedCycle,
  to: ComparedCycle,
  counts: Type.Object({
    new_failures: Type.Integer(),
    fixed: Type.Integer(),
    still_failing: Type.Integer(),
    added: Type.Integer(),
    removed: Type.Integer(),
  }),
  /** Failed in `to`, and not failed in `from` (or not there). */
  new_failures: Type.Array(ComparedCase),
  /** Failed in `from`, passed in `to`. */
  fixed: Type.Array(ComparedCase),
  /** Failed in both. */
  still_failing: Type.Array(ComparedCase),
  /** In `to` only. */
  added: Type.Array(ComparedCase),
  /** In `from` only. */
  removed: Type.Array(ComparedCase),
  /** `to`'s duration less `from`'s. */
  duration_change_ms: Type.Integer(),
});
export type CycleComparison = Static<typeof CycleComparison>;
