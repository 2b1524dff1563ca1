/**
 * CSV (RFC 4180) for downloads: fields separated by commas, rows ended by CRLF, a field quoted
 * when it holds a quote, a comma or a line break, with its quotes doubled.
 */

export type CsvValue = string | number | null | undefined;

// A spreadsheet runs a cell that starts with one of these as a formula ("=HYPERLINK(…)"), and
// tab or carriage return can hide such a start. OWASP's advice: prefix the cell with a quote.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field. Text that a spreadsheet would read as a formula is defused; numbers are written as they are. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
