import type { ApiTokenCreated } from '@verdict/contract';
import { useState } from 'react';
import { Card, Page } from '@/components/ui/page';
import { ApiTokensList } from '@/features/api-tokens/components/api-tokens-list';
import { CreateApiTokenForm } from '@/features/api-tokens/components/create-api-token-form';
import { NewApiTokenSecret } from '@/features/api-tokens/components/new-api-token-secret';
import { TwoFactorCard } from '@/features/two-factor/components/two-factor-card';
import '@/features/api-tokens/components/api-tokens.css';

/**
 * /api-tokens: the signed-in user's personal API tokens for CI and scripts (features/api-tokens)
 * and, beside them, their own two-factor authentication (features/two-factor). A token acts with
 * its owner's permissions; only a hash is stored, so the secret is shown once, at creation.
 */
export function ApiTokensPage() {
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  return (
    <Page
      title="API Tokens"
      subtitle="Tokens let CI jobs and scripts call Verdict as you, with your permissions."
      card={false}
    >
      <Card title={created ? undefined : 'Create a token'}>
        {created ? (
          <NewApiTokenSecret created={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateApiTokenForm onCreated={setCreated} />
        )}
      </Card>
      <Card title="Your tokens">
        <ApiTokensList />
      </Card>
      {/* The reader's own sign-in, next to their tokens (docs/product/two-factor.md). */}
      <TwoFactorCard />
    </Page>
  );
}
