import { COMMENT_LIMITS, type UserRef } from '@verdict/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { useMentionable } from './comments-api';

/**
 * The `@name` being typed just before the caret: what the picker searches for, and where it
 * starts; null when the caret is not in one. The rule is the server's (MENTION_PATTERN): the `@`
 * starts the text or follows a character that cannot be part of a name.
 */
export function mentionAtCaret(text: string, caret: number): { query: string; start: number } | null {
  const match = /(?:^|[^\p{L}\p{N}._@-])@([\p{L}\p{N}._-]*)$/u.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1]!;
  return { query, start: caret - query.length - 1 };
}

export interface MentionTextareaProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** The project whose people the picker offers. */
  projectId: number;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
  /** Ctrl+Enter (⌘+Enter): send the text. */
  onSubmit?: () => void;
  autoFocus?: boolean;
}

/**
 * A Markdown text box whose `@` opens a list of the people who can see the project
 * (docs/product/comments-screens.md). The pattern of the other pickers: focus stays in the box,
 * ↑ and ↓ move through the list (`aria-activedescendant`), Enter or Tab picks, Escape closes it.
 */
export function MentionTextarea({
  label,
  value,
  onChange,
  projectId,
  hint,
  error,
  disabled,
  onSubmit,
  autoFocus,
}: MentionTextareaProps) {
  const box = useRef<HTMLTextAreaElement | null>(null);
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // Escape closes the list until the mention being typed changes.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const mention = disabled ? null : mentionAtCaret(value, caret);
  const people = useMentionable(projectId, mention?.query ?? null);
  const options: UserRef[] = mention ? (people.data ?? []) : [];
  const open = mention !== null && dismissedAt !== mention.start && options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;
  // Where the caret must go once React has put the picked name in the box.
  const pendingCaret = useRef<number | null>(null);

  useEffect(() => {
    if (pendingCaret.current === null || !box.current) return;
    box.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const readCaret = () => setCaret(box.current?.selectionStart ?? 0);

  const pick = (person: UserRef) => {
    if (!mention) return;
    const before = value.slice(0, mention.start);
    const after = value.slice(caret).replace(/^\S*/, '');
    const inserted = `@${person.username} `;
    const text = `${before}${inserted}${after}`;
    pendingCaret.current = before.length + inserted.length;
    setCaret(pendingCaret.current);
    onChange(text);
    box.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && onSubmit) {
      event.preventDefault();
      onSubmit();
      return;
    }
    if (!open) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((activeIndex + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((activeIndex - 1 + options.length) % options.length);
        break;
      case 'Enter':
      case 'Tab': {
        const person = options[activeIndex];
        if (!person) break;
        event.preventDefault();
        pick(person);
        break;
      }
      case 'Escape':
        // Only close the list, not a dialog around it.
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(mention.start);
        break;
    }
  };

  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <div className="mention-box">
          <textarea
            {...control}
            ref={box}
            className="input textarea"
            rows={3}
            value={value}
            maxLength={COMMENT_LIMITS.bodyMax}
            disabled={disabled}
            // biome-ignore lint/a11y/noAutofocus: the edit box opens where the comment was, on request
            autoFocus={autoFocus}
            aria-autocomplete="list"
            aria-controls={open ? listId : undefined}
            aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            onChange={(event) => {
              setCaret(event.target.selectionStart ?? event.target.value.length);
              setActive(0);
              if (dismissedAt !== null) setDismissedAt(null);
              onChange(event.target.value);
            }}
            onSelect={readCaret}
            onKeyDown={onKeyDown}
            onBlur={() => mention && setDismissedAt(mention.start)}
            onFocus={() => setDismissedAt(null)}
          />
          {open ? (
            <div id={listId} role="listbox" aria-label="People to mention" className="combobox-list">
              {options.map((person, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the box (aria-activedescendant)
                <div
                  key={person.id}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === activeIndex}
                  className={index === activeIndex ? 'combobox-option is-active' : 'combobox-option'}
                  // Keep focus in the box so its blur does not close the list first.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => pick(person)}
                >
                  @{person.username}
                </div>
              ))}
            </div>
          ) : null}
          <p className="visually-hidden" aria-live="polite">
            {open ? `${options.length} ${options.length === 1 ? 'person' : 'people'} to mention` : ''}
          </p>
        </div>
      )}
    </FormField>
  );
}
