/**
 * CSV (RFC 4180) for downloads: fields separated by commas, rows ended by CRLF, and every field
 * quoted, with its quotes doubled.
 *
 * A spreadsheet runs a cell that starts with = + - or @ as a formula ("=HYPERLINK(…)", or
 * "=cmd|' /C calc'!A0" to start a program), and a leading tab or carriage return can hide such a
 * start. Quoting every field keeps a reader that honours quotes from splitting inside one; but a
 * reader may ignore quotes, or split on another separator than the comma (`;` in many locales,
 * tab, `|`, or a line break). So, as OWASP advises, text is defused with a single quote put
 * before a formula start at the beginning of the cell and after each of those separators
 * (spaces in between included): "safe;=cmd" is written "safe;'=cmd". Only exports are changed
 * so; the stored text is not.
 */

export type CsvValue = string | number | null | undefined;

/** A formula start at the beginning or right after a separator, maybe after spaces. */
const FORMULA_START = /(^|[,;\t|\r\n])( *)([=+\-@])/g;
/** A leading tab or carriage return, which a spreadsheet may drop before reading a formula. */
const CONTROL_START = /^[\t\r]/;

/** One field, always quoted. Numbers are written as they are; text is defused as above. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'number') return `"${value}"`;
  const defused = value.replace(FORMULA_START, "$1$2'$3");
  const text = CONTROL_START.test(defused) ? `'${defused}` : defused;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
