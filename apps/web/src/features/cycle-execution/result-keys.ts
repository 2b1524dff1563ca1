import type { CycleResultState } from '@verdict/contract';

/**
 * The execution view's keys (docs/product/cycle-execution.md, "Keys"): one letter records a
 * result, N moves on to the next untested item, Shift+N goes back to the previous item, U undoes
 * the result just recorded.
 */
export type ExecutionAction =
  | { kind: 'record'; state: CycleResultState }
  | { kind: 'next' }
  | { kind: 'previous' }
  | { kind: 'undo' };

/** The result buttons in their order on screen, each with its key. */
export const RESULT_KEYS: readonly { state: CycleResultState; key: string }[] = [
  { state: 'passed', key: 'P' },
  { state: 'failed', key: 'F' },
  { state: 'blocked', key: 'B' },
  { state: 'skipped', key: 'S' },
  { state: 'retest', key: 'R' },
];

export const NEXT_KEY = 'N';
/** Shift with the next key: back to the item before this one. */
export const PREVIOUS_KEYS = 'Shift+N';
export const UNDO_KEY = 'U';

/** What a key press asks for: the parts of a KeyboardEvent this reads. */
export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  defaultPrevented: boolean;
}

/**
 * The action of a key press, or null. Letters only, either case; a held key, a shortcut with
 * Ctrl, Cmd or Alt, and a key another handler already took do nothing, so the browser's own
 * shortcuts and a held-down key never record results.
 */
export function actionOfKey(press: KeyPress): ExecutionAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.repeat || press.defaultPrevented) return null;
  const key = press.key.toUpperCase();
  if (key === NEXT_KEY) return press.shiftKey ? { kind: 'previous' } : { kind: 'next' };
  if (key === UNDO_KEY) return { kind: 'undo' };
  const result = RESULT_KEYS.find((entry) => entry.key === key);
  return result ? { kind: 'record', state: result.state } : null;
}

/** Input types that take no typing, so the view's keys still work while one has focus. */
const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'radio',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
]);

/** True when typing into `target` would be typing text: the keys must leave it alone. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  // A combobox or search box built from other elements says so by its role.
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'searchbox';
}

/**
 * Whether the view's keys act on a key press aimed at `target`: with focus on the page itself or
 * anywhere in the screen's content (`main`), except a text field. Focus in the sidebar's tree or
 * the header keeps those keys for themselves.
 */
export function keysApplyTo(target: EventTarget | null, main: Node): boolean {
  if (isTextField(target)) return false;
  if (!(target instanceof Node) || target === document.body || target === document.documentElement)
    return true;
  return main.contains(target);
}
