import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import type { FieldControlProps } from './form-field';

/** The keyboard and ARIA core of `SearchableSelect` and `MultiSearchableSelect`. */

export type OptionValue = string | number;

export interface ComboOption<Value extends OptionValue = OptionValue> {
  value: Value;
  label: string;
  /** Secondary text, e.g. a user's email; searched too. */
  hint?: string;
  /**
   * Readable words shown before the label, which then shows as a code beside them (a permission's
   * description before its name); searched too.
   */
  title?: string;
  /** The heading the option is listed under; options of one group must be next to each other. */
  group?: string;
}

export function filterOptions<Value extends OptionValue>(
  options: readonly ComboOption<Value>[],
  query: string,
): ComboOption<Value>[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...options];
  return options.filter(
    (option) =>
      option.label.toLowerCase().includes(needle) ||
      (option.hint ?? '').toLowerCase().includes(needle) ||
      (option.title ?? '').toLowerCase().includes(needle),
  );
}

interface ComboboxProps<Value extends OptionValue> {
  control: FieldControlProps;
  /** Options after filtering. */
  options: readonly ComboOption<Value>[];
  inputValue: string;
  onInputChange: (text: string) => void;
  isSelected: (value: Value) => boolean;
  onPick: (option: ComboOption<Value>) => void;
  /** Called on Backspace in an empty input (multi-select removes the last chip). */
  onBackspaceEmpty?: () => void;
  /** Called when focus leaves without a pick (single select restores its label). */
  onDismiss?: () => void;
  /** Keep the list open after a pick (multi-select). */
  stayOpenOnPick?: boolean;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  noOptionsText: string;
  /** Content before the input inside the box, e.g. chips. */
  before?: ReactNode;
  /** Content after the input inside the box, e.g. a clear button. */
  after?: ReactNode;
}

export function Combobox<Value extends OptionValue>({
  control,
  options,
  inputValue,
  onInputChange,
  isSelected,
  onPick,
  onBackspaceEmpty,
  onDismiss,
  stayOpenOnPick = false,
  multiple = false,
  placeholder,
  disabled,
  noOptionsText,
  before,
  after,
}: ComboboxProps<Value>) {
  const [open, setOpen] = useState(false);
  // Index of the highlighted option; -1 for none.
  const [active, setActive] = useState(-1);
  const listId = `${control.id}-listbox`;
  const optionId = (index: number) => `${control.id}-option-${index}`;
  const activeIndex = Math.min(active, options.length - 1);

  useEffect(() => {
    if (!open || activeIndex < 0) return;
    // jsdom has no scrollIntoView, hence the optional call.
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const pick = (option: ComboOption<Value>) => {
    onPick(option);
    if (!stayOpenOnPick) setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(0);
        } else setActive(Math.min(activeIndex + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        setActive(Math.max(activeIndex - 1, 0));
        break;
      case 'Home':
      case 'End':
        if (!open) break;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : options.length - 1);
        break;
      case 'Enter': {
        const option = options[activeIndex];
        if (!open || !option) break;
        // Picking must not also submit the surrounding form.
        event.preventDefault();
        pick(option);
        break;
      }
      case 'Escape':
        if (open) {
          // Only close the list, not a dialog around it.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        } else if (inputValue !== '') onInputChange('');
        break;
      case 'Backspace':
        if (inputValue === '') onBackspaceEmpty?.();
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div className={open ? 'combobox is-open' : 'combobox'}>
      <div className={disabled ? 'combobox-box input is-disabled' : 'combobox-box input'}>
        {before}
        <input
          {...control}
          className="combobox-input"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          placeholder={placeholder}
          disabled={disabled}
          value={inputValue}
          onChange={(event) => {
            onInputChange(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onClick={() => {
            if (open) return;
            // Opened by pointer: no option is active until the arrows move.
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            onDismiss?.();
          }}
        />
        {after}
      </div>
      <div
        id={listId}
        role="listbox"
        aria-multiselectable={multiple || undefined}
        className="combobox-list"
        hidden={!open}
      >
        {options.length === 0 ? (
          <div className="combobox-empty">{noOptionsText}</div>
        ) : (
          groupsOf(options).map(({ group, start, members }) => {
            const rows = members.map((option, offset) => {
              const index = start + offset;
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the input (aria-activedescendant)
                <div
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={isSelected(option.value)}
                  className={index === activeIndex ? 'combobox-option is-active' : 'combobox-option'}
                  // Keep focus in the input so the blur handler does not close the list first.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => pick(option)}
                >
                  <span className="combobox-check" aria-hidden="true">
                    {isSelected(option.value) ? '✓' : ''}
                  </span>
                  <OptionText option={option} />
                </div>
              );
            });
            if (group === undefined) return rows;
            const headingId = `${control.id}-group-${start}`;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options (ARIA), not a form's fieldset
              <div key={headingId} role="group" aria-labelledby={headingId}>
                <div id={headingId} role="presentation" className="combobox-group">
                  {group}
                </div>
                {rows}
              </div>
            );
          })
        )}
      </div>
    </div>
  );
}

/** Runs of options with the same group, each with the flat index of its first option. */
function groupsOf<Value extends OptionValue>(options: readonly ComboOption<Value>[]) {
  const runs: { group: string | undefined; start: number; members: ComboOption<Value>[] }[] = [];
  options.forEach((option, index) => {
    const last = runs.at(-1);
    if (last && last.group === option.group) last.members.push(option);
    else runs.push({ group: option.group, start: index, members: [option] });
  });
  return runs;
}

function OptionText<Value extends OptionValue>({ option }: { option: ComboOption<Value> }) {
  if (option.title) {
    return (
      <span className="combobox-titled">
        <span>{option.title}</span> <code className="combobox-code">{option.label}</code>
      </span>
    );
  }
  return (
    <span>
      {option.label}
      {option.hint ? ' ' : null}
      {option.hint ? <span className="combobox-hint">{option.hint}</span> : null}
    </span>
  );
}
