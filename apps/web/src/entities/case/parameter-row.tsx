import type { ParameterRow } from '@verdict/contract';
import './parameter-row.css';

/** A data row in words: 'Row 2 · card: Visa · locale: de' (docs/product/parameters-screens.md). */
export function parameterRowText(row: ParameterRow): string {
  const values = Object.entries(row.values).map(([column, value]) => `${column}: ${value}`);
  return [`Row ${row.index}`, ...values].join(' · ');
}

/**
 * The data row a cycle item runs (or a result was recorded on), shown next to its case's name:
 * small and wrapping, so a long row never widens a phone's list.
 */
export function ParameterRowLabel({ row, id }: { row: ParameterRow | null; id?: string }) {
  if (!row) return null;
  return (
    <span className="parameter-row-label" id={id}>
      {parameterRowText(row)}
    </span>
  );
}
