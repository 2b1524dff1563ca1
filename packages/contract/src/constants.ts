/** Business constants of SPEC §9 and bounds of DESIGN §2. */
export const SESSION_LIFETIME_MS = 86_400_000;
export const DEFAULT_LANDING_ROUTE = '/dashboard';
export const LIST_PAGE_SIZE = 8;
export const TOAST_DURATION_MS = 3000;
export const SIDEBAR_BREAKPOINT_PX = 992;
export const SR_NO_COLUMN_WIDTH = 100;
export const PRODUCT_NAME = 'Verdict';
export const PRODUCT_TAGLINE = 'Plan your tests. Record every result. Know where you stand.';

export const CHART_COLORS = {
  green: '#16a34a',
  red: '#dc2626',
  blue: '#2563eb',
} as const;

export const RUN_STATUSES = ['passed', 'failed'] as const;
export type RunStatusValue = (typeof RUN_STATUSES)[number];
export const DEFAULT_RUN_STATUS: RunStatusValue = 'passed';

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatusValue = (typeof USER_STATUSES)[number];

/** Local storage keys of SPEC §3. */
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
} as const;
