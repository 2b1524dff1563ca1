import { type KeyboardEvent, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';

interface ConfigurationsInputProps {
  names: readonly string[];
  /** What is typed in the box and not yet added. */
  typed: string;
  error?: string | undefined;
  onTyped: (text: string) => void;
  /** Adds what is typed (the form checks it first). */
  onAdd: () => void;
  onRemove: (name: string) => void;
}

/**
 * The group form's configurations (decision record 198): a text box where Enter or Add adds what
 * was typed, and the configurations as chips, each with its own "Remove {name}" button.
 */
export function ConfigurationsInput({
  names,
  typed,
  error,
  onTyped,
  onAdd,
  onRemove,
}: ConfigurationsInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds a configuration; from this box it never submits the form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onAdd();
  };
  return (
    <FormField
      label="Configurations"
      error={error}
      hint="Type a name, such as Chrome, and press Enter to add it."
    >
      {(control) => (
        <div className="configuration-input">
          {names.length > 0 ? (
            <ul className="configuration-chips" aria-label="Configurations in this group">
              {names.map((name) => (
                <li key={name.toLowerCase()} className="chip">
                  {name}
                  <button
                    type="button"
                    className="chip-remove"
                    aria-label={`Remove ${name}`}
                    onClick={() => {
                      onRemove(name);
                      // The chip and its button go; the box is where the next name is typed.
                      input.current?.focus();
                    }}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="configuration-add">
            <input
              {...control}
              ref={input}
              className="input"
              type="text"
              autoComplete="off"
              value={typed}
              onChange={(event) => onTyped(event.target.value)}
              onKeyDown={onKeyDown}
            />
            <Button variant="secondary" onClick={onAdd} aria-label="Add configuration">
              Add
            </Button>
          </div>
        </div>
      )}
    </FormField>
  );
}
