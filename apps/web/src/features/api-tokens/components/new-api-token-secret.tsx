import type { ApiTokenCreated } from '@verdict/contract';
import { useId } from 'react';
import { SecretOnce } from '@/components/ui/secret-once';

export interface NewApiTokenSecretProps {
  created: ApiTokenCreated;
  onDone: () => void;
}

/** The secret of a token just made: shown this once, with a copy button. */
export function NewApiTokenSecret({ created, onDone }: NewApiTokenSecretProps) {
  const inputId = useId();
  return (
    <section className="api-token-secret" aria-labelledby={`${inputId}-title`}>
      <h2 className="card-title" id={`${inputId}-title`}>
        Copy your new token “{created.apiToken.name}” now
      </h2>
      <p className="muted">It is not shown again: Verdict keeps only a fingerprint of it.</p>
      <SecretOnce label="New API token" value={created.token} noun="the token" onDone={onDone} />
      <p className="api-token-usage">
        Send it as <code>Authorization: Bearer &lt;token&gt;</code>, or upload test results from CI with{' '}
        <code>npx verdict-import --token &lt;token&gt;</code>.
      </p>
    </section>
  );
}
