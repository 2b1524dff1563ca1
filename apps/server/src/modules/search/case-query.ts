/**
 * The case search language (docs/product/search.md): words and "quoted phrases" match a case's
 * text (name, description, preconditions, steps); `field:value` terms filter on one property,
 * with `field:"a quoted value"` and `"a quoted field":value` for spaces; a leading `-` negates any
 * term. Terms are joined by AND. Parsing never throws: a problem is reported at its term.
 */

export interface TextTerm {
  kind: 'text';
  text: string;
  negated: boolean;
  /** Where the term stands in the query, for errors shown at it. */
  index: number;
  source: string;
}

export interface FieldTerm {
  kind: 'field';
  /** As written, lower-cased; a custom field's name is matched case-insensitively too. */
  field: string;
  value: string;
  negated: boolean;
  index: number;
  source: string;
}

export type Term = TextTerm | FieldTerm;

export interface QueryProblem {
  /** The term's position among the query's terms (0 first). */
  index: number;
  source: string;
  message: string;
}

export interface ParsedQuery {
  terms: Term[];
  problems: QueryProblem[];
}

/** Reads a quoted run starting at `from` (on the opening quote); null when it never closes. */
function quoted(query: string, from: number): { text: string; end: number } | null {
  let text = '';
  for (let i = from + 1; i < query.length; i++) {
    const c = query[i]!;
    if (c === '\\' && i + 1 < query.length) {
      text += query[++i];
      continue;
    }
    if (c === '"') return { text, end: i + 1 };
    text += c;
  }
  return null;
}

/** Reads an unquoted run up to whitespace (or, for a field name, a colon). */
function bare(query: string, from: number, stopAtColon: boolean): { text: string; end: number } {
  let i = from;
  while (i < query.length && !/\s/.test(query[i]!) && !(stopAtColon && query[i] === ':')) i++;
  return { text: query.slice(from, i), end: i };
}

export function parseCaseQuery(query: string): ParsedQuery {
  const terms: Term[] = [];
  const problems: QueryProblem[] = [];
  let i = 0;
  let index = 0;
  while (i < query.length) {
    if (/\s/.test(query[i]!)) {
      i++;
      continue;
    }
    const start = i;
    const negated = query[i] === '-' && i + 1 < query.length && !/\s/.test(query[i + 1]!);
    if (negated) i++;
    let head: { text: string; end: number } | null;
    let headQuoted = false;
    if (query[i] === '"') {
      head = quoted(query, i);
      headQuoted = true;
      if (!head) {
        problems.push({ index, source: query.slice(start), message: 'A quote is not closed' });
        break;
      }
    } else {
      head = bare(query, i, true);
    }
    i = head.end;
    if (query[i] === ':') {
      i++;
      let value: { text: string; end: number } | null;
      if (query[i] === '"') {
        value = quoted(query, i);
        if (!value) {
          problems.push({ index, source: query.slice(start), message: 'A quote is not closed' });
          break;
        }
      } else {
        value = bare(query, i, false);
      }
      i = value.end;
      const source = query.slice(start, i);
      if (head.text.trim() === '') {
        problems.push({ index, source, message: `"${source}" names no field before the colon` });
      } else if (value.text.trim() === '') {
        problems.push({ index, source, message: `${head.text}: needs a value` });
      } else {
        terms.push({
          kind: 'field',
          field: head.text.trim().toLowerCase(),
          value: value.text.trim(),
          negated,
          index,
          source,
        });
      }
    } else {
      // A bare word that ran into no colon, or a phrase.
      const rest = headQuoted ? head : bare(query, start + (negated ? 1 : 0), false);
      i = Math.max(i, rest.end);
      const text = rest.text.trim();
      const source = query.slice(start, i);
      if (text !== '') terms.push({ kind: 'text', text, negated, index, source });
    }
    index++;
  }
  return { terms, problems };
}
