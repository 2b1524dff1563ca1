import { CASE_SEARCH_PAGE, type CaseSearchHit } from '@verdict/contract';
import { useRef } from 'react';
import { Link } from 'react-router';
import { CaseRowBadges } from '@/components/ui/case-badges';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMark } from '@/components/ui/status-mark';
import { usePagedRows } from '@/lib/paged-rows';
import { paths } from '@/lib/paths';
import { caseSearchQuery } from '../api/search-cases';

const ROW_HEIGHT = 44;

export interface SearchResultsProps {
  projectId: number;
  query: string;
  /** The search's total, from its first page (the screen has loaded it). */
  total: number;
}

/**
 * The matching cases as a virtualized list (as the cycle page draws its items): only the rows
 * in view are drawn, and the pages of 50 they fall in are loaded as the list scrolls, so a
 * search matching 200,000 cases draws as fast as one matching 5.
 */
export function SearchResults({ projectId, query, total }: SearchResultsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
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
                {hit ? <HitRow hit={hit} /> : <span className="muted">Loading…</span>}
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}

/** One found case: its status mark, Suite › parent › case (the case a link), priority and tags. */
function HitRow({ hit }: { hit: CaseSearchHit }) {
  const above = [...(hit.suite_name === null ? [] : [hit.suite_name]), ...hit.ancestors];
  return (
    <>
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
