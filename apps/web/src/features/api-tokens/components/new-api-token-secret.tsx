import type { ApiTokenCreated } from '@verdict/contract';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';

export interface NewApiTokenSecretProps {
  created: ApiTokenCreated;
  onDone: () => void;
}

/** The secret of a token just made: shown this once, with a copy button. */
export function NewApiTokenSecret({ created, onDone }: NewApiTokenSecretProps) {
  const inputId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied('yes');
    } catch {
      // Without clipboard access (plain HTTP, old browser) the text stays selectable.
      setCopied('failed');
    }
  };

  return (
    <section className="api-token-secret" aria-labelledby={`${inputId}-title`}>
      <h2 className="card-title" id={`${inputId}-title`}>
        Copy your new token “{created.apiToken.name}” now
      </h2>
      <p className="muted">It is not shown again: Verdict keeps only a fingerprint of it.</p>
      <div className="api-token-secret-row">
        <label className="visually-hidden" htmlFor={inputId}>
          New API token
        </label>
        <input
          id={inputId}
          className="input api-token-secret-value"
          readOnly
          value={created.token}
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
        {copied === 'failed' ? 'Copying is not allowed here; select the token and copy it yourself.' : ''}
      </p>
      <p className="api-token-usage">
        Send it as <code>Authorization: Bearer &lt;token&gt;</code>, or upload test results from CI with{' '}
        <code>npx verdict-import --token &lt;token&gt;</code>.
      </p>
    </section>
  );
}
