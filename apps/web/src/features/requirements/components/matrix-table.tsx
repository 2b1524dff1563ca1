import type { TraceabilityRow } from '@verdict/contract';
import { Link } from 'react-router';
import { STATUS_LABELS } from '@/entities/requirement/requirement-api';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import { countsText } from '../requirement-text';
import { CoverageBadge, LatestResult } from './coverage';

/**
 * One page of the matrix as a table: a requirement per row (indented by its depth in the tree),
 * its status, coverage, counts and its directly linked cases with their latest result in scope.
 * On a phone each row becomes a block of labelled lines (requirements.css).
 */
export function MatrixTable({ rows }: { rows: readonly TraceabilityRow[] }) {
  return (
    <div className="traceability-scroll">
      <table className="traceability-table">
        <caption className="visually-hidden">
          Requirements by coverage, with their cases' latest results
        </caption>
        <thead>
          <tr>
            <th scope="col">Requirement</th>
            <th scope="col">Status</th>
            <th scope="col">Coverage</th>
            <th scope="col">Cases</th>
            <th scope="col">Latest results</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.requirement.id}>
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
                      <li className="traceability-more">
                        and {formatCount(row.case_count - row.cases.length)} more
                      </li>
                    ) : null}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
