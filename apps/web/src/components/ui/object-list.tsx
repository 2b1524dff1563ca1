import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageButtons, pageWindow, showingText } from '@/lib/pagination';
import { LoadFailed } from './load-failed';
import { Loading } from './loading';
import './object-list.css';

/** Rows a page of a project's, suite's or case's list (docs/product/projects.md, "What a project holds"). */
export const OBJECT_LIST_PAGE_SIZE = 25;

export interface ObjectListProps<Row> {
  /** The list's accessible name, e.g. 'Test cases of Checkout'. */
  label: string;
  /**
   * The whole list, of which one page is drawn; or, with `total`, only the rows of the page in
   * the address (a window the server answered). `undefined` while it loads.
   */
  rows: readonly Row[] | undefined;
  /** How many rows the whole list holds, when `rows` is already the page's window. */
  total?: number | undefined;
  rowKey: (row: Row) => number;
  /** One line: a link to the object and its status mark. */
  renderRow: (row: Row) => ReactNode;
  /** The address's query parameter that keeps this list's page, so Back returns to it. */
  pageParam: string;
  /** Shown instead of the list when it has no rows: what is missing, and the add action. */
  empty: ReactNode;
  /** A failed load, shown with Retry instead of an empty list. */
  error: unknown;
  /** What failed to load, e.g. 'the test cases'. */
  what: string;
  onRetry: () => void;
  loadingText: string;
}

/** The page in the address: '?cases=3'; anything else reads page 1. */
export function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/**
 * The objects inside a project, suite or case as a list of links, a page at a time. Only one page
 * is in the DOM, so a suite of 10,000 cases draws as fast as one of ten; the page number lives in
 * the address (Back returns to it) and every line wraps, so it fits a 320 px phone.
 */
export function ObjectList<Row>({
  label,
  rows,
  total,
  rowKey,
  renderRow,
  pageParam,
  empty,
  error,
  what,
  onRetry,
  loadingText,
}: ObjectListProps<Row>) {
  const [params] = useSearchParams();
  if (error) return <LoadFailed what={what} error={error} onRetry={onRetry} />;
  if (!rows) return <Loading text={loadingText} />;
  const count = total ?? rows.length;
  if (count === 0) return <div className="object-list-empty">{empty}</div>;

  const view = pageWindow(count, pageFromParam(params.get(pageParam)), OBJECT_LIST_PAGE_SIZE);
  const shown = total === undefined ? rows.slice(view.start, view.end) : rows;
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    if (page === 1) next.delete(pageParam);
    else next.set(pageParam, String(page));
    return { search: next.toString() };
  };

  return (
    <>
      <ul className="object-list" aria-label={label}>
        {shown.map((row) => (
          <li key={rowKey(row)} className="object-list-row">
            {renderRow(row)}
          </li>
        ))}
      </ul>
      {view.showControls ? (
        <div className="data-list-footer">
          <p className="data-list-showing">{showingText(view)}</p>
          <nav className="pagination" aria-label={`${label}, pages`}>
            <PageLink to={pageLink(view.page - 1)} disabled={view.page === 1}>
              Previous
            </PageLink>
            {pageButtons(view.page, view.pageCount).map((button, i) =>
              button === 'gap' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity beyond its place
                <span key={`gap-${i}`} className="pagination-gap" aria-hidden="true">
                  …
                </span>
              ) : (
                <PageLink
                  key={button}
                  to={pageLink(button)}
                  current={button === view.page}
                  label={`Page ${button}`}
                >
                  {String(button)}
                </PageLink>
              ),
            )}
            <PageLink to={pageLink(view.page + 1)} disabled={view.page === view.pageCount}>
              Next
            </PageLink>
          </nav>
        </div>
      ) : null}
    </>
  );
}

interface PageLinkProps {
  to: { search: string };
  children: string;
  /** The accessible name when the text alone says little ('Page 3' for '3'). */
  label?: string;
  current?: boolean;
  disabled?: boolean;
}

/** A page number (or Previous/Next) as a link; a disabled one stays in place as plain text. */
function PageLink({ to, children, label, current = false, disabled = false }: PageLinkProps) {
  if (disabled) {
    return (
      <span className="btn btn-secondary btn-sm" aria-disabled="true">
        {children}
      </span>
    );
  }
  return (
    <Link
      to={to}
      preventScrollReset
      className={current ? 'btn btn-primary btn-sm' : 'btn btn-secondary btn-sm'}
      aria-current={current ? 'page' : undefined}
      aria-label={label}
    >
      {children}
    </Link>
  );
}
