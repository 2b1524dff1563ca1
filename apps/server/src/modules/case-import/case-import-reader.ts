import { parse } from 'csv-parse/sync';
import { BadRequestError } from '../../lib/errors.ts';
import type { Table } from './case-import-mapping.ts';

/**
 * A spreadsheet's first sheet, or a CSV file, as a table of text (docs/product/case-import.md).
 * An XLSX file is a ZIP archive, so it starts with "PK"; anything else is read as CSV (UTF-8,
 * with or without a byte-order mark; the delimiter is a comma, or a semicolon or tab when the
 * header holds one of those and no comma).
 */

/** The most rows one import takes. */
export const IMPORT_ROWS_MAX = 100_000;

export type Format = 'csv' | 'xlsx';

export const formatOf = (bytes: Buffer): Format =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04 ? 'xlsx' : 'csv';

export async function readTable(bytes: Buffer): Promise<{ format: Format; table: Table }> {
  const format = formatOf(bytes);
  const grid = format === 'xlsx' ? await sheetRows(bytes) : csvRows(bytes);
  const [header, ...rest] = grid;
  if (!header || header.every((h) => h.trim() === '')) {
    throw new BadRequestError('The file is empty: its first row must name the columns');
  }
  if (rest.length > IMPORT_ROWS_MAX) {
    throw new BadRequestError(`A file holds at most ${IMPORT_ROWS_MAX.toLocaleString('en')} rows; split it`);
  }
  if (grid.some((cells) => cells.some((cell) => cell.includes('\u0000')))) {
    throw new BadRequestError('The file holds NUL characters; it is not a text table');
  }
  const columns = header.map((h, i) => h.trim() || `Column ${i + 1}`);
  return {
    format,
    table: { columns, rows: rest.map((cells, i) => ({ row: i + 2, cells })) },
  };
}

function csvRows(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes(',')
    ? ','
    : firstLine.includes(';')
      ? ';'
      : firstLine.includes('\t')
        ? '\t'
        : ',';
  try {
    return parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    throw new BadRequestError(
      `The file is not valid CSV${where ? ` (near line ${where})` : ''}: ${(error as Error).message.replace(/^Invalid [^:]*: /, '')}`,
    );
  }
}

/**
 * The spreadsheet library (several megabytes of code) is loaded with the first XLSX file, not at
 * start: most servers never see one, and the embedded default's memory budget is tight.
 */
async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const XLSX = await import('@e965/xlsx');
  let book: import('@e965/xlsx').WorkBook;
  try {
    book = XLSX.read(bytes, { type: 'buffer', dense: true, cellHTML: false, cellFormula: false });
  } catch {
    throw new BadRequestError('The file is not a readable XLSX workbook');
  }
  const first = book.SheetNames[0];
  const sheet = first ? book.Sheets[first] : undefined;
  if (!sheet) throw new BadRequestError('The workbook has no sheet');
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: false,
    defval: '',
    blankrows: true,
  });
  return rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c))));
}
