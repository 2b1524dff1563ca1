/**
 * The case search language (docs/product/search.md): words and "quoted phrases" match a case's
 * text (name, description, preconditions, steps); `field:value` terms filter on one property,
 * with `field:"a quoted value"` and `"a quoted field":value` for spaces; a leading `-` negates any
 * term or group. Terms side by side are joined by AND, which binds tighter than `OR`; parentheses
 * group (decision record 173). Parsing never throws: a problem is reported at its term.
 */

import { QUERY_LIMITS, type QueryTerm, splitQuery } from '@verdict/contract';

/** How deep parentheses may nest, and how many terms a query may hold: bounded work for any input. */
const QUERY_DEPTH_MAX = QUERY_LIMITS.depth;
const QUERY_TERMS_MAX = QUERY_LIMITS.terms;

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

/** A query's meaning: its terms joined by AND and OR, groups negated by `-(`. */
export type QueryNode =
  | { kind: 'term'; term: Term }
  | { kind: 'and' | 'or'; children: QueryNode[] }
  | { kind: 'not'; child: QueryNode };

export interface QueryProblem {
  /** The term's position among the query's terms (0 first). */
  index: number;
  source: string;
  message: string;
}

export interface ParsedQuery {
  terms: Term[];
  /** Null for a query with no term (it matches every case). */
  tree: QueryNode | null;
  problems: QueryProblem[];
}

/** The terms' meaning over `splitQuery`'s split (shared with the web app, so `q.<n>` agree). */
export function parseCaseQuery(query: string): ParsedQuery {
  const terms: Term[] = [];
  const problems: QueryProblem[] = [];
  const split = splitQuery(query);
  const meaning = new Map<number, Term | null>();
  for (const token of split) {
    if (token.operator) continue;
    const term = termOf(token, problems);
    meaning.set(token.index, term);
    if (term) terms.push(term);
  }
  const tree = new Grouping(split, meaning, problems).parse();
  problems.sort((a, b) => a.index - b.index);
  return { terms, tree, problems };
}

function termOf(split: QueryTerm, problems: QueryProblem[]): Term | null {
  const { index, source, negated } = split;
  if (split.unclosed) {
    problems.push({ index, source, message: 'A quote is not closed' });
  } else if (split.field === null) {
    if (split.value !== '') return { kind: 'text', text: split.value, negated, index, source };
  } else if (split.field === '') {
    problems.push({ index, source, message: `"${source}" names no field before the colon` });
  } else if (split.value === '') {
    problems.push({ index, source, message: `${split.field}: needs a value` });
  } else {
    return { kind: 'field', field: split.field.toLowerCase(), value: split.value, negated, index, source };
  }
  return null;
}

const at = (token: QueryTerm) => `at character ${token.start + 1}`;

/**
 * Groups the split terms by precedence: a query is alternatives joined by OR, each of them terms
 * joined by AND, a term being a word, a field term or a parenthesised query. One pass, never
 * deeper than QUERY_DEPTH_MAX groups: a deeper query is refused where it goes too deep.
 */
class Grouping {
  private position = 0;
  private counted = 0;
  private stopped = false;

  constructor(
    private readonly tokens: readonly QueryTerm[],
    private readonly meaning: ReadonlyMap<number, Term | null>,
    private readonly problems: QueryProblem[],
  ) {}

  parse(): QueryNode | null {
    return this.alternatives(0);
  }

  private fail(token: QueryTerm, message: string) {
    this.problems.push({ index: token.index, source: token.source, message });
  }

  private alternatives(depth: number): QueryNode | null {
    const alternatives: QueryNode[] = [];
    let all: QueryNode[] = [];
    /** Terms and groups written since the last OR, understood or not. */
    let written = 0;
    const close = () => {
      if (all.length > 0)
        alternatives.push(all.length === 1 ? (all[0] as QueryNode) : { kind: 'and', children: all });
      all = [];
      written = 0;
    };
    while (!this.stopped && this.position < this.tokens.length) {
      const token = this.tokens[this.position] as QueryTerm;
      if (token.operator === ')' && depth > 0) break;
      this.position++;
      if (token.operator === ')') {
        this.fail(token, `Nothing opened this parenthesis ${at(token)}: remove it or add "(" before it`);
      } else if (token.operator === 'OR') {
        const next = this.tokens[this.position];
        if (written === 0 || !next || next.operator === ')' || next.operator === 'OR') {
          this.fail(token, `needs a term on each side (${at(token)})`);
        }
        close();
      } else if (token.operator === '(') {
        written++;
        const group = this.group(token, depth);
        if (group) all.push(token.negated ? { kind: 'not', child: group } : group);
      } else {
        written++;
        if (++this.counted > QUERY_TERMS_MAX) {
          this.fail(token, `A query holds at most ${QUERY_TERMS_MAX} terms`);
          this.stopped = true;
        }
        const term = this.meaning.get(token.index);
        if (term) all.push({ kind: 'term', term });
      }
    }
    close();
    if (alternatives.length === 0) return null;
    return alternatives.length === 1
      ? (alternatives[0] as QueryNode)
      : { kind: 'or', children: alternatives };
  }

  /** The group an opening parenthesis starts, up to its closing one. */
  private group(open: QueryTerm, depth: number): QueryNode | null {
    if (depth + 1 > QUERY_DEPTH_MAX) {
      this.fail(open, `Parentheses nest at most ${QUERY_DEPTH_MAX} deep (${at(open)})`);
      this.stopped = true;
      return null;
    }
    const inner = this.alternatives(depth + 1);
    if (this.stopped) return inner;
    const closing = this.tokens[this.position];
    if (closing?.operator !== ')') {
      this.fail(open, `This parenthesis ${at(open)} is never closed: add ")"`);
      return inner;
    }
    this.position++;
    if (closing.index === open.index + 1) this.fail(open, `This group ${at(open)} holds no term`);
    return inner;
  }
}
