import { type ParameterRow, substituteParameters } from '@verdict/contract';
import { useId } from 'react';
import type { ShownStep } from '@/entities/case/case-steps';

/**
 * The case's steps as this item's data row reads them: `{{name}}` in each action and expected
 * result replaced by the row's value (docs/product/parameters-screens.md).
 */
export function stepsForRow(steps: readonly ShownStep[], row: ParameterRow | null): ShownStep[] {
  if (!row) return [...steps];
  return steps.map((step) => ({
    ...step,
    action: substituteParameters(step.action, row.values),
    expected: substituteParameters(step.expected, row.values),
  }));
}

/** The values of the data row an item runs, each named by its column, above its steps. */
export function RowValues({ row }: { row: ParameterRow }) {
  const headingId = useId();
  return (
    <section className="execution-row" aria-labelledby={headingId}>
      <h3 className="execution-subheading" id={headingId}>
        Values of row {row.index}
      </h3>
      <dl className="execution-row-values">
        {Object.entries(row.values).map(([column, value]) => (
          <div key={column}>
            <dt>{column}</dt>
            <dd>{value === '' ? <span className="muted">(empty)</span> : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
