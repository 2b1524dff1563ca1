import type { ApiToken } from '@verdict/contract';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataList, includesText } from '@/components/ui/data-list';
import { useToast } from '@/components/ui/toast';
import { errorText } from '@/lib/api-client';
import { focusPageHeading } from '@/lib/focus-heading';
import { formatDateTime } from '@/lib/format-date';
import { useUrlListState } from '@/lib/use-url-list-state';
import { useApiTokens } from '../api/list-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';

/** The signed-in user's tokens: name, the first characters, when made and last used; revoke. */
export function ApiTokensList() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const confirm = useConfirm();
  const { show } = useToast();
  const listState = useUrlListState();

  const onRevoke = async (token: ApiToken) => {
    const confirmed = await confirm({
      text: `Do you really want to revoke the token "${token.name}"? Anything that uses it stops working at once.`,
      confirmLabel: 'Yes, Revoke',
    });
    if (!confirmed) return;
    revoke.mutate(token.id, {
      onSuccess: () => {
        show(`API token "${token.name}" revoked`);
        // The focused Revoke button went with its row (docs/product/errors-and-keyboard.md, "Focus").
        focusPageHeading();
      },
      onError: (error) => show(errorText(error, 'Failed to revoke API token'), 'error'),
    });
  };

  return (
    <DataList<ApiToken>
      label="API tokens"
      rows={tokens.data}
      loading={tokens.isPending}
      error={tokens.isError ? errorText(tokens.error, 'Failed to fetch API tokens') : null}
      onRetry={() => void tokens.refetch()}
      rowKey={(token) => token.id}
      emptyText="No API tokens yet"
      state={listState}
      search={{
        placeholder: 'Search tokens...',
        filter: (token, query) => includesText(query, token.name, token.prefix),
      }}
      columns={[
        { key: 'name', header: 'Name', render: (token) => token.name },
        { key: 'prefix', header: 'Token', render: (token) => <code>{token.prefix}…</code> },
        { key: 'created', header: 'Created', render: (token) => formatDateTime(token.created_at) },
        { key: 'used', header: 'Last used', render: (token) => formatDateTime(token.last_used_at) },
        {
          key: 'action',
          header: 'Action',
          render: (token) => (
            <div className="table-actions">
              <Button
                variant="danger"
                size="sm"
                busy={revoke.isPending && revoke.variables === token.id}
                onClick={() => void onRevoke(token)}
              >
                Revoke
              </Button>
            </div>
          ),
        },
      ]}
    />
  );
}
