import type { CaseParameters } from '@verdict/contract';

/**
 * The two cells of the cases' CSV that carry what steps and names alone cannot (docs/product/export.md,
 * docs/decisions/226-parameters-and-shared-steps-in-the-case-file.md): the export writes them, the
 * import reads them back, so both sides are here.
 *
 * - `shared_steps`: which numbered steps come from which set, `1-2: Sign in; 5: Add to cart`.
 * - `parameters`: a pipe table, one line per row, the names first: `card | locale` / `Visa | en`.
 */

export interface SharedStepsSpan {
  /** The first and last step it covers, numbered from 1 as the `steps` cell numbers them. */
  from: number;
  to: number;
  name: string;
}

export const sharedStepsText = (spans: SharedStepsSpan[]): string =>
  spans.map((s) => `${s.from === s.to ? s.from : `${s.from}-${s.to}`}: ${s.name}`).join('; ');

/** An entry starts at a number (or a range) and a colon, so a set's name may hold `;`. */
const ENTRY_START = /;\s*(?=\d+\s*(?:-\s*\d+\s*)?:)/;
const ENTRY = /^(\d+)\s*(?:-\s*(\d+)\s*)?:\s*(\S[\s\S]*?)\s*$/;

/** The entries of a cell; those that read as none come back as their text, for a note. */
export function parseSharedSteps(text: string): { spans: SharedStepsSpan[]; unreadable: string[] } {
  const spans: SharedStepsSpan[] = [];
  const unreadable: string[] = [];
  for (const part of undefused(text).split(ENTRY_START)) {
    if (part.trim() === '') continue;
    const entry = ENTRY.exec(part.trim());
    const from = Number(entry?.[1]);
    const to = entry?.[2] === undefined ? from : Number(entry[2]);
    if (!entry || from < 1 || to < from) unreadable.push(part.trim());
    else spans.push({ from, to, name: entry[3]! });
  }
  return { spans, unreadable };
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '|': '\\|', '\n': '\\n', '\r': '\\r' };
const UNESCAPES: Record<string, string> = { '\\': '\\', '|': '|', n: '\n', r: '\r' };

const escapedValue = (value: string) => value.replace(/[\\|\n\r]/g, (c) => ESCAPES[c]!);

export const parametersText = (parameters: CaseParameters): string =>
  [parameters.columns, ...parameters.rows].map((line) => line.map(escapedValue).join(' | ')).join('\n');

/**
 * The cells of one line of a pipe table, trimmed: `\|` is a bar, `\\` a backslash, `\n` and `\r`
 * line breaks; any other backslash stays as written (a hand-written `C:\temp`).
 */
function tableCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    const next = line[i + 1];
    if (c === '\\' && next !== undefined && next in UNESCAPES) {
      cell += UNESCAPES[next];
      i++;
    } else if (c === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

/** The names and rows of a pipe table, as written; blank lines are skipped. Empty text: null. */
export function parseParametersTable(text: string): { columns: string[]; rows: string[][] } | null {
  const lines = undefused(text)
    .split(/\r\n?|\n/)
    .filter((line) => line.trim() !== '');
  if (lines.length === 0) return null;
  const [header, ...rows] = lines.map(tableCells);
  return { columns: header!, rows };
}

/**
 * The export puts a `'` before a formula start (= + - @) at the start of a cell and after each
 * separator a spreadsheet may split on (lib/csv.ts). These two cells are the export's own format,
 * so the import takes it off again: a parameter value `-1` comes back as `-1`, not `'-1`.
 */
export const undefused = (text: string): string => text.replace(/(^|[,;\t|\r\n])( *)'([=+\-@])/g, '$1$2$3');
