import { type Static, Type } from 'typebox';
import { Id } from './common.ts';
import { CycleResultState } from './cycles.ts';

/**
 * Result history, flaky tests and quarantine (docs/product/flaky-tests.md). A case is flaky on a
 * branch when, over its last N automated results there (results of import cycles, N the project's
 * window), the outcome flipped between passed and failed at least K times among the results of the
 * newest one's case version. The server keeps these figures as results arrive.
 */

export const FLAKY_DEFAULTS = { window: 20, flips: 3 } as const;
export const FLAKY_WINDOW_MIN = 5;
export const FLAKY_WINDOW_MAX = 100;
export const FLAKY_FLIPS_MIN = 2;
export const HISTORY_LIMIT_DEFAULT = 30;
export const HISTORY_LIMIT_MAX = 100;
export const QUARANTINE_REASON_MAX = 500;

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const CaseHistoryQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: HISTORY_LIMIT_MAX })) },
  { additionalProperties: false },
);
export type CaseHistoryQuery = Static<typeof CaseHistoryQuery>;

/** One result of the case in a cycle, newest first. */
export const HistoryItem = Type.Object({
  result_id: Id,
  cycle_id: Id,
  cycle_name: Type.String(),
  /** The cycle's branch (imports from CI name one), else null. */
  branch: NullableString,
  state: CycleResultState,
  elapsed_ms: Type.Union([Type.Integer(), Type.Null()]),
  failure_message: NullableString,
  created_at: Type.String(),
});
export type HistoryItem = Static<typeof HistoryItem>;

/** What the window says of the case on one branch ('' branch: imports that named none). */
export const BranchFlakiness = Type.Object({
  branch: NullableString,
  flips: Type.Integer(),
  results: Type.Integer(),
  flaky: Type.Boolean(),
});
export type BranchFlakiness = Static<typeof BranchFlakiness>;

/** An active quarantine: `until` is the day it ends (YYYY-MM-DD, UTC) or null for none. */
export const Quarantine = Type.Object({
  reason: Type.String(),
  until: NullableString,
  by: Type.Union([Type.Object({ id: Id, username: Type.String() }), Type.Null()]),
  at: Type.String(),
});
export type Quarantine = Static<typeof Quarantine>;

export const CaseHistory = Type.Object({
  items: Type.Array(HistoryItem),
  flaky: Type.Array(BranchFlakiness),
  quarantine: Type.Union([Quarantine, Type.Null()]),
});
export type CaseHistory = Static<typeof CaseHistory>;

export const FlakyTest = Type.Object({
  case_id: Id,
  name: Type.String(),
  suite_name: NullableString,
  branch: NullableString,
  flips: Type.Integer(),
  results: Type.Integer(),
  /** flips / (results - 1): the share of consecutive results whose outcome changed. */
  flip_rate: Type.Number(),
  first_flip_at: NullableString,
  last_flip_at: NullableString,
  quarantined: Type.Boolean(),
});
export type FlakyTest = Static<typeof FlakyTest>;

export const FlakyTestList = Type.Object({
  window: Type.Integer(),
  threshold: Type.Integer(),
  items: Type.Array(FlakyTest),
});
export type FlakyTestList = Static<typeof FlakyTestList>;

export const FlakySettings = Type.Object(
  {
    window: Type.Integer({ minimum: FLAKY_WINDOW_MIN, maximum: FLAKY_WINDOW_MAX }),
    flips: Type.Integer({ minimum: FLAKY_FLIPS_MIN, maximum: FLAKY_WINDOW_MAX }),
  },
  { additionalProperties: false },
);
export type FlakySettings = Static<typeof FlakySettings>;

export const FlakySettingsMutation = Type.Object({ message: Type.String(), settings: FlakySettings });
export type FlakySettingsMutation = Static<typeof FlakySettingsMutation>;

export const QuarantineBody = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: QUARANTINE_REASON_MAX }),
    until: Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type QuarantineBody = Static<typeof QuarantineBody>;

export const QuarantineMutation = Type.Object({
  message: Type.String(),
  quarantine: Type.Union([Quarantine, Type.Null()]),
});
export type QuarantineMutation = Static<typeof QuarantineMutation>;

/** Whether a quarantine ending on `until` (YYYY-MM-DD) still holds on `today` (YYYY-MM-DD, UTC). */
export function quarantineActive(
  until: string | null,
  today = new Date().toISOString().slice(0, 10),
): boolean {
  return until === null || until > today;
}
