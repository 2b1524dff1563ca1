import type { CaseParameters } from '@verdict/contract';
import { formatCount } from '@/lib/format-number';
import './parameters.css';

/**
 * The case page's Parameters (docs/product/parameters-screens.md): how many runs a cycle makes of
 * the case, then the table read-only, in a box of its own that scrolls sideways on a phone.
 */
export function CaseParametersView({ parameters }: { parameters: CaseParameters }) {
  const count = parameters.rows.length;
  return (
    <section className="case-parameters" aria-labelledby="case-parameters">
      <h2 className="case-section-title" id="case-parameters">
        Parameters
      </h2>
      <p className="muted">
        {formatCount(count)} data {count === 1 ? 'row' : 'rows'}: a cycle runs this case once per row.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region takes focus to scroll */}
      <section className="table-wrap parameters-view-wrap" tabIndex={0} aria-label="Parameters table">
        <table className="table parameters-view-table">
          <thead>
            <tr>
              <th scope="col">Row</th>
              {parameters.columns.map((column) => (
                <th scope="col" key={column}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {parameters.rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are numbered, and their number is their name
              <tr key={r}>
                <th scope="row">{r + 1}</th>
                {row.map((value, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's values stand in column order
                  <td key={c}>
                    <div className="parameters-value">{value}</div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
