/** Business constants and bounds: docs/product/limits-and-constants.md. */
export const SESSION_LIFETIME_MS = 86_400_000;

export const RUN_STATUSES = ['passed', 'failed'] as const;
export type RunStatusValue = (typeof RUN_STATUSES)[number];
export const DEFAULT_RUN_STATUS: RunStatusValue = 'passed';

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatusValue = (typeof USER_STATUSES)[number];

/** Local storage keys: docs/product/sign-in-and-sessions.md, "The session in the browser". */
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  tokenTime: 'tokenTime',
  lastRoute: 'lastRoute',
  savedEmail: 'savedEmail',
  savedPassword: 'savedPassword',
  expandedNodes: 'expandedNodes',
} as const;

export const LIMITS = {
  nameMax: 255,
  descriptionMax: 10_000,
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  idMax: 2_147_483_647,
  /** How deep cases nest: a top-level case is on level 1, its children on level 2, and so on. */
  caseDepthMax: 50,
  /** How many suites, cases or items one cycle request may name. */
  cycleSelectionMax: 50_000,
} as const;

/** The kinds of live change (`GET /api/events`; the event's schema is in live.ts). */
export const LIVE_CHANGE_KINDS = ['runs', 'cycles'] as const;
export type LiveChangeKind = (typeof LIVE_CHANGE_KINDS)[number];

/** Whether a value is one of the kinds of change. */
export function isLiveChangeKind(value: unknown): value is LiveChangeKind {
  return (LIVE_CHANGE_KINDS as readonly unknown[]).includes(value);
}
