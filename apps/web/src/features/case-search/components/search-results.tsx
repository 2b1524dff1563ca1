import { useQueryClient } from '@tanstack/react-query';
import { CASE_SEARCH_PAGE, type CaseSearchHit, type CaseSearchPage } from '@verdict/contract';
import { useRef } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { SelectCheckbox } from '@/components/ui/select-checkbox';
import { CaseRowBadges } from '@/entities/case/case-badges';
import {
  type CaseSelection,
  isSelected,
  type SelectionRow,
  selectRange,
  toggleRow,
} from '@/entities/case/selection';
import { StatusMark } from '@/entities/case/status-mark';
import { usePagedRows } from '@/lib/paged-rows';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { caseSearchQuery } from '../api/search-cases';

const ROW_HEIGHT = 44;

export interface SearchResultsProps {
  projectId: number;
  query: string;
  /** The search's total, from its first page (the screen has loaded it). */
  total: number;
  /** The ticked cases, when the rows have checkboxes (the screen has the bulk-actions bar). */
  selection?: CaseSelection | undefined;
  onSelect?: ((change: (current: CaseSelection) => CaseSelection) => void) | undefined;
}

/**
 * The matching cases as a virtualized list (as the cycle page draws its items): only the rows
 * in view are drawn, and the pages of 50 they fall in are loaded as the list scrolls, so a
 * search matching 200,000 cases draws as fast as one matching 5.
 */
export function SearchResults({ projectId, query, total, selection, onSelect }: SearchResultsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const {
    rowAt: hitAt,
    virtualizer,
    visible,
    failed,
  } = usePagedRows({
    pageSize: CASE_SEARCH_PAGE,
    page: (offset) => caseSearchQuery(projectId, query, offset),
    rowHeight: ROW_HEIGHT,
    overscan: 10,
    scrollRef,
  });

  /** The case at a place in the list, from any page loaded (drawn or not). */
  const idAt = (index: number) => {
    const offset = index - (index % CASE_SEARCH_PAGE);
    const page = queryClient.getQueryData<CaseSearchPage>(queryKeys.cases.search(projectId, query, offset));
    return page?.items[index % CASE_SEARCH_PAGE]?.id;
  };
  const onToggle = async (row: SelectionRow, range: boolean) => {
    if (!onSelect) return;
    const anchor = selection?.anchor;
    if (range && anchor) {
      // A range may run past the pages drawn: load the pages between first.
      const first =
        Math.min(anchor.index, row.index) - (Math.min(anchor.index, row.index) % CASE_SEARCH_PAGE);
      const offsets: number[] = [];
      for (let offset = first; offset <= Math.max(anchor.index, row.index); offset += CASE_SEARCH_PAGE) {
        offsets.push(offset);
      }
      await Promise.all(
        offsets.map((offset) => queryClient.ensureQueryData(caseSearchQuery(projectId, query, offset))),
      );
      onSelect((current) => selectRange(current, row, idAt));
    } else {
      onSelect((current) => toggleRow(current, row));
    }
  };

  return (
    <>
      {failed ? (
        <ErrorBox message="Some results could not be loaded." error={failed.error}>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void failed.refetch()}>
            Retry
          </button>
        </ErrorBox>
      ) : null}
      <div ref={scrollRef} className="case-search-scroll">
        <ul
          className="case-search-list"
          aria-label="Matching cases"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {visible.map((row) => {
            const hit = hitAt(row.index);
            return (
              <li
                key={hit?.id ?? `row-${row.index}`}
                className="case-search-hit"
                aria-setsize={total}
                aria-posinset={row.index + 1}
                style={{ transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }}
              >
                {hit ? (
                  <HitRow
                    hit={hit}
                    select={
                      selection
                        ? {
                            checked: isSelected(selection, hit.id),
                            onToggle: (range) => void onToggle({ index: row.index, id: hit.id }, range),
                          }
                        : undefined
                    }
                  />
                ) : (
                  <span className="muted">Loading…</span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}

/** One found case: its status mark, Suite › parent › case (the case a link), priority and tags. */
function HitRow({
  hit,
  select,
}: {
  hit: CaseSearchHit;
  /** The row's checkbox, when the list has the bulk-actions bar. */
  select?: { checked: boolean; onToggle: (range: boolean) => void } | undefined;
}) {
  const above = [...(hit.suite_name === null ? [] : [hit.suite_name]), ...hit.ancestors];
  return (
    <>
      {select ? (
        <SelectCheckbox label={`Select ${hit.name}`} checked={select.checked} onToggle={select.onToggle} />
      ) : null}
      <StatusMark status={hit.status} rollup={hit.rollup} hasChildren={hit.has_children} />
      <span className="case-search-path">
        {above.length > 0 ? <span className="case-search-above">{`${above.join(' › ')} › `}</span> : null}
        <Link className="case-search-name" to={paths.caseDetail(hit.id)}>
          {hit.name}
        </Link>
      </span>
      <CaseRowBadges testCase={hit} />
    </>
  );
}
