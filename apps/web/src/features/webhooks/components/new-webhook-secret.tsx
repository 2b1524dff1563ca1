import type { WebhookCreated } from '@verdict/contract';
import { useId } from 'react';
import { SecretOnce } from '@/components/ui/secret-once';

/** The signing secret of an endpoint just added: shown this once, with a copy button. */
export function NewWebhookSecret({ created, onDone }: { created: WebhookCreated; onDone: () => void }) {
  const inputId = useId();
  return (
    <section className="webhook-secret" aria-labelledby={`${inputId}-title`}>
      <h2 className="card-title" id={`${inputId}-title`}>
        Copy the signing secret now
      </h2>
      <p className="webhook-secret-warning">
        It is not shown again. Your receiver needs it to check the <code>X-Verdict-Signature</code> header of
        each delivery to <span className="webhook-url">{created.webhook.url}</span>.
      </p>
      <SecretOnce label="Signing secret" value={created.secret} noun="the secret" onDone={onDone} />
    </section>
  );
}
