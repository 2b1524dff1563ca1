/**
 * How a case search query splits into terms (docs/product/search.md, "The language"): words and
 * "quoted phrases", `field:value` with `field:"a quoted value"` and `"a quoted field":value`, a
 * leading `-` that negates a term or a group, `OR` in capitals, and parentheses that group terms
 * (decision record 173). The server reads the terms' meaning; the web app shows them as chips and
 * puts each of the server's problems (`q.<n>`) at its term. One splitter for both, so the numbers
 * always agree.
 */
export interface QueryTerm {
  /** The term's position among the query's terms, 0 first: the n of the server's `q.<n>`. */
  index: number;
  /** Where the term starts in the query, in characters, 0 first. */
  start: number;
  /** The term as written, its '-' and quotes included. */
  source: string;
  /**
   * Set when the term joins or groups others rather than matching cases: `OR`, or a parenthesis
   * (`-(` is an opening one with `negated`).
   */
  operator?: QueryOperator;
  negated: boolean;
  /** `field:value`, or a word or phrase when null. */
  field: string | null;
  /** The word, phrase or value, quotes and escapes removed. */
  value: string;
  /** A quote opened and never closed: the term runs to the end of the query. */
  unclosed: boolean;
}

export type QueryOperator = 'OR' | '(' | ')';

/** How deep parentheses may nest, and how many terms a query may hold (decision record 173). */
export const QUERY_LIMITS = { depth: 10, terms: 50 } as const;

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** A quoted run from its opening quote at `from`; null when it never closes. */
function quoted(query: string, from: number): { text: string; end: number } | null {
  let text = '';
  for (let i = from + 1; i < query.length; i++) {
    const c = query[i] as string;
    if (c === '\\' && i + 1 < query.length) {
      text += query[++i];
      continue;
    }
    if (c === '"') return { text, end: i + 1 };
    text += c;
  }
  return null;
}

/**
 * An unquoted run up to whitespace (or, for a field name, a colon), or up to a `)` that closes a
 * group: a `)` that closes a `(` of the run itself, as in `f(x)`, stays part of it.
 */
function bare(query: string, from: number, stopAtColon: boolean): { text: string; end: number } {
  let i = from;
  let open = 0;
  for (; i < query.length && !isSpace(query[i]) && !(stopAtColon && query[i] === ':'); i++) {
    if (query[i] === '(') open++;
    else if (query[i] === ')') {
      if (open === 0) break;
      open--;
    }
  }
  return { text: query.slice(from, i), end: i };
}

/** Splits `query` into its terms; like the server, it stops at a quote that is never closed. */
export function splitQuery(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  let i = 0;
  while (i < query.length) {
    if (isSpace(query[i])) {
      i++;
      continue;
    }
    const start = i;
    if (query[i] === '(' || query[i] === ')' || (query[i] === '-' && query[i + 1] === '(')) {
      const negatedGroup = query[i] === '-';
      const end = i + (negatedGroup ? 2 : 1);
      terms.push({
        index: terms.length,
        start,
        source: query.slice(start, end),
        operator: query[end - 1] === '(' ? '(' : ')',
        negated: negatedGroup,
        field: null,
        value: '',
        unclosed: false,
      });
      i = end;
      continue;
    }
    const negated = query[i] === '-' && i + 1 < query.length && !isSpace(query[i + 1]);
    if (negated) i++;
    const base = { index: terms.length, start, negated };
    const unclosed = (): QueryTerm => ({
      ...base,
      source: query.slice(start),
      field: null,
      value: query.slice(start + (negated ? 1 : 0)),
      unclosed: true,
    });
    const headQuoted = query[i] === '"';
    const head = headQuoted ? quoted(query, i) : bare(query, i, true);
    if (!head) {
      terms.push(unclosed());
      break;
    }
    i = head.end;
    if (query[i] === ':') {
      i++;
      const value = query[i] === '"' ? quoted(query, i) : bare(query, i, false);
      if (!value) {
        terms.push(unclosed());
        break;
      }
      i = value.end;
      terms.push({
        ...base,
        source: query.slice(start, i),
        field: head.text.trim(),
        value: value.text.trim(),
        unclosed: false,
      });
    } else {
      const source = query.slice(start, i);
      terms.push({
        ...base,
        source,
        ...(source === 'OR' ? { operator: 'OR' as const } : {}),
        field: null,
        value: head.text.trim(),
        unclosed: false,
      });
    }
  }
  return terms;
}
