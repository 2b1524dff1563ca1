import type { CaseField } from '@verdict/contract';
import { useId } from 'react';
import { columnLabel, type ImportMapping, targetOptions } from '../import-mapping';

export interface ColumnMappingProps {
  columns: readonly string[];
  mapping: ImportMapping;
  fields: readonly CaseField[];
  disabled: boolean;
  onChange: (index: number, target: string) => void;
}

/**
 * 'Columns': each column of the file by its header, with a select named by that header of what
 * it fills (docs/product/case-import-screens.md, "Columns"). A table on wide screens, a list of
 * header over select on a phone (global.css, `.table-stack`; the cells carry no `data-label`, as
 * the header is the select's own label).
 */
export function ColumnMapping({ columns, mapping, fields, disabled, onChange }: ColumnMappingProps) {
  const idBase = useId();
  const options = targetOptions(fields, mapping);
  return (
    <div className="table-wrap">
      <table className="table table-stack case-import-mapping">
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
                  <label htmlFor={id} className="case-import-column">
                    {columnLabel(header, index)}
                  </label>
                </td>
                <td>
                  <select
                    id={id}
                    className="input case-import-target"
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
