import type { User } from '@verdict/contract';
import { ButtonLink } from '@/components/ui/button';
import { DataList, type DataListColumn, includesText } from '@/components/ui/data-list';
import { LoadFailed } from '@/components/ui/load-failed';
import { Page } from '@/components/ui/page';
import { StatusBadge } from '@/components/ui/status-badge';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useUrlListState } from '@/lib/use-url-list-state';
import { useDeleteUser } from '../api/delete-user';
import { useSubUsers } from '../api/list-sub-users';
import { RowActions } from './row-actions';
import { useDeleteRow } from './use-delete-row';

const usernameOf = (user: User) => user.username;

/**
 * /sub-user-list, Sub-User Management: the sub-users of the caller's account
 * (docs/product/admin-screens.md, "The four lists").
 */
export function SubUsersListPage() {
  const { can } = useAuth();
  const listState = useUrlListState();
  const subUsers = useSubUsers();
  const deleteUser = useDeleteUser();
  const deletion = useDeleteRow<User>({
    nameOf: usernameOf,
    remove: (user) => deleteUser.mutateAsync(user.id),
    successText: (name) => `User "${name}" deleted successfully`,
    failureText: 'Failed to delete user',
  });

  const columns: DataListColumn<User>[] = [
    { key: 'username', header: 'Username', render: usernameOf },
    { key: 'email', header: 'Email', render: (user) => user.email },
    { key: 'status', header: 'Status', render: (user) => <StatusBadge value={user.status} /> },
    {
      key: 'action',
      header: 'Action',
      render: (user) => (
        <RowActions
          editTo={can('manage_sub_users_edit') ? paths.subUserEdit(user.id) : undefined}
          onDelete={can('manage_sub_users_delete') ? () => void deletion.request(user) : undefined}
          deleting={deletion.pendingId === user.id}
        />
      ),
    },
  ];

  return (
    <Page title="Sub-User Management">
      {subUsers.isError ? (
        <LoadFailed
          what="the sub-users"
          message={'Failed to fetch users'}
          error={subUsers.error}
          onRetry={() => void subUsers.refetch()}
        />
      ) : (
        <DataList
          label="Sub-users"
          columns={columns}
          rows={subUsers.data?.subUsers}
          rowKey={(user) => user.id}
          emptyText="No sub-users found"
          loadingText="Loading sub-users..."
          state={listState}
          search={{
            placeholder: 'Search sub-users...',
            filter: (user, query) => includesText(query, usernameOf(user), user.email),
          }}
          toolbar={
            can('manage_sub_users_add') ? (
              <ButtonLink to={paths.subUserCreate}>Add Sub-User</ButtonLink>
            ) : null
          }
        />
      )}
    </Page>
  );
}
