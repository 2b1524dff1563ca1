import { useEffect, useId, useState } from 'react';
import { InputField } from '@/components/ui/form-field';
import { Loading } from '@/components/ui/loading';
import { useParentChoices } from '../api/bulk-api';
import { problemLines } from '../bulk-text';

/** A search box for the parent case and the first matches as radio buttons. */
export function ParentPicker({
  projectId,
  parent,
  onPick,
}: {
  projectId: number;
  parent: number | null;
  onPick: (id: number) => void;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const name = useId();
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const choices = useParentChoices(projectId, query);
  return (
    <div className="bulk-parent">
      <InputField
        label="Find the parent case"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint="Words of its name, or the search language (tag:smoke)."
        autoComplete="off"
      />
      {query === '' ? null : choices.isError ? (
        <p className="form-error">{problemLines(choices.error).join(' ')}</p>
      ) : !choices.data ? (
        <Loading text="Searching..." />
      ) : choices.data.items.length === 0 ? (
        <p className="bulk-hint" role="status">
          No cases match.
        </p>
      ) : (
        <fieldset className="bulk-choices">
          <legend className="visually-hidden">Parent case</legend>
          {choices.data.items.map((hit) => {
            const above = [...(hit.suite_name === null ? [] : [hit.suite_name]), ...hit.ancestors];
            return (
              <div key={hit.id} className="checkbox-field">
                <input
                  type="radio"
                  id={`${name}-${hit.id}`}
                  name={name}
                  checked={parent === hit.id}
                  onChange={() => onPick(hit.id)}
                />
                <label htmlFor={`${name}-${hit.id}`}>
                  {above.length > 0 ? <span className="muted">{`${above.join(' › ')} ›`}</span> : null}
                  {above.length > 0 ? ` ${hit.name}` : hit.name}
                </label>
              </div>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
