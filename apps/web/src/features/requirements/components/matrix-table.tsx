import type { TraceabilityRow } from '@verdict/contract';
import { useRef } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { STATUS_LABELS } from '@/entities/requirement/requirement-api';
import { formatCount } from '@/lib/format-number';
import { useWindowPagedRows } from '@/lib/paged-rows';
import { paths } from '@/lib/paths';
import { type TraceabilityFilters, traceabilityPageQuery } from '../api/requirements';
import { countsText } from '../requirement-text';
import { CoverageBadge, LatestResult } from './coverage';

/** Rows a request of the matrix asks for; the table loads the pages its drawn rows fall in. */
export const MATRIX_PAGE_SIZE = 50;
/** A row's height before it is drawn and measured (its cases and a phone's blocks add to it). */
const ROW_HEIGHT = 72;
const COLUMNS = 5;

/** The request of the matrix's page at `offset` (page 0 also answers the total and the summary). */
export const matrixPage = (projectId: number, filters: TraceabilityFilters, offset: number) =>
  traceabilityPageQuery(projectId, { ...filters, limit: MATRIX_PAGE_SIZE, offset });

export interface MatrixTableProps {
  projectId: number;
  /** The milestone, configuration, coverage and status; the table is remade when they change. */
  filters: TraceabilityFilters;
}

/**
 * The whole matrix under the filters as one table in the page's scroll, virtualized as the
 * cycle page's items are: only the rows in view (and a few more) are drawn, each measured once
 * drawn, and the server's pages of 50 they fall in load as they come into view. A requirement per
 * row (indented by its depth), its status, coverage, counts and its directly linked cases with
 * their latest result in scope. On a phone each row becomes a block of labelled lines
 * (requirements.css).
 */
export function MatrixTable({ projectId, filters }: MatrixTableProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const { total, rowAt, virtualizer, visible, failed } = useWindowPagedRows({
    pageSize: MATRIX_PAGE_SIZE,
    page: (offset) => matrixPage(projectId, filters, offset),
    rowHeight: ROW_HEIGHT,
    overscan: 6,
    listRef: bodyRef,
  });
  if (failed && total === undefined) {
    return (
      <LoadFailed what="the traceability matrix" error={failed.error} onRetry={() => void failed.refetch()} />
    );
  }
  if (total === undefined) return <Loading text="Loading the traceability matrix..." />;
  const filtered = Boolean(filters.coverage || filters.status);
  if (total === 0) {
    return (
      <p>
        {filtered
          ? 'No requirements match these filters.'
          : 'No requirements yet. Add them on the Requirements page.'}
      </p>
    );
  }

  // Rows not drawn keep their place as two spacer rows, so the table stays a real table.
  const listTop = virtualizer.options.scrollMargin;
  const before = (visible[0]?.start ?? listTop) - listTop;
  const after = Math.max(virtualizer.getTotalSize() - ((visible.at(-1)?.end ?? listTop) - listTop), 0);
  return (
    <>
      <p className="traceability-count">
        {`${formatCount(total)} ${total === 1 ? 'requirement' : 'requirements'}${filtered ? ' match' : ''}`}
      </p>
      {failed ? (
        <ErrorBox message="Some rows of the matrix could not be loaded." error={failed.error}>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void failed.refetch()}>
            Retry
          </button>
        </ErrorBox>
      ) : null}
      <div className="traceability-scroll">
        <table className="traceability-table" aria-rowcount={total + 1}>
          <caption className="visually-hidden">
            Requirements by coverage, with their cases' latest results
          </caption>
          <colgroup>
            <col className="traceability-col-requirement" />
            <col className="traceability-col-status" />
            <col className="traceability-col-coverage" />
            <col className="traceability-col-cases" />
            <col />
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col">Requirement</th>
              <th scope="col">Status</th>
              <th scope="col">Coverage</th>
              <th scope="col">Cases</th>
              <th scope="col">Latest results</th>
            </tr>
          </thead>
          <tbody ref={bodyRef}>
            {before > 0 ? <Spacer height={before} /> : null}
            {visible.map((drawn) => {
              const row = rowAt(drawn.index);
              return (
                <tr
                  key={row?.requirement.id ?? `row-${drawn.index}`}
                  ref={virtualizer.measureElement}
                  data-index={drawn.index}
                  aria-rowindex={drawn.index + 2}
                >
                  {row ? (
                    <MatrixCells row={row} />
                  ) : (
                    <td colSpan={COLUMNS} className="traceability-more">
                      Loading…
                    </td>
                  )}
                </tr>
              );
            })}
            {after > 0 ? <Spacer height={after} /> : null}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The height of the rows not drawn, hidden from assistive technology (aria-rowcount counts them). */
function Spacer({ height }: { height: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row holds nothing focusable; aria-rowcount counts the rows it stands for
    <tr className="traceability-spacer" aria-hidden="true">
      <td colSpan={COLUMNS} style={{ height }} />
    </tr>
  );
}

function MatrixCells({ row }: { row: TraceabilityRow }) {
  return (
    <>
      <th scope="row" style={{ paddingLeft: `${0.5 + row.requirement.depth * 1.25}rem` }}>
        <Link to={paths.requirementDetail(row.requirement.id)} className="requirement-key">
          {row.requirement.key}
        </Link>{' '}
        <span>{row.requirement.title}</span>
      </th>
      <td data-label="Status">{STATUS_LABELS[row.requirement.status]}</td>
      <td data-label="Coverage">
        <CoverageBadge coverage={row.coverage} />
      </td>
      <td data-label="Cases">{countsText(row.counts)}</td>
      <td data-label="Latest results">
        {row.cases.length === 0 ? (
          <span className="traceability-more">
            {row.counts.cases > 0 ? 'None linked directly' : 'None linked'}
          </span>
        ) : (
          <ul className="traceability-cases">
            {row.cases.map((testCase) => (
              <li key={testCase.id}>
                <Link to={paths.caseDetail(testCase.id)}>{testCase.name}</Link>
                <LatestResult state={testCase.latest?.state ?? null} />
              </li>
            ))}
            {row.case_count > row.cases.length ? (
              <li className="traceability-more">and {formatCount(row.case_count - row.cases.length)} more</li>
            ) : null}
          </ul>
        )}
      </td>
    </>
  );
}
