/**
 * Constants that only the screens use: sizes, timings, colours and texts
 * (docs/product/limits-and-constants.md). What the server also needs (session lifetime,
 * limits, storage keys the harnesses share) stays in @verdict/contract.
 */
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
