import { useId, useState } from 'react';
import { Button } from './button';
import './secret-once.css';

export interface SecretOnceProps {
  /** What the secret is, for the field's label ("Signing secret", "New API token"). */
  label: string;
  value: string;
  /** How the "could not copy" message names it ("the secret", "the token"). */
  noun: string;
  onDone: () => void;
}

/**
 * A secret shown only this once (an API token, a webhook's signing secret): read-only, selected on
 * focus, with Copy and Done. Without clipboard access (plain HTTP, an old browser) it says so and
 * the text stays selectable.
 */
export function SecretOnce({ label, value, noun, onDone }: SecretOnceProps) {
  const inputId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <>
      <div className="secret-once-row">
        <label className="visually-hidden" htmlFor={inputId}>
          {label}
        </label>
        <input
          id={inputId}
          className="input secret-once-value"
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied!' : 'Copy'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
      <p className="muted" role="status">
        {copied === 'failed' ? `Copying is not allowed here; select ${noun} and copy it yourself.` : ''}
      </p>
    </>
  );
}
