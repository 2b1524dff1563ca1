import type { BulkBody } from '@verdict/contract';

/**
 * What one action's fields add to the bulk call's body (docs/product/bulk-actions-screens.md);
 * null while something must still be chosen. Each action's fields report it through `onChange`,
 * and the dialog (action-dialog.tsx) sends it with the selection.
 */
export type BodyPart = Omit<BulkBody, 'selection' | 'action'> | null;
