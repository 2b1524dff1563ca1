/**
 * The case search language (docs/product/search.md): words and "quoted phrases" match a case's
 * text (name, description, preconditions, steps); `field:value` terms filter on one property,
 * with `field:"a quoted value"` and `"a quoted field":value` for spaces; a leading `-` negates any
 * term. Terms are joined by AND. Parsing never throws: a problem is reported at its term.
 */

import { splitQuery } from '@verdict/contract';

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

/** The terms' meaning over `splitQuery`'s split (shared with the web app, so `q.<n>` agree). */
export function parseCaseQuery(query: string): ParsedQuery {
  const terms: Term[] = [];
  const problems: QueryProblem[] = [];
  for (const split of splitQuery(query)) {
    const { index, source, negated } = split;
    if (split.unclosed) {
      problems.push({ index, source, message: 'A quote is not closed' });
    } else if (split.field === null) {
      if (split.value !== '') terms.push({ kind: 'text', text: split.value, negated, index, source });
    } else if (split.field === '') {
      problems.push({ index, source, message: `"${source}" names no field before the colon` });
    } else if (split.value === '') {
      problems.push({ index, source, message: `${split.field}: needs a value` });
    } else {
      terms.push({
        kind: 'field',
        field: split.field.toLowerCase(),
        value: split.value,
        negated,
        index,
        source,
      });
    }
  }
  return { terms, problems };
}
