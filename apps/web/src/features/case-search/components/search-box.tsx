import type { QueryTerm } from '@verdict/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { problemParts, type QueryProblem } from '../query-terms';
import { useSearchKey } from '../use-search-key';

/** How long typing must pause before the search runs. */
export const TYPING_PAUSE_MS = 300;

export interface SearchBoxProps {
  /** The query in the address, the one searched. */
  query: string;
  /** Its terms, shown as chips. */
  terms: readonly QueryTerm[];
  /** What the server could not understand in it, at their terms. */
  problems: readonly QueryProblem[];
  /**
   * Puts a new query in the address; `replace` when it only refines the query typed just before,
   * so one search is one history entry, not one per pause.
   */
  onSearch: (query: string, replace: boolean) => void;
}

/**
 * The search box of Search Test Cases (docs/product/search-screens.md): Enter or a pause in
 * typing searches; Back and Forward bring earlier queries back into the box. The query shows
 * as chips, one per term, and each problem the server found is listed under the box with its
 * term in code font, the term's chip marked.
 */
export function SearchBox({ query, terms, problems, onSearch }: SearchBoxProps) {
  const inputId = useId();
  const errorsId = useId();
  const box = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(query);
  // The query this box last put in the address; any other one came from Back, Forward or a link.
  const committed = useRef(query);
  // True while the last search came from a pause in typing: the next pause refines it in place.
  const typing = useRef(false);
  useSearchKey(box);

  useEffect(() => {
    if (query === committed.current) return;
    committed.current = query;
    typing.current = false;
    setText(query);
  }, [query]);

  const commit = (value: string, fromTyping: boolean) => {
    const next = value.trim();
    const replace = typing.current;
    typing.current = fromTyping;
    if (next === committed.current) return;
    committed.current = next;
    onSearch(next, replace);
  };

  useEffect(() => {
    if (text.trim() === committed.current) return;
    const timer = setTimeout(() => commit(text, true), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  });

  const bad = new Set(problems.map((problem) => problem.index));
  return (
    <search>
      <form
        className="case-search-form"
        onSubmit={(event) => {
          event.preventDefault();
          commit(text, false);
        }}
      >
        <label htmlFor={inputId}>Search cases</label>
        <div className="case-search-row">
          <input
            ref={box}
            id={inputId}
            className="input"
            type="search"
            value={text}
            maxLength={1000}
            autoComplete="off"
            spellCheck={false}
            aria-keyshortcuts="/"
            aria-invalid={problems.length > 0 || undefined}
            aria-describedby={problems.length > 0 ? errorsId : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit">Search</Button>
        </div>
        {problems.length > 0 ? (
          <div id={errorsId} className="case-search-problems" role="alert">
            <ul>
              {problems.map((problem) => {
                const { term, rest } = problemParts(problem, terms);
                return (
                  <li key={problem.index}>
                    {term ? <code>{term}</code> : null}
                    {rest}
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
        {terms.length > 0 ? (
          <ul className="case-search-terms" aria-label="Terms of the query">
            {terms.map((term) => (
              <li
                key={term.index}
                className={bad.has(term.index) ? 'case-search-term is-bad' : 'case-search-term'}
              >
                <code>{term.source}</code>
                {bad.has(term.index) ? <span className="visually-hidden"> error</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </form>
    </search>
  );
}
