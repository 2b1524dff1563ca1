import { type ReactNode, useId, useMemo, useState } from 'react';
import { pageButtons, pageWindow, showingText } from '@/lib/pagination';
import { LIST_PAGE_SIZE } from '@/lib/ui-constants';
import type { ListState } from '@/lib/use-url-list-state';
import { ErrorBox } from './error-box';
import { LoadFailed } from './load-failed';
import { Loading } from './loading';

export interface DataListColumn<Row> {
  /** Stable React key for the column. */
  key: string;
  header: ReactNode;
  /** Cell content; `index` is the row's 0-based position in the whole (filtered) list. */
  render: (row: Row, index: number) => ReactNode;
  /** Column width in px (number) or any CSS length. */
  width?: number | string;
  className?: string;
}

export interface DataListSearch<Row> {
  /** E.g. 'Search users...'. Also the input's accessible name unless `label` is given. */
  placeholder: string;
  /**
   * True when the row matches. `query` is already trimmed and lower-cased; compare with
   * `includesText(query, row.name, row.email)` to stay case-insensitive.
   */
  filter: (row: Row, query: string) => boolean;
  label?: string;
}

export interface DataListIndexColumn {
  /** Default '#'; project screens use 'Sr No'. */
  header?: string;
  /** E.g. SR_NO_COLUMN_WIDTH (100) for 'Sr No'. */
  width?: number | string;
}

export interface DataListProps<Row> {
  columns: readonly DataListColumn<Row>[];
  /** The whole list; paging and search happen here. `undefined` while loading (unless `error`). */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** Shown when no row is left (after search), e.g. 'No users found'. */
  emptyText: string;
  search?: DataListSearch<Row>;
  /** A counting first column ('#' by default) that continues across pages; false to omit. */
  indexColumn?: DataListIndexColumn | false;
  loading?: boolean;
  loadingText?: string;
  /**
   * A load failure, shown in an error box instead of the table: a failed load never shows the
   * empty text (docs/product/errors-and-keyboard.md, "A failed load is never empty data").
   */
  error?: string | null;
  /** The failure itself, so its reason (offline, the server's words, a missing permission) shows. */
  errorCause?: unknown;
  /** Loads again; with it the failure offers 'Retry'. */
  onRetry?: () => void;
  /** Extra controls on the search row, e.g. an 'Add User' button. */
  toolbar?: ReactNode;
  /** Accessible name of the table. */
  label?: string;
  pageSize?: number;
  /**
   * Where the search text and page live; without it the list keeps them itself. Screens pass
   * `useUrlListState()` to keep them in the address (docs/product/errors-and-keyboard.md).
   */
  state?: ListState;
}

/** Case-insensitive "does any of these values contain the (lower-cased) query". */
export function includesText(query: string, ...values: ReadonlyArray<string | null | undefined>) {
  const needle = query.trim().toLowerCase();
  return values.some((value) => (value ?? '').toLowerCase().includes(needle));
}

/** The one list of the app: optional search, 8 rows a page, 'Showing x-y of n' past one page. */
export function DataList<Row>({
  columns,
  rows,
  rowKey,
  emptyText,
  search,
  indexColumn = {},
  loading = false,
  loadingText = 'Loading...',
  error,
  toolbar,
  label,
  pageSize = LIST_PAGE_SIZE,
  state,
  errorCause,
  onRetry,
}: DataListProps<Row>) {
  const [ownQuery, setOwnQuery] = useState('');
  const [ownPage, setOwnPage] = useState(1);
  const { query, page, setQuery, setPage } = state ?? {
    query: ownQuery,
    page: ownPage,
    setQuery: setOwnQuery,
    setPage: setOwnPage,
  };
  const searchId = useId();

  const filtered = useMemo(() => {
    const all = rows ?? [];
    const needle = query.trim().toLowerCase();
    if (!search || needle === '') return all;
    return all.filter((row) => search.filter(row, needle));
  }, [rows, query, search]);

  // Clamping here (not in state) keeps the page valid when rows are deleted or filtered away.
  const view = pageWindow(filtered.length, page, pageSize);
  const visible = filtered.slice(view.start, view.end);
  const columnCount = columns.length + (indexColumn ? 1 : 0);
  // A failed load shows its error box over an empty table, not an endless spinner.
  const isLoading = loading || (rows === undefined && !error);

  if (error) {
    return (
      <div className="data-list">
        {onRetry ? (
          <LoadFailed what="the list" message={error} error={errorCause} onRetry={onRetry} />
        ) : (
          <ErrorBox message={error} error={errorCause} />
        )}
      </div>
    );
  }

  return (
    <div className="data-list">
      {search || toolbar ? (
        <div className="data-list-toolbar">
          {search ? (
            <input
              id={searchId}
              type="search"
              className="input data-list-search"
              placeholder={search.placeholder}
              aria-label={search.label ?? search.placeholder}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setPage(1);
              }}
            />
          ) : null}
          {toolbar ? <div className="data-list-actions">{toolbar}</div> : null}
        </div>
      ) : null}
      <div className="table-wrap">
        {/* On a phone each row stacks, its cells labelled by their column (global.css, "table-stack";
            docs/product/shell-and-navigation.md, "Phone widths"). */}
        <table className="table table-stack" aria-label={label}>
          <thead>
            <tr>
              {indexColumn ? (
                <th scope="col" style={{ width: indexColumn.width }}>
                  {indexColumn.header ?? '#'}
                </th>
              ) : null}
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.className} style={{ width: column.width }}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {isLoading ? (
              <tr>
                <td colSpan={columnCount}>
                  <Loading text={loadingText} />
                </td>
              </tr>
            ) : visible.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="table-empty">
                  {emptyText}
                </td>
              </tr>
            ) : (
              visible.map((row, i) => {
                const index = view.start + i;
                return (
                  <tr key={rowKey(row)}>
                    {indexColumn ? <td data-label={indexColumn.header ?? '#'}>{index + 1}</td> : null}
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        className={column.className}
                        data-label={typeof column.header === 'string' ? column.header : undefined}
                      >
                        {column.render(row, index)}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {!isLoading && view.showControls ? (
        <div className="data-list-footer">
          <p className="data-list-showing">{showingText(view)}</p>
          <nav className="pagination" aria-label="Pagination">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={view.page === 1}
              onClick={() => setPage(view.page - 1)}
            >
              Previous
            </button>
            {pageButtons(view.page, view.pageCount).map((button, i) =>
              button === 'gap' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity beyond its place
                <span key={`gap-${i}`} className="pagination-gap" aria-hidden="true">
                  …
                </span>
              ) : (
                <button
                  key={button}
                  type="button"
                  className={button === view.page ? 'btn btn-primary btn-sm' : 'btn btn-secondary btn-sm'}
                  aria-current={button === view.page ? 'page' : undefined}
                  onClick={() => setPage(button)}
                >
                  {button}
                </button>
              ),
            )}
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={view.page === view.pageCount}
              onClick={() => setPage(view.page + 1)}
            >
              Next
            </button>
          </nav>
        </div>
      ) : null}
    </div>
  );
}
