import { type CaseParameters, PARAMETER_LIMITS } from '@verdict/contract';

/**
 * The case form's parameters table as it is edited (docs/product/parameters-screens.md): the
 * contract's shape, every row one value per column. Null is a case without parameters.
 */
export type ParametersDraft = CaseParameters | null;

/** A new column, empty, at the end; the first one also makes the table and its first row. */
export function addColumn(table: ParametersDraft): CaseParameters {
  if (!table) return { columns: [''], rows: [['']] };
  return { columns: [...table.columns, ''], rows: table.rows.map((row) => [...row, '']) };
}

/** Without column `index`; without its last column the case has no parameters. */
export function removeColumn(table: CaseParameters, index: number): ParametersDraft {
  if (table.columns.length <= 1) return null;
  return {
    columns: table.columns.filter((_, i) => i !== index),
    rows: table.rows.map((row) => row.filter((_, i) => i !== index)),
  };
}

export function renameColumn(table: CaseParameters, index: number, name: string): CaseParameters {
  return { ...table, columns: table.columns.map((column, i) => (i === index ? name : column)) };
}

/** A new row of empty values at the end. */
export function addRow(table: CaseParameters): CaseParameters {
  return { ...table, rows: [...table.rows, table.columns.map(() => '')] };
}

/** Without row `index`; a table keeps one row at least (Remove parameters takes it all). */
export function removeRow(table: CaseParameters, index: number): CaseParameters {
  if (table.rows.length <= 1) return table;
  return { ...table, rows: table.rows.filter((_, i) => i !== index) };
}

export function setCell(table: CaseParameters, row: number, column: number, value: string): CaseParameters {
  return {
    ...table,
    rows: table.rows.map((values, i) =>
      i === row ? values.map((v, j) => (j === column ? value : v)) : values,
    ),
  };
}

/**
 * Cells of tab-separated text as a spreadsheet copies it: a line per row, a tab between cells,
 * and a cell holding a tab, a line break or a quote written in quotes (a quote in it doubled).
 */
export function tsvCells(text: string): string[][] {
  const lines: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let at = 0;
  while (at < text.length) {
    const char = text[at] as string;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === '\t') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at += 1;
      row.push(cell);
      lines.push(row);
      row = [];
      cell = '';
    } else cell += char;
    at += 1;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    lines.push(row);
  }
  // A blank line (a spreadsheet's copy ends with one) holds no row.
  return lines.filter((line) => line.some((value) => value.trim() !== ''));
}

/**
 * The table pasted text makes: its first line the column names (trimmed), each further line a row,
 * short rows filled with empty values. A reason instead when the text cannot make a table.
 */
export function parametersFromTsv(text: string): { table: CaseParameters } | { problem: string } {
  const [head, ...rows] = tsvCells(text);
  if (!head) return { problem: 'Paste a line of column names, then a line per row.' };
  const columns = head.map((name) => name.trim());
  if (columns.length > PARAMETER_LIMITS.columnsMax) {
    return {
      problem: `A case has at most ${PARAMETER_LIMITS.columnsMax} parameters; this has ${columns.length}.`,
    };
  }
  if (rows.length === 0) return { problem: 'Paste at least one row of values under the column names.' };
  if (rows.length > PARAMETER_LIMITS.rowsMax) {
    return { problem: `A case has at most ${PARAMETER_LIMITS.rowsMax} rows; this has ${rows.length}.` };
  }
  const long = rows.findIndex((row) => row.length > columns.length);
  if (long >= 0) {
    return {
      problem: `Row ${long + 1} has more values than there are column names (${columns.length}).`,
    };
  }
  return { table: { columns, rows: rows.map((row) => columns.map((_, i) => row[i] ?? '')) } };
}

/** A column's name for labels: its name, or its number while it has none. */
export const columnLabel = (table: CaseParameters, index: number) =>
  table.columns[index]?.trim() || `column ${index + 1}`;
