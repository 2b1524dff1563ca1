import type { ApiTokenCreated } from '@verdict/contract';
import { LIMITS } from '@verdict/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/form-field';
import { errorText } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useCreateApiToken } from '../api/create-api-token';

export interface CreateApiTokenFormProps {
  onCreated: (created: ApiTokenCreated) => void;
}

/** Names and creates a token; the parent shows the secret from the answer. */
export function CreateApiTokenForm({ onCreated }: CreateApiTokenFormProps) {
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useCreateApiToken();

  return (
    <form
      className="form api-token-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = name.trim();
        if (!trimmed) {
          setInvalid('Token name is required');
          return;
        }
        setInvalid(null);
        create.mutate(
          { name: trimmed },
          {
            onSuccess: (created) => {
              setName('');
              onCreated(created);
            },
          },
        );
      }}
    >
      <ErrorBox message={create.isError ? errorText(create.error, 'Failed to create API token') : null} />
      <div className="api-token-form-row">
        <InputField
          label="Token name"
          placeholder="e.g. GitHub Actions"
          hint="Say where it is used, so you know what stops working if you revoke it."
          maxLength={LIMITS.nameMax}
          value={name}
          // The form checks the name itself (noValidate), so the mark comes from aria-required.
          aria-required
          error={invalid ?? fieldErrorsOf(create.error).name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" busy={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Token'}
        </Button>
      </div>
    </form>
  );
}
