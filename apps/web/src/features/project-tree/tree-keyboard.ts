import { parentPathOf, type TreeNode, type TreeRow } from './tree-model';

/**
 * Keyboard use of the tree, after the WAI-ARIA tree view pattern: Up/Down move between visible
 * nodes, Right opens a node or steps into it, Left closes it or steps out to its parent,
 * Home/End jump to the first/last node, Enter opens the node's page, Space opens or closes the
 * node, and typing jumps to the next node whose name starts with the typed letters
 * (docs/product/errors-and-keyboard.md, "The tree").
 */

export type TreeKeyAction =
  | { type: 'focus'; path: string }
  | { type: 'expand'; path: string }
  | { type: 'collapse'; path: string }
  | { type: 'open'; node: TreeNode };

type NodeRow = Extract<TreeRow, { kind: 'node' }>;

function nodeRows(rows: readonly TreeRow[]): NodeRow[] {
  return rows.filter((row): row is NodeRow => row.kind === 'node');
}

export function treeKeyAction(
  rows: readonly TreeRow[],
  focusedPath: string | null,
  key: string,
): TreeKeyAction | null {
  const nodes = nodeRows(rows);
  if (nodes.length === 0) return null;
  const index = nodes.findIndex((row) => row.node.path === focusedPath);
  const first = nodes[0] as NodeRow;
  const last = nodes[nodes.length - 1] as NodeRow;
  if (index === -1) return { type: 'focus', path: first.node.path };
  const current = nodes[index] as NodeRow;

  switch (key) {
    case 'ArrowDown': {
      const next = nodes[index + 1];
      return next ? { type: 'focus', path: next.node.path } : null;
    }
    case 'ArrowUp': {
      const previous = nodes[index - 1];
      return previous ? { type: 'focus', path: previous.node.path } : null;
    }
    case 'Home':
      return { type: 'focus', path: first.node.path };
    case 'End':
      return { type: 'focus', path: last.node.path };
    case 'ArrowRight': {
      if (!current.node.expandable) return null;
      if (!current.expanded) return { type: 'expand', path: current.node.path };
      const child = nodes[index + 1];
      return child && child.parentPath === current.node.path
        ? { type: 'focus', path: child.node.path }
        : null;
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
  const visible = new Set(nodeRows(rows).map((row) => row.node.path));
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
