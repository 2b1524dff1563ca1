import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { missingPermission } from '@/components/ui/access-denied';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { errorText } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useAuditLog, useAuditUsers } from '../api/list-audit-log';
import { type AuditFilters, filtersFromParams, filtersToParams, hasFilters } from '../audit-filters';
import { AuditLogFilters } from './audit-log-filters';
import { AuditLogTable } from './audit-log-table';
import './audit-log.css';

const TITLE = 'Audit Log';
const SUBTITLE = 'Who changed what, and when: every change and every sign-in, newest first';

/**
 * /admin-audit-log (docs/product/audit-log.md): the audit log, newest first, with search,
 * filters kept in the address, and 'Load more' along the server's cursor. Without
 * view_audit_log it says so instead (the server refuses the call anyway).
 */
export function AuditLogPage() {
  const { can } = useAuth();
  const allowed = can('view_audit_log');
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const log = useAuditLog(filters, allowed);
  const mayListUsers = allowed && (can('view_admin_home') || can('add_user_in_project'));
  const users = useAuditUsers(mayListUsers);
  // Without the user list (or when it fails), the user filter is an id field.
  const userChoices = mayListUsers && !users.isError ? (users.data ?? []) : undefined;
  const onChange = useCallback(
    (next: AuditFilters) => setParams(filtersToParams(next), { replace: true }),
    [setParams],
  );

  if (!allowed) {
    return (
      <Page title={TITLE} subtitle={SUBTITLE}>
        <ErrorBox message='You do not have the permission "view_audit_log" to see the audit log.' />
      </Page>
    );
  }

  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const firstPageFailed = log.isError && !log.data && missingPermission(log.error) === null;
  return (
    <Page title={TITLE} subtitle={SUBTITLE}>
      <div className="audit-log">
        <AuditLogFilters filters={filters} onChange={onChange} users={userChoices} />
        {firstPageFailed ? (
          // A first page that failed is no empty log (docs/product/errors-and-keyboard.md); a
          // refusal keeps the server's words, without Retry, as docs/product/audit-log.md says.
          <LoadFailed
            what="the audit log"
            message={errorText(log.error, 'Failed to load the audit log')}
            onRetry={() => void log.refetch()}
            error={undefined}
          />
        ) : (
          <ErrorBox message={log.isError ? errorText(log.error, 'Failed to load the audit log') : null} />
        )}
        {log.isError && !log.data ? null : log.isPending ? (
          <Loading text="Loading audit log..." />
        ) : (
          <AuditLogTable
            entries={entries}
            empty={hasFilters(filters) ? 'No audit entries match these filters' : 'No audit entries yet'}
          />
        )}
        {log.data ? (
          <div className="data-list-footer audit-footer">
            <p className="data-list-showing" aria-live="polite">
              {entries.length === 0
                ? ''
                : `Showing ${entries.length.toLocaleString()} ${entries.length === 1 ? 'entry' : 'entries'}${log.hasNextPage ? '' : ' (the end of the log)'}`}
            </p>
            {log.hasNextPage ? (
              <Button
                variant="secondary"
                busy={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                {log.isFetchingNextPage ? 'Loading more...' : 'Load more'}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </Page>
  );
}
