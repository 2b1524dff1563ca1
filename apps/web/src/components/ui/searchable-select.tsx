import { useMemo, useState } from 'react';
import { Combobox, type ComboOption, filterOptions, type OptionValue } from './combobox';
import { FormField } from './form-field';

export type { ComboOption, OptionValue } from './combobox';

interface SelectBaseProps<Value extends OptionValue> {
  /** Visible `<label>`, tied to the input. */
  label: string;
  options: readonly ComboOption<Value>[];
  placeholder?: string;
  /** Shown in the list when the search matches nothing. Default 'No matches'. */
  noOptionsText?: string;
  error?: string | null;
  hint?: string;
  disabled?: boolean;
  id?: string;
}

export interface SearchableSelectProps<Value extends OptionValue> extends SelectBaseProps<Value> {
  value: Value | null;
  onChange: (value: Value | null) => void;
  /** Show a button that clears the choice. Default true. */
  clearable?: boolean;
}

/**
 * A searchable single pick (ARIA combobox + listbox): type to filter case-insensitively,
 * arrows to move, Enter to pick, Escape to close. Used for user and role pickers.
 */
export function SearchableSelect<Value extends OptionValue>({
  label,
  options,
  value,
  onChange,
  placeholder = 'Search...',
  noOptionsText = 'No matches',
  clearable = true,
  error,
  hint,
  disabled,
  id,
}: SearchableSelectProps<Value>) {
  // null while the user is not typing: the input then shows the chosen option's label.
  const [query, setQuery] = useState<string | null>(null);
  const selected = options.find((option) => option.value === value);
  const shown = useMemo(() => filterOptions(options, query ?? ''), [options, query]);

  return (
    <FormField label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <Combobox
          control={control}
          options={shown}
          inputValue={query ?? selected?.label ?? ''}
          onInputChange={setQuery}
          isSelected={(optionValue) => optionValue === value}
          onPick={(option) => {
            onChange(option.value);
            setQuery(null);
          }}
          onDismiss={() => setQuery(null)}
          placeholder={placeholder}
          disabled={disabled}
          noOptionsText={noOptionsText}
          after={
            clearable && selected && !disabled ? (
              <button
                type="button"
                className="combobox-clear"
                aria-label={`Clear ${label}`}
                onClick={() => {
                  onChange(null);
                  setQuery(null);
                }}
              >
                ×
              </button>
            ) : null
          }
        />
      )}
    </FormField>
  );
}

export interface MultiSearchableSelectProps<Value extends OptionValue> extends SelectBaseProps<Value> {
  value: readonly Value[];
  onChange: (values: Value[]) => void;
}

/**
 * A searchable multi pick: chosen options show as removable chips; picking an option toggles
 * it and keeps the list open; Backspace in the empty input removes the last chip.
 */
export function MultiSearchableSelect<Value extends OptionValue>({
  label,
  options,
  value,
  onChange,
  placeholder = 'Search...',
  noOptionsText = 'No matches',
  error,
  hint,
  disabled,
  id,
}: MultiSearchableSelectProps<Value>) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterOptions(options, query), [options, query]);
  const chosen = new Set<Value>(value);
  const labelOf = (v: Value) => options.find((option) => option.value === v)?.label ?? String(v);

  const toggle = (v: Value) => onChange(chosen.has(v) ? value.filter((item) => item !== v) : [...value, v]);

  return (
    <FormField label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <Combobox
          control={control}
          multiple
          stayOpenOnPick
          options={shown}
          inputValue={query}
          onInputChange={setQuery}
          isSelected={(optionValue) => chosen.has(optionValue)}
          onPick={(option) => {
            toggle(option.value);
            setQuery('');
          }}
          onBackspaceEmpty={() => {
            if (value.length > 0) onChange(value.slice(0, -1));
          }}
          placeholder={value.length === 0 ? placeholder : undefined}
          disabled={disabled}
          noOptionsText={noOptionsText}
          before={value.map((v) => (
            <span key={v} className="chip">
              {labelOf(v)}
              {disabled ? null : (
                <button
                  type="button"
                  className="chip-remove"
                  aria-label={`Remove ${labelOf(v)}`}
                  onClick={() => toggle(v)}
                >
                  ×
                </button>
              )}
            </span>
          ))}
        />
      )}
    </FormField>
  );
}
