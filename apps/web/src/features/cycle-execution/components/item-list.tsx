import type { CycleItem } from '@verdict/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/ui/load-failed';
import { ParameterRowLabel } from '@/entities/case/parameter-row';
import { CycleStateBadge } from '@/entities/cycle/cycle-progress';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import type { useItemsAround } from '../api/items-around';

/**
 * The cycle's items around the open one (docs/product/cycle-execution.md, "The cycle's items"): a
 * button that opens and closes the list (its state in aria-expanded), then each item as a link
 * with its state in words; the open item is marked as the current page.
 */
export function ItemList({
  item,
  cycleId,
  around,
  open,
  onToggle,
}: {
  item: CycleItem;
  cycleId: number;
  around: ReturnType<typeof useItemsAround>;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const listId = useId();
  const data = around.data;
  const where = data ? ` (${formatCount(data.position)} of ${formatCount(data.total)})` : '';
  const items = data ? [...data.before, item, ...data.after] : [item];
  const earlier = data ? data.position - 1 - data.before.length : 0;
  const later = data ? data.total - data.position - data.after.length : 0;
  return (
    <nav className="execution-items" aria-label="Items of this cycle">
      <h2 className="execution-items-heading">
        <button
          type="button"
          className="execution-items-toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => onToggle(!open)}
        >
          <span aria-hidden="true" className="execution-items-chevron">
            {open ? '▾' : '▸'}
          </span>
          Items of this cycle{where}
        </button>
      </h2>
      <div id={listId} hidden={!open}>
        {around.isError && !data ? (
          <LoadFailed what="the cycle's items" error={around.error} onRetry={() => void around.refetch()} />
        ) : (
          <>
            {earlier > 0 ? (
              <p className="muted execution-items-more">{formatCount(earlier)} earlier</p>
            ) : null}
            <ol className="execution-items-list">
              {items.map((entry) => (
                <li key={entry.id} className={entry.id === item.id ? 'is-current' : undefined}>
                  <span className="execution-items-name">
                    <Link
                      to={paths.cycleItem(entry.id)}
                      aria-current={entry.id === item.id ? 'page' : undefined}
                    >
                      {entry.test_case.name}
                    </Link>
                    <ParameterRowLabel row={entry.parameter_row} />
                  </span>
                  <CycleStateBadge state={entry.id === item.id ? item.state : entry.state} />
                </li>
              ))}
            </ol>
            {later > 0 ? <p className="muted execution-items-more">{formatCount(later)} later</p> : null}
            <Link to={paths.cycleDetail(cycleId)}>All items on the cycle page</Link>
          </>
        )}
      </div>
    </nav>
  );
}
