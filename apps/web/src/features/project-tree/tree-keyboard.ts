import { parentPathOf, type TreeNode, type TreeRow } from './tree-model';

/**
 * Keyboard use of the tree, after the WAI-ARIA tree view pattern: Up/Down move between visible
 * nodes, Right opens a node or steps into it, Left closes it or steps out to its parent,
 * Home/End jump to the first/last node, Enter opens the node's page, Space opens or closes the
 * node (on 'Show more', Enter and Space load the next window of the list), and typing jumps to the next node whose name starts with the typed letters
 * (docs/product/errors-and-keyboard.md, "The tree").
 */

export type TreeKeyAction =
  | { type: 'focus'; path: string }
  | { type: 'expand'; path: string }
  | { type: 'collapse'; path: string }
  | { type: 'open'; node: TreeNode }
  /** Enter or Space on 'Show more': the next window of the node's list. */
  | { type: 'more'; parentPath: string };

type NodeRow = Extract<TreeRow, { kind: 'node' }>;
type MoreRow = Extract<TreeRow, { kind: 'more' }>;
type FocusRow = NodeRow | MoreRow;

function nodeRows(rows: readonly TreeRow[]): NodeRow[] {
  return rows.filter((row): row is NodeRow => row.kind === 'node');
}

/** The rows that take focus: the nodes and each 'Show more'. */
function focusRows(rows: readonly TreeRow[]): FocusRow[] {
  return rows.filter((row): row is FocusRow => row.kind === 'node' || row.kind === 'more');
}

/** Where focus rests on a row (a node's path, or its 'Show more' path). */
export function focusPathOf(row: TreeRow): string | null {
  if (row.kind === 'node') return row.node.path;
  return row.kind === 'more' ? row.path : null;
}

/** Keys on 'Show more': Enter and Space load more, Left goes to its node, arrows move on. */
function moreKeyAction(row: MoreRow, key: string): TreeKeyAction | null {
  if (key === 'Enter' || key === ' ') return { type: 'more', parentPath: row.parentPath };
  if (key === 'ArrowLeft') return { type: 'focus', path: row.parentPath };
  return null;
}

export function treeKeyAction(
  rows: readonly TreeRow[],
  focusedPath: string | null,
  key: string,
): TreeKeyAction | null {
  const nodes = focusRows(rows);
  if (nodes.length === 0) return null;
  const pathAt = (row: FocusRow) => focusPathOf(row) as string;
  const index = nodes.findIndex((row) => pathAt(row) === focusedPath);
  const first = nodes[0] as FocusRow;
  const last = nodes[nodes.length - 1] as FocusRow;
  if (index === -1) return { type: 'focus', path: pathAt(first) };
  const focused = nodes[index] as FocusRow;

  switch (key) {
    case 'ArrowDown': {
      const next = nodes[index + 1];
      return next ? { type: 'focus', path: pathAt(next) } : null;
    }
    case 'ArrowUp': {
      const previous = nodes[index - 1];
      return previous ? { type: 'focus', path: pathAt(previous) } : null;
    }
    case 'Home':
      return { type: 'focus', path: pathAt(first) };
    case 'End':
      return { type: 'focus', path: pathAt(last) };
  }
  if (focused.kind === 'more') return moreKeyAction(focused, key);
  const current = focused;

  switch (key) {
    case 'ArrowRight': {
      if (!current.node.expandable) return null;
      if (!current.expanded) return { type: 'expand', path: current.node.path };
      const child = nodes[index + 1];
      return child && child.parentPath === current.node.path ? { type: 'focus', path: pathAt(child) } : null;
    }
    case 'ArrowLeft':
      if (current.expanded) return { type: 'collapse', path: current.node.path };
      return current.parentPath ? { type: 'focus', path: current.parentPath } : null;
    case 'Enter':
      return { type: 'open', node: current.node };
    case ' ':
      if (!current.node.expandable) return null;
      return { type: current.expanded ? 'collapse' : 'expand', path: current.node.path };
    default:
      return null;
  }
}

/**
 * The node that holds the tab stop: the wanted one when it is on screen, else its nearest
 * visible ancestor (after a collapse above it), else the first node.
 */
export function resolveFocusPath(rows: readonly TreeRow[], wanted: string | null): string | null {
  const visible = new Set(focusRows(rows).map((row) => focusPathOf(row)));
  for (let path = wanted; path !== null; path = parentPathOf(path)) {
    if (visible.has(path)) return path;
  }
  const first = rows.find((row) => row.kind === 'node');
  return first?.kind === 'node' ? first.node.path : null;
}

/** Letters typed within this time of each other make one search ("ch" finds "Checkout"). */
export const TYPEAHEAD_RESET_MS = 500;

/**
 * Typeahead (WAI-ARIA tree view pattern): the visible node whose name starts with `typed`
 * (ignoring case), searching from the node after the focused one and wrapping round. Further
 * letters refine the search from the focused node itself, so it stays put while it still
 * matches; one letter typed again and again ("cc") steps through the nodes starting with it.
 */
export function typeaheadPath(
  rows: readonly TreeRow[],
  focusedPath: string | null,
  typed: string,
): string | null {
  const nodes = nodeRows(rows);
  if (nodes.length === 0 || typed === '') return null;
  const text = typed.toLowerCase();
  const repeated = [...text].every((letter) => letter === text[0]);
  const prefix = repeated ? (text[0] as string) : text;
  const index = nodes.findIndex((row) => row.node.path === focusedPath);
  // A new or repeated letter moves on; a longer search may keep the focused node.
  const start = repeated || index === -1 ? index + 1 : index;
  for (let step = 0; step < nodes.length; step += 1) {
    const row = nodes[(start + step) % nodes.length] as NodeRow;
    if (row.node.name.toLowerCase().startsWith(prefix)) return row.node.path;
  }
  return null;
}
