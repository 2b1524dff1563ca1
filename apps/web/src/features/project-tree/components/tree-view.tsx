import { useQueryClient } from '@tanstack/react-query';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  focusPathOf,
  resolveFocusPath,
  TYPEAHEAD_RESET_MS,
  treeKeyAction,
  typeaheadPath,
} from '../tree-keyboard';
import { nodeHref, type TreeRow } from '../tree-model';
import { TreeLoadFailed, TreeRowView } from './tree-row';

/** Every row is one line of this height (see project-tree.css), so nothing needs measuring. */
export const TREE_ROW_HEIGHT = 32;

export interface TreeViewProps {
  rows: readonly TreeRow[];
  label: string;
  busy: boolean;
  onExpandedChange: (path: string, expanded: boolean) => void;
  /** Loads the next window below a node; answers the path of the first row it added, if any. */
  onShowMore: (parentPath: string) => Promise<string | null>;
}

const rowKey = (row: TreeRow) => (row.kind === 'node' ? row.node.path : row.key);

/**
 * The visible rows of the tree, virtualized: only the rows in view (plus a few) are in the
 * DOM, so 10,000 children under one node stay smooth. One row holds the tab stop (roving
 * tabindex) and is always rendered, even scrolled away, so focus is never lost.
 */
export function TreeView({ rows, label, busy, onExpandedChange, onShowMore }: TreeViewProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Every failed list of the tree (their keys end in 'tree', lib/query-keys.ts) is asked again.
  const retry = useCallback(
    () =>
      void queryClient.refetchQueries({
        predicate: (query) => query.state.status === 'error' && query.queryKey.at(-1) === 'tree',
      }),
    [queryClient],
  );
  const { pathname } = useLocation();
  const [wantedPath, setWantedPath] = useState<string | null>(null);
  const focusRequested = useRef(false);

  // Scrolling renders this component on every frame; the rows only change with the tree.
  const activePath = useMemo(() => resolveFocusPath(rows, wantedPath), [rows, wantedPath]);
  const activeIndex = useMemo(
    () => rows.findIndex((row) => focusPathOf(row) === activePath),
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

  // The open page's item, once its ancestors are revealed, scrolls into view once per page.
  // docs/product/projects.md, "Where you are"
  const currentIndex = useMemo(
    () => rows.findIndex((row) => row.kind === 'node' && nodeHref(row.node) === pathname),
    [rows, pathname],
  );
  const scrolledTo = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (currentIndex < 0 || scrolledTo.current === pathname) return;
    scrolledTo.current = pathname;
    virtualizer.scrollToIndex(currentIndex, { align: 'auto' });
  }, [currentIndex, pathname, virtualizer]);

  const moveFocus = (path: string) => {
    if (path === activePath) return;
    focusRequested.current = true;
    setWantedPath(path);
  };

  const typed = useRef({ text: '', at: 0 });

  // 'Show more': one load per list at a time; focus then goes to the first row it added.
  const [loadingMore, setLoadingMore] = useState<ReadonlySet<string>>(() => new Set());
  const showMore = useCallback(
    (parentPath: string) => {
      if (loadingMore.has(parentPath)) return;
      setLoadingMore((set) => new Set(set).add(parentPath));
      void onShowMore(parentPath).then((path) => {
        setLoadingMore((set) => {
          const next = new Set(set);
          next.delete(parentPath);
          return next;
        });
        if (path) pendingFocus.current = path;
        setFocusCheck((n) => n + 1);
      });
    },
    [loadingMore, onShowMore],
  );
  // The added rows arrive with the list's next render, which may come after the answer: focus
  // moves to the first of them once it is on screen.
  const pendingFocus = useRef<string | null>(null);
  const [focusCheck, setFocusCheck] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows or an answer change
  useLayoutEffect(() => {
    const path = pendingFocus.current;
    if (!path || !rows.some((row) => focusPathOf(row) === path)) return;
    pendingFocus.current = null;
    moveFocus(path);
  }, [rows, focusCheck]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const now = event.timeStamp;
    const searching = typed.current.text !== '' && now - typed.current.at <= TYPEAHEAD_RESET_MS;
    if (isTypeaheadKey(event.key)) {
      const text = searching ? typed.current.text + event.key : event.key;
      typed.current = { text, at: now };
      const path = typeaheadPath(rows, activePath, text);
      event.preventDefault();
      if (path) moveFocus(path);
      return;
    }
    const action = treeKeyAction(rows, activePath, event.key);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'focus') moveFocus(action.path);
    else if (action.type === 'expand') onExpandedChange(action.path, true);
    else if (action.type === 'collapse') onExpandedChange(action.path, false);
    else if (action.type === 'more') showMore(action.parentPath);
    else navigate(nodeHref(action.node));
  };

  const failed = rows.some((row) => row.kind === 'failed');

  return (
    <>
      {failed ? (
        <p className="sidebar-note" role="alert">
          <TreeLoadFailed text="⚠️ A list could not be loaded." onRetry={retry} />
        </p>
      ) : null}
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
                active={focusPathOf(row) === activePath}
                current={row.kind === 'node' && nodeHref(row.node) === pathname}
                onToggle={onExpandedChange}
                onActivate={setWantedPath}
                onShowMore={showMore}
                loadingMore={row.kind === 'more' && loadingMore.has(row.parentPath)}
              />
            );
          })}
        </div>
      </div>
    </>
  );
}

/** A printable character searches; Space opens and closes the node instead. */
function isTypeaheadKey(key: string): boolean {
  return key.length === 1 && key !== ' ';
}
