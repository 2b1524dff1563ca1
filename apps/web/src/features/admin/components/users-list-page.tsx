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
import { useUsers } from '../api/list-users';
import { RowActions } from './row-actions';
import { useDeleteRow } from './use-delete-row';

const usernameOf = (user: User) => user.username;

/** /admin, User Management (docs/product/admin-screens.md, "The four lists"). */
export function UsersListPage() {
  const { can } = useAuth();
  const listState = useUrlListState();
  const users = useUsers();
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
    { key: 'limit', header: 'Max User Limit', render: (user) => user.max_user_limit ?? '-' },
    { key: 'status', header: 'Status', render: (user) => <StatusBadge value={user.status} /> },
    {
      key: 'action',
      header: 'Action',
      render: (user) => (
        <RowActions
          editTo={can('edit_admin_home') ? paths.userEdit(user.id) : undefined}
          onDelete={can('delete_admin_home') ? () => void deletion.request(user) : undefined}
          deleting={deletion.pendingId === user.id}
        />
      ),
    },
  ];

  return (
    <Page title="User Management">
      {users.isError ? (
        <LoadFailed
          what="the users"
          message={'⚠️ Failed to fetch users'}
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      ) : (
        <DataList
          label="Users"
          columns={columns}
          rows={users.data}
          rowKey={(user) => user.id}
          emptyText="No users found"
          loadingText="Loading users..."
          state={listState}
          search={{
            placeholder: 'Search users...',
            filter: (user, query) => includesText(query, usernameOf(user), user.email),
          }}
          toolbar={can('add_admin_home') ? <ButtonLink to={paths.userCreate}>Add User</ButtonLink> : null}
        />
      )}
    </Page>
  );
}
