import { type CSSProperties, memo } from 'react';
import { Link } from 'react-router';
import { StatusMark } from '@/entities/case/status-mark';
import { formatCount } from '@/lib/format-number';
import { nodeHref, type TreeRow } from '../tree-model';
import { ChevronIcon, NodeIcon } from './tree-icons';

export interface TreeRowViewProps {
  row: TreeRow;
  /** Offset from the top of the tree, from the virtualizer. */
  top: number;
  /** Holds the tree's tab stop. */
  active: boolean;
  /** The page of this node is open. */
  current: boolean;
  onToggle: (path: string, expanded: boolean) => void;
  onActivate: (path: string) => void;
  /** 'Show more' was clicked: the next window of the list below `parentPath`. */
  onShowMore: (parentPath: string) => void;
  /** A 'Show more' row whose next window is loading. */
  loadingMore?: boolean;
}

const INDENT_PX = 16;

/** A failed list says so; its Retry sits above the tree (TreeView), as a tree holds no buttons. */
const PLACEHOLDER_TEXT = { loading: 'Loading…', empty: 'No items', failed: '⚠️ Could not load' } as const;

function rowStyle(top: number, level: number): CSSProperties {
  return { transform: `translateY(${top}px)`, paddingLeft: 4 + (level - 1) * INDENT_PX };
}

/**
 * One line of the tree. Only the treeitem takes focus (the label link is out of the tab order),
 * as the tree pattern asks; the arrow toggles with the mouse, Right/Left with the keyboard.
 */
export const TreeRowView = memo(function TreeRowView({
  row,
  top,
  active,
  current,
  onToggle,
  onActivate,
  onShowMore,
  loadingMore = false,
}: TreeRowViewProps) {
  if (row.kind === 'more') {
    return <ShowMoreRow row={row} top={top} active={active} loading={loadingMore} onShowMore={onShowMore} />;
  }
  if (row.kind !== 'node') {
    return (
      <div role="none" className="tree-row tree-placeholder" style={rowStyle(top, row.level)}>
        <span className="tree-arrow" />
        <span>{PLACEHOLDER_TEXT[row.kind]}</span>
      </div>
    );
  }

  const { node, level, posInSet, setSize, expanded } = row;
  const classes = ['tree-row', active ? 'tree-row-active' : '', current ? 'tree-row-current' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div
      role="treeitem"
      aria-level={level}
      aria-setsize={setSize}
      aria-posinset={posInSet}
      aria-expanded={node.expandable ? expanded : undefined}
      aria-selected={current}
      aria-describedby={node.type === 'case' ? `${node.path}-status` : undefined}
      tabIndex={active ? 0 : -1}
      data-path={node.path}
      data-type={node.type}
      className={classes}
      style={rowStyle(top, level)}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onActivate(node.path);
      }}
      onMouseDown={() => onActivate(node.path)}
    >
      {node.expandable ? (
        <span
          className={expanded ? 'tree-arrow tree-arrow-open' : 'tree-arrow'}
          aria-hidden="true"
          data-testid="tree-arrow"
          onClick={() => onToggle(node.path, !expanded)}
        >
          <ChevronIcon />
        </span>
      ) : (
        <span className="tree-arrow" />
      )}
      <NodeIcon icon={node.icon} />
      <Link to={nodeHref(node)} className="tree-label" tabIndex={-1} title={node.name}>
        {node.name}
      </Link>
      {node.type === 'case' ? (
        <StatusMark
          id={`${node.path}-status`}
          asDescription
          status={node.status ?? null}
          rollup={node.rollup ?? null}
          hasChildren={node.expandable}
        />
      ) : null}
    </div>
  );
});

/**
 * 'Show more' below the shown part of a long list (docs/product/shell-and-navigation.md, "Long
 * lists"): a treeitem, so it is reached with the arrows like a node and read with how many of the
 * list are shown; Enter, Space or a click loads the next window.
 */
function ShowMoreRow({
  row,
  top,
  active,
  loading,
  onShowMore,
}: {
  row: Extract<TreeRow, { kind: 'more' }>;
  top: number;
  active: boolean;
  loading: boolean;
  onShowMore: (parentPath: string) => void;
}) {
  const shown = `${formatCount(row.shown)} of ${formatCount(row.total)} shown`;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree takes Enter and Space for it (tree-keyboard.ts)
    <div
      role="treeitem"
      aria-level={row.level}
      aria-busy={loading || undefined}
      tabIndex={active ? 0 : -1}
      data-path={row.path}
      data-type="more"
      className={active ? 'tree-row tree-more tree-row-active' : 'tree-row tree-more'}
      style={rowStyle(top, row.level)}
      onClick={() => onShowMore(row.parentPath)}
    >
      <span className="tree-arrow" />
      <span className="tree-label">{loading ? 'Loading…' : `Show more (${shown})`}</span>
    </div>
  );
}

/**
 * A list of the tree that could not be loaded says so, never 'No items' or 'No projects', and
 * offers Retry (docs/product/errors-and-keyboard.md, "A failed load is never empty data").
 */
export function TreeLoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <span className="tree-failed">
      <span>{text}</span>{' '}
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
        Retry
      </button>
    </span>
  );
}
