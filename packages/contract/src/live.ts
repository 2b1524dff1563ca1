import { type Static, Type } from 'typebox';

/**
 * Live updates (`GET /api/events`, docs/product/cycles.md, "Live"): each `change` event's data.
 * `kind` says what changed (runs: test runs and the counters they move; cycles: cycles, items and
 * results); `projects` where; `cycles` which cycles, or null when too many to name.
 */
export const LIVE_CHANGE_KINDS = ['runs', 'cycles'] as const;
export type LiveChangeKind = (typeof LIVE_CHANGE_KINDS)[number];

export const LiveChange = Type.Object({
  kind: Type.Union([Type.Literal('runs'), Type.Literal('cycles')]),
  projects: Type.Array(Type.Integer()),
  cycles: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
});
export type LiveChange = Static<typeof LiveChange>;

/** Whether a value is one of the kinds of change. */
export function isLiveChangeKind(value: unknown): value is LiveChangeKind {
  return (LIVE_CHANGE_KINDS as readonly unknown[]).includes(value);
}
