import { type KeyboardEvent, useRef, useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { useCaseTagSuggestions } from '../api/case-tags';
import { addTags } from '../case-content';

interface TagInputProps {
  projectId: number | null | undefined;
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string | null | undefined;
}

/**
 * The case forms' tags (docs/decisions/127-rich-case-screens.md): Enter or a comma adds what was
 * typed, Backspace in the empty box removes the last tag, each tag a chip with its own 'Remove
 * tag x' button; the project's tags starting with the typed text are offered as a listbox the
 * arrows move through (focus stays in the box, aria-activedescendant names the option).
 */
export function TagInput({ projectId, tags, onChange, error }: TagInputProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const query = text.trim().toLowerCase();
  const suggestions = useCaseTagSuggestions(open ? projectId : null, query);
  const options = (suggestions.data ?? []).filter((tag) => !tags.includes(tag));
  const activeIndex = Math.min(active, options.length - 1);

  const add = (raw: string) => {
    const next = addTags(tags, raw);
    if (next.length !== tags.length) onChange(next);
    setText('');
    setActive(-1);
  };

  return (
    <FormField label="Tags" error={error} hint="Enter or a comma adds a tag.">
      {(control) => {
        const listId = `${control.id}-suggestions`;
        const optionId = (index: number) => `${control.id}-suggestion-${index}`;
        const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
          const showing = open && options.length > 0;
          switch (event.key) {
            case 'ArrowDown':
              event.preventDefault();
              setOpen(true);
              setActive(showing ? Math.min(activeIndex + 1, options.length - 1) : 0);
              break;
            case 'ArrowUp':
              event.preventDefault();
              if (showing) setActive(Math.max(activeIndex - 1, -1));
              break;
            case 'Enter':
            case ',': {
              const option = showing && activeIndex >= 0 ? options[activeIndex] : undefined;
              if (option === undefined && text.trim() === '') {
                // An empty Enter adds nothing, and must not submit the form either.
                if (event.key === 'Enter') event.preventDefault();
                break;
              }
              event.preventDefault();
              add(option ?? text);
              break;
            }
            case 'Backspace':
              if (text === '' && tags.length > 0) onChange(tags.slice(0, -1));
              break;
            case 'Escape':
              if (open) {
                event.preventDefault();
                event.stopPropagation();
                setOpen(false);
              }
              break;
          }
        };
        return (
          <div className={open && options.length > 0 ? 'combobox is-open' : 'combobox'}>
            <div className="combobox-box input">
              <ul className="tag-chips" aria-label="Tags of this case">
                {tags.map((tag) => (
                  <li key={tag} className="chip">
                    {tag}
                    <button
                      type="button"
                      className="chip-remove"
                      aria-label={`Remove tag ${tag}`}
                      onClick={() => {
                        onChange(tags.filter((t) => t !== tag));
                        // The chip and its button go away; the box is where the next tag is typed.
                        input.current?.focus();
                      }}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
              <input
                {...control}
                ref={input}
                className="combobox-input"
                type="text"
                role="combobox"
                autoComplete="off"
                aria-autocomplete="list"
                aria-expanded={open && options.length > 0}
                aria-controls={listId}
                aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
                value={text}
                onChange={(event) => {
                  const value = event.target.value;
                  // A pasted "a, b" adds every tag before its last comma.
                  if (value.includes(',')) {
                    const cut = value.lastIndexOf(',');
                    onChange(addTags(tags, value.slice(0, cut)));
                    setText(value.slice(cut + 1));
                  } else setText(value);
                  setOpen(true);
                  setActive(-1);
                }}
                onFocus={() => setOpen(true)}
                onKeyDown={onKeyDown}
                onBlur={() => {
                  setOpen(false);
                  // A tag typed but not yet added is not lost when the person moves on.
                  if (text.trim() !== '') add(text);
                }}
              />
            </div>
            <div
              id={listId}
              role="listbox"
              aria-label="Suggested tags"
              className="combobox-list"
              hidden={!open || options.length === 0}
            >
              {options.map((tag, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the input (aria-activedescendant)
                <div
                  key={tag}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === activeIndex}
                  className={index === activeIndex ? 'combobox-option is-active' : 'combobox-option'}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => add(tag)}
                >
                  {tag}
                </div>
              ))}
            </div>
          </div>
        );
      }}
    </FormField>
  );
}
