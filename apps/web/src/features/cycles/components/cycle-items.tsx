import type { Cycle, CycleItem, ProjectMember } from '@verdict/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { PriorityBadge } from '@/entities/case/case-badges';
import { ParameterRowLabel } from '@/entities/case/parameter-row';
import { getCycleItems, useAssignItems } from '@/entities/cycle/cycle-api';
import { CycleStateBadge } from '@/entities/cycle/cycle-progress';
import { CYCLE_ITEM_STATE_OPTIONS } from '@/entities/cycle/cycle-states';
import { useProjectSuites } from '@/entities/suite/project-suites';
import { errorText } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDuration } from '@/lib/format-duration';
import { formatCount } from '@/lib/format-number';
import { useWindowPagedRows } from '@/lib/paged-rows';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { withParam } from '@/lib/use-url-list-state';
import { withWarningSign } from '@/lib/warning-sign';
import { apiFilters, type FilterParams, filtersFromParams, hasFilters } from '../cycle-filters';

/** Items a request asks for; the list loads the pages its visible rows fall in. */
export const ITEMS_PAGE = 200;
/** A row's height before it is drawn and measured (a suite heading or a phone's wrap adds to it). */
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
 * address, then a virtualized list in the page's own scroll that loads 200 items at a time, so
 * 50,000 items draw as fast as 50; a heading names each suite where its items start. With edit_test_cycle on an open cycle, items can be ticked and assigned.
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
  const listRef = useRef<HTMLUListElement>(null);
  const { pages, total, rowAt, virtualizer, visible, failed } = useWindowPagedRows({
    pageSize: ITEMS_PAGE,
    page: (offset) => ({
      queryKey: queryKeys.cycleItems.page(cycle.id, { ...query, limit: ITEMS_PAGE }, offset),
      queryFn: () => getCycleItems(cycle.id, query, offset, ITEMS_PAGE),
    }),
    rowHeight: ROW_HEIGHT,
    overscan: 12,
    listRef,
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
  const listTop = virtualizer.options.scrollMargin;

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
        <ul
          ref={listRef}
          className="cycle-items-list"
          aria-label={`Items of ${cycle.name}`}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {visible.map((row) => {
            const item = rowAt(row.index);
            const previous = row.index > 0 ? rowAt(row.index - 1) : undefined;
            // A suite's heading goes where its items start (items are numbered suite by suite).
            const startsSuite =
              item !== undefined &&
              (row.index === 0 ||
                (previous !== undefined && previous.test_case.suite_id !== item.test_case.suite_id));
            return (
              <li
                key={item?.id ?? `row-${row.index}`}
                ref={virtualizer.measureElement}
                data-index={row.index}
                className="cycle-item-row"
                aria-setsize={total}
                aria-posinset={row.index + 1}
                style={{ transform: `translateY(${row.start - listTop}px)` }}
              >
                {item && startsSuite ? (
                  <h3 className="cycle-item-suite">{item.test_case.suite_name ?? 'Cases without a suite'}</h3>
                ) : null}
                {item ? (
                  <ItemRow
                    item={item}
                    canAssign={canAssign}
                    checked={selected.has(item.id)}
                    onToggle={() => toggle(item.id)}
                  />
                ) : (
                  <span className="cycle-item-line cycle-item-loading">Loading…</span>
                )}
              </li>
            );
          })}
        </ul>
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

/** Who the item is for and who recorded its latest result: 'Ana · run by Ben'. */
function peopleText(item: CycleItem): string {
  const assignee = item.assignee ? item.assignee.username : 'Unassigned';
  return item.executor ? `${assignee} · run by ${item.executor.username}` : assignee;
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
  const rowId = useId();
  const row = item.parameter_row;
  return (
    <span className="cycle-item-line">
      {canAssign ? (
        <input
          type="checkbox"
          id={checkboxId}
          checked={checked}
          onChange={onToggle}
          aria-label={`Select ${item.test_case.name}${row ? `, row ${row.index}` : ''}`}
        />
      ) : null}
      <span className="cycle-item-main">
        <span className="cycle-item-title">
          <span className="cycle-item-id">#{item.test_case.id}</span>
          <Link
            className="cycle-item-name"
            to={paths.cycleItem(item.id)}
            aria-describedby={row ? rowId : undefined}
          >
            {item.test_case.name}
          </Link>
        </span>
        {/* A parameterized case has an item per data row: its values tell the items apart. */}
        <ParameterRowLabel row={row} id={rowId} />
        {lastResultText(item) ? <span className="cycle-item-last">{lastResultText(item)}</span> : null}
      </span>
      <PriorityBadge priority={item.test_case.priority} quiet />
      <span className="cycle-item-assignee">{peopleText(item)}</span>
      <CycleStateBadge state={item.state} />
    </span>
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
  const options = useAssigneeOptions(members);
  const [assignee, setAssignee] = useState('');
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const selectId = useId();
  const allShown = shown.length > 0 && shown.every((item) => selected.has(item.id));

  // Assign turns disabled once the selection clears: focus goes to what it did, not to the page.
  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);

  const apply = () => {
    if (selected.size === 0 || assignee === '') return;
    assign.mutate(
      { item_ids: [...selected], assignee_id: assignee === 'none' ? null : Number(assignee) },
      {
        onSuccess: (answer) => {
          setMessage({ text: answer.message, failed: false });
          onSelect(new Set());
        },
        onError: (error) => setMessage({ text: errorText(error, 'Failed to assign'), failed: true }),
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
      <p
        ref={messageRef}
        className={message?.failed ? 'cycle-bulk-message is-error' : 'cycle-bulk-message'}
        role={message?.failed ? 'alert' : 'status'}
        tabIndex={-1}
      >
        {message ? (message.failed ? withWarningSign(message.text) : message.text) : null}
      </p>
    </fieldset>
  );
}
