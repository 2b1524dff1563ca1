import { type Static, Type } from 'typebox';

/**
 * The CI gate of a JUnit import (docs/product/ci-gate.md): every failure of the import sorted
 * into one group, and the cases it fixed. Compared with the previous import cycle on the same
 * branch (for a branch's first import, the latest on the default branch, `main` or `master`).
 */
export const GateCase = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The failure message of this import's result (null for a fixed case). */
  failure_message: Type.Union([Type.String(), Type.Null()]),
});
export type GateCase = Static<typeof GateCase>;

/** How many cases each list holds at most; the counts are always whole. */
export const GATE_LIST_MAX = 200;

export const GateCounts = Type.Object({
  new: Type.Integer(),
  still_failing: Type.Integer(),
  flaky: Type.Integer(),
  quarantined: Type.Integer(),
  fixed: Type.Integer(),
});
export type GateCounts = Static<typeof GateCounts>;

export const ImportGate = Type.Object({
  branch: Type.Union([Type.String(), Type.Null()]),
  /** The cycle compared with; null when there was none (every failure is then new). */
  compared_with: Type.Union([
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      branch: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  counts: GateCounts,
  /** Failed now, and passed (or did not fail, or never ran) in the cycle compared with. */
  new: Type.Array(GateCase),
  /** Failed now and in the cycle compared with. */
  still_failing: Type.Array(GateCase),
  /** Failed now, and flaky on this branch (docs/product/flaky-tests.md). */
  flaky: Type.Array(GateCase),
  /** Failed now, and under an active quarantine. */
  quarantined: Type.Array(GateCase),
  /** Failed in the cycle compared with, passed now. */
  fixed: Type.Array(GateCase),
  /** `--gate`: true when a new or still-failing failure is neither flaky nor quarantined. */
  fails: Type.Boolean(),
  /** `--gate new`: true when a new failure is neither flaky nor quarantined. */
  fails_new: Type.Boolean(),
});
export type ImportGate = Static<typeof ImportGate>;

/** The default branch a new branch's first import is compared with, in this order. */
export const GATE_DEFAULT_BRANCHES = ['main', 'master'] as const;

/** `GET /api/projects/{id}/gate?branch=`: the branch's latest import (`branch=` for imports that named none). */
export const BranchGateQuery = Type.Object(
  { branch: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
export type BranchGateQuery = Static<typeof BranchGateQuery>;

/** The latest import cycle of a branch and its gate, as the import answered it; both null before any import. */
export const BranchGate = Type.Object({
  branch: Type.String(),
  cycle: Type.Union([
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      branch: Type.Union([Type.String(), Type.Null()]),
      created_at: Type.String(),
    }),
    Type.Null(),
  ]),
  gate: Type.Union([ImportGate, Type.Null()]),
});
export type BranchGate = Static<typeof BranchGate>;
