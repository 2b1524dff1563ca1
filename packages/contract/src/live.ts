import { type Static, Type } from 'typebox';

/**
 * Live updates (`GET /api/events`, docs/product/cycles.md, "Live"): each `change` event's data.
 * `kind` says what changed (runs: test runs and the counters they move; cycles: cycles, items and
 * results); `projects` where; `cycles` which cycles, or null when too many to name.
 */
export { isLiveChangeKind, LIVE_CHANGE_KINDS, type LiveChangeKind } from './constants.ts';

export const LiveChange = Type.Object({
  kind: Type.Union([Type.Literal('runs'), Type.Literal('cycles')]),
  projects: Type.Array(Type.Integer()),
  cycles: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
});
export type LiveChange = Static<typeof LiveChange>;
