import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { resolveFocusPath, treeKeyAction } from '../tree-keyboard';
import { nodeHref, type TreeRow } from '../tree-model';
import { TreeRowView } from './tree-row';

/** Every row is one line of this height (see project-tree.css), so nothing needs measuring. */
export const TREE_ROW_HEIGHT = 32;

export interface TreeViewProps {
  rows: readonly TreeRow[];
  label: string;
  busy: boolean;
  onExpandedChange: (path: string, expanded: boolean) => void;
}

const rowKey = (row: TreeRow) => (row.kind === 'node' ? row.node.path : row.key);

/**
 * The visible rows of the tree, virtualized: only the rows in view (plus a few) are in the
 * DOM, so 10,000 children under one node stay smooth. One row holds the tab stop (roving
 * tabindex) and is always rendered, even scrolled away, so focus is never lost.
 */
export function TreeView({ rows, label, busy, onExpandedChange }: TreeViewProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [wantedPath, setWantedPath] = useState<string | null>(null);
  const focusRequested = useRef(false);

  // Scrolling renders this component on every frame; the rows only change with the tree.
  const activePath = useMemo(() => resolveFocusPath(rows, wantedPath), [rows, wantedPath]);
  const activeIndex = useMemo(
    () => rows.findIndex((row) => row.kind === 'node' && row.node.path === activePath),
    [rows, activePath],
  );

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex < 0 || indexes.includes(activeIndex)) return indexes;
      return [...indexes, activeIndex].sort((a, b) => a - b);
    },
    [activeIndex],
  );

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TREE_ROW_HEIGHT,
    getItemKey: (index) => rowKey(rows[index] as TreeRow),
    overscan: 10,
    rangeExtractor,
  });

  // After a key moved the tab stop: bring that row into view and focus it.
  useLayoutEffect(() => {
    if (!focusRequested.current || activeIndex < 0 || !activePath) return;
    focusRequested.current = false;
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
    const element = treeRef.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(activePath)}"]`);
    element?.focus({ preventScroll: true });
  }, [activeIndex, activePath, virtualizer]);

  const moveFocus = (path: string) => {
    if (path === activePath) return;
    focusRequested.current = true;
    setWantedPath(path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = treeKeyAction(rows, activePath, event.key);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'focus') moveFocus(action.path);
    else if (action.type === 'expand') onExpandedChange(action.path, true);
    else if (action.type === 'collapse') onExpandedChange(action.path, false);
    else navigate(nodeHref(action.node));
  };

  return (
    <div ref={scrollRef} className="tree-scroll">
      <div
        ref={treeRef}
        role="tree"
        aria-label={label}
        aria-busy={busy || undefined}
        className="tree"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index] as TreeRow;
          return (
            <TreeRowView
              key={item.key}
              row={row}
              top={item.start}
              active={row.kind === 'node' && row.node.path === activePath}
              current={row.kind === 'node' && nodeHref(row.node) === pathname}
              onToggle={onExpandedChange}
              onActivate={setWantedPath}
            />
          );
        })}
      </div>
    </div>
  );
}
