import { useId } from 'react';
import type { SelectOption } from '@/components/ui/form-field';
import { formatCount } from '@/lib/format-number';
import { columnLabel, type ImportMapping } from '@/lib/import-mapping';
import './import.css';

export const DONT_IMPORT = "Don't import";

/**
 * The choices of a column's select: "Don't import" (the empty value), then `targets`. A target the
 * server chose that is none of these (one this screen does not know) is kept as an option, so
 * showing it does not change it.
 */
export function columnOptions(targets: readonly SelectOption[], mapping: ImportMapping): SelectOption[] {
  const options: SelectOption[] = [{ value: '', label: DONT_IMPORT }, ...targets];
  const known = new Set(options.map((option) => option.value));
  for (const target of mapping) {
    if (target !== null && !known.has(target)) {
      known.add(target);
      options.push({ value: target, label: target });
    }
  }
  return options;
}

export interface ColumnMappingProps {
  columns: readonly string[];
  mapping: ImportMapping;
  /** What a column can fill, without "Don't import" (see `columnOptions`). */
  targets: readonly SelectOption[];
  disabled: boolean;
  onChange: (index: number, target: string) => void;
}

/**
 * 'Columns': each column of the file by its header, with a select named by that header of what
 * it fills (docs/product/case-import-screens.md, "Columns"). A table on wide screens, a list of
 * header over select on a phone (global.css, `.table-stack`; the cells carry no `data-label`, as
 * the header is the select's own label).
 */
export function ColumnMapping({ columns, mapping, targets, disabled, onChange }: ColumnMappingProps) {
  const idBase = useId();
  const options = columnOptions(targets, mapping);
  return (
    <div className="table-wrap">
      <table className="table table-stack import-mapping">
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Imports as</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((header, index) => {
            const id = `${idBase}-${index}`;
            return (
              // The columns of one file never change order: the place is the row's identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={index}>
                <td>
                  <label htmlFor={id} className="import-column">
                    {columnLabel(header, index)}
                  </label>
                </td>
                <td>
                  <select
                    id={id}
                    className="input import-target"
                    value={mapping[index] ?? ''}
                    disabled={disabled}
                    onChange={(event) => onChange(index, event.target.value)}
                  >
                    {options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Every column the import leaves out, by name, so nothing is dropped unseen ('Not imported: Estimate.'). */
export function NotImported({ columns, mapping }: { columns: readonly string[]; mapping: ImportMapping }) {
  const dropped = columns.filter((_, index) => !mapping[index]);
  if (dropped.length === 0) return null;
  return (
    <p className="import-dropped">
      Not imported ({formatCount(dropped.length)} {dropped.length === 1 ? 'column' : 'columns'}):{' '}
      {dropped.join(', ')}.
    </p>
  );
}
