import {
  type BulkActionName,
  type BulkPreview,
  CASE_CONTENT_LIMITS,
  type CaseField,
  type PermissionName,
} from '@verdict/contract';
import { ApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/format-number';

/*
 * The words and bodies of the bulk actions (docs/product/bulk-actions-screens.md), apart from
 * React so they can be tested alone.
 */

/** '1 case', '1,200 cases'; 'at least 1,000 cases' when the count is a lower bound. */
export function casesText(count: number, what = 'case', atLeast = false): string {
  return `${atLeast ? 'at least ' : ''}${formatCount(count)} ${count === 1 && !atLeast ? what : `${what}s`}`;
}

/** The bar's buttons in order, each with its dialog's title and confirm button. */
export const ACTIONS: ReadonlyArray<{
  name: BulkActionName;
  /** The bar's button ('Move…'). */
  button: string;
  /** The dialog's title for the cases, as casesText writes them ('12 cases'). */
  title: (cases: string) => string;
  /** The dialog's confirm button. */
  confirm: string;
}> = [
  { name: 'move', button: 'Move…', title: (n) => `Move ${n}`, confirm: 'Move' },
  { name: 'copy', button: 'Copy…', title: (n) => `Copy ${n}`, confirm: 'Copy' },
  {
    name: 'set_priority',
    button: 'Set priority…',
    title: (n) => `Set the priority of ${n}`,
    confirm: 'Set priority',
  },
  { name: 'tags', button: 'Tags…', title: (n) => `Tags of ${n}`, confirm: 'Change tags' },
  {
    name: 'set_field',
    button: 'Set field…',
    title: (n) => `Set a field of ${n}`,
    confirm: 'Set field',
  },
  {
    name: 'add_to_cycle',
    button: 'Add to cycle…',
    title: (n) => `Add ${n} to a test cycle`,
    confirm: 'Add to cycle',
  },
  {
    name: 'link_requirement',
    button: 'Link to requirement…',
    title: (n) => `Link ${n} to a requirement`,
    confirm: 'Link',
  },
  { name: 'delete', button: 'Delete…', title: (n) => `Delete ${n}`, confirm: 'Delete' },
];

/**
 * Who sees each action: the permission of the same change made to one case (the server checks
 * the call all the same). Copy needs one of the ways to add a case.
 */
export const ACTION_PERMISSIONS: Record<BulkActionName, readonly PermissionName[]> = {
  move: ['edit_test_case'],
  copy: ['add_test_case_in_project', 'add_test_case_in_test_suit', 'add_test_case_in_test_case'],
  set_priority: ['edit_test_case'],
  tags: ['edit_test_case'],
  set_field: ['edit_test_case'],
  add_to_cycle: ['edit_test_cycle'],
  link_requirement: ['edit_requirement'],
  delete: ['delete_test_case'],
};

export function mayRun(action: BulkActionName, can: (permission: PermissionName) => boolean): boolean {
  return ACTION_PERMISSIONS[action].some(can);
}

/** Whether a person may run any bulk action at all (the lists show checkboxes only then). */
export function mayRunAny(can: (permission: PermissionName) => boolean): boolean {
  return ACTIONS.some((action) => mayRun(action.name, can));
}

/**
 * The delete confirmation: 'Delete 3 cases with 2 child cases and 5 runs? This cannot be
 * undone.' (what is none is left out).
 */
export function deleteQuestion(preview: BulkPreview): string {
  const more = [
    ...(preview.descendants > 0 ? [casesText(preview.descendants, 'child case')] : []),
    ...(preview.runs > 0 ? [casesText(preview.runs, 'run')] : []),
  ];
  const withMore = more.length > 0 ? ` with ${more.join(' and ')}` : '';
  return `Delete ${casesText(preview.cases)}${withMore}? This cannot be undone.`;
}

/** Under a move or a copy: 'Their 2 child cases go along.'; nothing when they have none. */
export function alongText(preview: BulkPreview): string {
  if (preview.descendants === 0) return '';
  return preview.descendants === 1
    ? 'Their 1 child case goes along.'
    : `Their ${formatCount(preview.descendants)} child cases go along.`;
}

/** Tags as typed ('Smoke, regression ,, x'): trimmed, lower-case, once each, no empty ones. */
export function parseTags(text: string): string[] {
  const tags: string[] = [];
  for (const part of text.split(',')) {
    const tag = part.trim().toLowerCase().slice(0, CASE_CONTENT_LIMITS.tagMax);
    if (tag !== '' && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

/**
 * A field's value as its control holds it (text; the options of a multiselect; 'yes', 'no' or
 * '' for a checkbox) as the call takes it: null clears the field.
 */
export function fieldValueBody(field: Pick<CaseField, 'type'>, value: string | readonly string[]): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [...value] : null;
  const text = (value as string).trim();
  if (text === '') return null;
  switch (field.type) {
    case 'checkbox':
      return text === 'yes';
    case 'number': {
      const number = Number(text);
      // A number the browser cannot read goes as typed, so the server names the problem.
      return Number.isFinite(number) ? number : text;
    }
    case 'textarea':
      return value;
    default:
      return text;
  }
}

/**
 * What a refused action says: the server's message, then each of its `details` that says more
 * (a 400 lists them).
 */
export function problemLines(error: unknown): string[] {
  if (!(error instanceof ApiError)) return ['The action failed. Try again.'];
  if (error.status === 0) return ['The server could not be reached. Try again.'];
  const lines = [error.serverMessage ?? `The action failed (${error.reason}).`];
  const details = (error.body as { details?: unknown } | undefined)?.details;
  if (Array.isArray(details)) {
    for (const detail of details) {
      const message = (detail as { message?: unknown } | null)?.message;
      if (typeof message === 'string' && !lines.includes(message)) lines.push(message);
    }
  }
  return lines;
}
