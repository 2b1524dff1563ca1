import { parentPathOf, type TreeNode, type TreeRow } from './tree-model';

/**
 * Keyboard use of the tree, after the WAI-ARIA tree view pattern: Up/Down move between visible
 * nodes, Right opens a node or steps into it, Left closes it or steps out to its parent,
 * Home/End jump to the first/last node, Enter opens the node's page.
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
