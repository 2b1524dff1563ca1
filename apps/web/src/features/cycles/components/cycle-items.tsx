import type { Cycle, CycleItem, ProjectMember } from '@verdict/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { useToast } from '@/components/ui/toast';
import { getCycleItems, useAssignItems } from '@/entities/cycle/cycle-api';
import { CycleStateBadge } from '@/entities/cycle/cycle-progress';
import { CYCLE_ITEM_STATE_OPTIONS } from '@/entities/cycle/cycle-states';
import { useProjectSuites } from '@/entities/suite/project-suites';
import { useAuth } from '@/lib/auth';
import { formatDuration } from '@/lib/format-duration';
import { formatCount } from '@/lib/format-number';
import { usePagedRows } from '@/lib/paged-rows';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { withParam } from '@/lib/use-url-list-state';
import { apiFilters, type FilterParams, filtersFromParams, hasFilters } from '../cycle-filters';

/** Items a request asks for; the list loads the pages its visible rows fall in. */
export const ITEMS_PAGE = 200;
const ROW_HEIGHT = 52;

export interface CycleItemsProps {
  cycle: Cycle;
  /** The project's members (with users_in_project), offered as assignees. */
  members: readonly ProjectMember[];
  /** Checkboxes and bulk assign (edit_test_cycle, open cycle). */
  canAssign: boolean;
}

/**
 * A cycle's items (docs/product/cycles-screens.md, "The cycle page"): filters kept in the
 * address, then a virtualized list that loads 200 items at a time as it scrolls, so 50,000 items
 * draw as fast as 50. With edit_test_cycle on an open cycle, items can be ticked and assigned.
 */
export function CycleItems({ cycle, members, canAssign }: CycleItemsProps) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const query = apiFilters(filters);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const setFilter = (name: keyof FilterParams, value: string) => {
    setSelected(new Set());
    setParams(withParam(params, name, value), { replace: true });
  };

  return (
    <>
      <ItemFilters cycle={cycle} members={members} filters={filters} onChange={setFilter} />
      <ItemRows
        key={JSON.stringify(query)}
        cycle={cycle}
        query={query}
        filtered={hasFilters(filters)}
        canAssign={canAssign}
        members={members}
        selected={selected}
        onSelect={setSelected}
      />
    </>
  );
}

function useAssigneeOptions(members: readonly ProjectMember[]) {
  const { user } = useAuth();
  return useMemo(() => {
    const options = members.map((member) => ({ value: String(member.id), label: member.username }));
    if (user && !members.some((member) => member.id === user.id)) {
      options.unshift({ value: String(user.id), label: `${user.name} (me)` });
    }
    return options;
  }, [members, user]);
}

function ItemFilters({
  cycle,
  members,
  filters,
  onChange,
}: {
  cycle: Cycle;
  members: readonly ProjectMember[];
  filters: FilterParams;
  onChange: (name: keyof FilterParams, value: string) => void;
}) {
  const suites = useProjectSuites(cycle.project_id, true);
  const assignees = useAssigneeOptions(members);
  const searchId = useId();
  const [text, setText] = useState(filters.q);
  // Typing waits a moment before it filters, so each key does not ask the server.
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => onChange('q', text), 300);
    return () => clearTimeout(timer);
  });
  return (
    <search className="cycle-filters" aria-label="Filter the items">
      <FilterSelect
        label="State"
        value={filters.state}
        onChange={(value) => onChange('state', value)}
        options={[{ value: '', label: 'All states' }, ...CYCLE_ITEM_STATE_OPTIONS]}
      />
      <FilterSelect
        label="Assignee"
        value={filters.assignee}
        onChange={(value) => onChange('assignee', value)}
        options={[{ value: '', label: 'Anyone' }, { value: 'none', label: 'Unassigned' }, ...assignees]}
      />
      <FilterSelect
        label="Suite"
        value={filters.suite}
        onChange={(value) => onChange('suite', value)}
        options={[
          { value: '', label: 'All suites' },
          ...(suites.data ?? []).map((suite) => ({ value: String(suite.id), label: suite.name })),
        ]}
      />
      <div className="cycle-filter cycle-filter-grow">
        <label htmlFor={searchId}>Search cases</label>
        <input
          id={searchId}
          className="input"
          type="search"
          value={text}
          maxLength={255}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange('q', text);
          }}
        />
      </div>
    </search>
  );
}

/** One labelled select of the filter bar. */
function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="cycle-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function ItemRows({
  cycle,
  query,
  filtered,
  canAssign,
  members,
  selected,
  onSelect,
}: {
  cycle: Cycle;
  query: ReturnType<typeof apiFilters>;
  filtered: boolean;
  canAssign: boolean;
  members: readonly ProjectMember[];
  selected: ReadonlySet<number>;
  onSelect: (next: ReadonlySet<number>) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { pages, total, rowAt, virtualizer, visible, failed } = usePagedRows({
    pageSize: ITEMS_PAGE,
    page: (offset) => ({
      queryKey: queryKeys.cycleItems.page(cycle.id, { ...query, limit: ITEMS_PAGE }, offset),
      queryFn: () => getCycleItems(cycle.id, query, offset, ITEMS_PAGE),
    }),
    rowHeight: ROW_HEIGHT,
    overscan: 12,
    scrollRef,
  });
  if (failed && total === undefined) {
    return <LoadFailed what="the items" error={failed.error} onRetry={() => void failed.refetch()} />;
  }
  if (total === undefined) return <Loading text="Loading items..." />;

  const loaded = pages.flatMap((page) => page.data?.items ?? []);
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };

  return (
    <div className="cycle-items">
      <div className="cycle-items-bar">
        <p className="cycle-items-count" aria-live="polite">
          {total === 0
            ? filtered
              ? 'No items match these filters.'
              : 'This cycle has no items.'
            : `${formatCount(total)} ${total === 1 ? 'item' : 'items'}${filtered ? ' match' : ''}`}
        </p>
        {canAssign && total > 0 ? (
          <BulkAssign
            cycleId={cycle.id}
            members={members}
            selected={selected}
            shown={loaded}
            onSelect={onSelect}
          />
        ) : null}
      </div>
      {failed ? (
        <ErrorBox message="Some items could not be loaded." error={failed.error}>
          <Button size="sm" variant="secondary" onClick={() => void failed.refetch()}>
            Retry
          </Button>
        </ErrorBox>
      ) : null}
      {total > 0 ? (
        <div ref={scrollRef} className="cycle-items-scroll">
          <ul
            className="cycle-items-list"
            aria-label={`Items of ${cycle.name}`}
            style={{ height: virtualizer.getTotalSize() }}
          >
            {visible.map((row) => {
              const item = rowAt(row.index);
              return (
                <li
                  key={item?.id ?? `row-${row.index}`}
                  className="cycle-item-row"
                  aria-setsize={total}
                  aria-posinset={row.index + 1}
                  style={{ transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }}
                >
                  {item ? (
                    <ItemRow
                      item={item}
                      canAssign={canAssign}
                      checked={selected.has(item.id)}
                      onToggle={() => toggle(item.id)}
                    />
                  ) : (
                    <span className="cycle-item-loading">Loading…</span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Under an item's name: its latest result's time taken and failure message ('1.5 s · expected 200'). */
function lastResultText(item: CycleItem): string {
  const last = item.last_result;
  if (!last) return '';
  const parts: string[] = [];
  if (last.elapsed_ms !== null) parts.push(formatDuration(last.elapsed_ms));
  if (last.failure_message) parts.push(last.failure_message);
  return parts.join(' · ');
}

function ItemRow({
  item,
  canAssign,
  checked,
  onToggle,
}: {
  item: CycleItem;
  canAssign: boolean;
  checked: boolean;
  onToggle: () => void;
}) {
  const checkboxId = useId();
  return (
    <>
      {canAssign ? (
        <input
          type="checkbox"
          id={checkboxId}
          checked={checked}
          onChange={onToggle}
          aria-label={`Select ${item.test_case.name}`}
        />
      ) : null}
      <span className="cycle-item-main">
        <Link className="cycle-item-name" to={paths.cycleItem(item.id)}>
          {item.test_case.name}
        </Link>
        {lastResultText(item) ? <span className="cycle-item-last">{lastResultText(item)}</span> : null}
      </span>
      <span className="cycle-item-assignee">{item.assignee ? item.assignee.username : 'Unassigned'}</span>
      <CycleStateBadge state={item.state} />
    </>
  );
}

function BulkAssign({
  cycleId,
  members,
  selected,
  shown,
  onSelect,
}: {
  cycleId: number;
  members: readonly ProjectMember[];
  selected: ReadonlySet<number>;
  shown: readonly CycleItem[];
  onSelect: (next: ReadonlySet<number>) => void;
}) {
  const assign = useAssignItems(cycleId);
  const toast = useToast();
  const options = useAssigneeOptions(members);
  const [assignee, setAssignee] = useState('');
  const selectId = useId();
  const allShown = shown.length > 0 && shown.every((item) => selected.has(item.id));
  const apply = () => {
    if (selected.size === 0 || assignee === '') return;
    assign.mutate(
      { item_ids: [...selected], assignee_id: assignee === 'none' ? null : Number(assignee) },
      {
        onSuccess: (answer) => {
          toast.show(answer.message);
          onSelect(new Set());
        },
        onError: (error) => toast.show(error instanceof Error ? error.message : 'Failed to assign', 'error'),
      },
    );
  };
  return (
    <fieldset className="cycle-bulk">
      <legend className="visually-hidden">Assign the selected items</legend>
      <Button
        size="sm"
        variant="secondary"
        onClick={() =>
          onSelect(allShown ? new Set() : new Set([...selected, ...shown.map((item) => item.id)]))
        }
      >
        {allShown ? 'Clear selection' : 'Select loaded'}
      </Button>
      <span className="cycle-bulk-count">{formatCount(selected.size)} selected</span>
      <label className="visually-hidden" htmlFor={selectId}>
        Assign to
      </label>
      <select
        id={selectId}
        className="input"
        value={assignee}
        onChange={(event) => setAssignee(event.target.value)}
      >
        <option value="">Assign to…</option>
        <option value="none">Nobody (unassign)</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        busy={assign.isPending}
        disabled={selected.size === 0 || assignee === ''}
        onClick={apply}
      >
        Assign
      </Button>
    </fieldset>
  );
}
