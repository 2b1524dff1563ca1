import type { RequirementRef } from '@verdict/contract';
import { useEffect, useId, useState } from 'react';
import { InputField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { useRequirementChoices } from './requirement-api';
import './requirement-picker.css';

export interface RequirementPickerProps {
  projectId: number;
  /** The chosen requirement's id, if any. */
  chosen: number | null;
  onPick: (requirement: RequirementRef) => void;
  /** Requirements not offered (those a case already has). */
  exclude?: ReadonlySet<number>;
  label?: string;
}

/**
 * A search box for a requirement (its key or words of its title) and the first matches as radio
 * buttons: the case page's Requirements card and the bulk bar's "Link to requirement" pick with it.
 */
export function RequirementPicker({
  projectId,
  chosen,
  onPick,
  exclude,
  label = 'Find a requirement',
}: RequirementPickerProps) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const name = useId();
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const choices = useRequirementChoices(projectId, query);
  const items = (choices.data?.items ?? []).filter((item) => !exclude?.has(item.id));
  return (
    <div className="requirement-picker">
      <InputField
        label={label}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint="Its key (REQ-12) or words of its title."
        autoComplete="off"
      />
      {query === '' ? null : choices.isError ? (
        <LoadFailed what="the requirements" error={choices.error} onRetry={() => void choices.refetch()} />
      ) : !choices.data ? (
        <Loading text="Searching..." />
      ) : items.length === 0 ? (
        <p className="requirement-picker-none" role="status">
          No requirements match.
        </p>
      ) : (
        <fieldset className="requirement-picker-choices">
          <legend className="visually-hidden">Requirement</legend>
          {items.map((item) => (
            <div key={item.id} className="checkbox-field">
              <input
                type="radio"
                id={`${name}-${item.id}`}
                name={name}
                checked={chosen === item.id}
                onChange={() => onPick({ id: item.id, key: item.key, title: item.title })}
              />
              <label htmlFor={`${name}-${item.id}`}>
                <span className="requirement-picker-key">{item.key}</span> {item.title}
              </label>
            </div>
          ))}
        </fieldset>
      )}
    </div>
  );
}
