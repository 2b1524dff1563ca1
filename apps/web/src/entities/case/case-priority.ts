import type { CasePriority } from '@verdict/contract';

/** A priority's words on every screen (docs/product/rich-cases-screens.md). */
export const PRIORITY_LABELS: Record<CasePriority, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};
