import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/page';
import { caseSearchHref } from '../search-address';
import { useSearchKey } from '../use-search-key';
import './case-search.css';

/**
 * The project page's 'Search Test Cases' card: a search box that opens Search Test Cases with
 * the query; '/' jumps to it from anywhere on the page (docs/product/search-screens.md).
 */
export function ProjectSearchBox({ projectId }: { projectId: number }) {
  const inputId = useId();
  const hintId = useId();
  const box = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const navigate = useNavigate();
  useSearchKey(box);
  return (
    <Card title="Search Test Cases">
      <search>
        <form
          className="case-search-form"
          onSubmit={(event) => {
            event.preventDefault();
            void navigate(caseSearchHref(projectId, text));
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
              aria-describedby={hintId}
              aria-keyshortcuts="/"
              onChange={(event) => setText(event.target.value)}
            />
            <Button type="submit">Search</Button>
          </div>
          <p id={hintId} className="form-hint">
            Words, "phrases", tag:smoke, priority:high, status:failed and more. Press / to jump here.
          </p>
        </form>
      </search>
    </Card>
  );
}
