import type { ReactNode } from 'react';
import { formatCount } from '@/lib/format-number';
import './import.css';

/** A column of the preview after 'Row': its header (also the cell's label on a phone) and cell. */
export interface PreviewColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

export interface ImportPreviewTableProps<Row> {
  /** The first rows as they would be imported (the server sends at most so many). */
  rows: readonly Row[];
  /** How many rows the file imports in all, and how they are counted: '5 cases'. */
  total: number;
  countText: (n: number) => string;
  /** One row in words, for 'The one case'. */
  one: string;
  /** The table's own class ('case-import-preview'). */
  className: string;
  columns: readonly PreviewColumn<Row>[];
}

/**
 * 'Preview': the first rows of the file as they would be imported, each by its row number, under a
 * caption that says whether they are all of them (docs/product/case-import-screens.md, "Preview").
 */
export function ImportPreviewTable<Row extends { row: number }>({
  rows,
  total,
  countText,
  one,
  className,
  columns,
}: ImportPreviewTableProps<Row>) {
  if (rows.length === 0) return null;
  const caption =
    rows.length < total
      ? `The first ${formatCount(rows.length)} of ${countText(total)}`
      : rows.length === 1
        ? `The one ${one}`
        : `All ${countText(rows.length)}`;
  return (
    <div className="table-wrap">
      <table className={`table table-stack ${className}`}>
        <caption className="import-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row}>
              <td data-label="Row">{row.row}</td>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
