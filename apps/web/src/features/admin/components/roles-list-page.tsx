import type { Role } from '@verdict/contract';
import { ButtonLink } from '@/components/ui/button';
import { DataList, type DataListColumn, includesText } from '@/components/ui/data-list';
import { LoadFailed } from '@/components/ui/load-failed';
import { Page } from '@/components/ui/page';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useUrlListState } from '@/lib/use-url-list-state';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/list-roles';
import { RowActions } from './row-actions';
import { useDeleteRow } from './use-delete-row';

/** /admin-roles, Role Management (docs/product/admin-screens.md, "The four lists"). */
export function RolesListPage() {
  const { can } = useAuth();
  const listState = useUrlListState();
  const roles = useRoles();
  const deleteRole = useDeleteRole();
  const deletion = useDeleteRow<Role>({
    nameOf: (role) => role.name,
    remove: (role) => deleteRole.mutateAsync(role.id),
    successText: (name) => `Role "${name}" deleted successfully`,
    failureText: 'Failed to delete role',
  });

  const columns: DataListColumn<Role>[] = [
    { key: 'name', header: 'Role Name', render: (role) => role.name },
    {
      key: 'action',
      header: 'Action',
      render: (role) => (
        <RowActions
          editTo={can('manage_roles_edit') ? paths.roleEdit(role.id) : undefined}
          onDelete={can('manage_roles_delete') ? () => void deletion.request(role) : undefined}
          deleting={deletion.pendingId === role.id}
        />
      ),
    },
  ];

  return (
    <Page title="Role Management">
      {roles.isError ? (
        <LoadFailed
          what="the roles"
          message={'Failed to fetch roles'}
          error={roles.error}
          onRetry={() => void roles.refetch()}
        />
      ) : (
        <DataList
          label="Roles"
          columns={columns}
          rows={roles.data}
          rowKey={(role) => role.id}
          emptyText="No roles found"
          loadingText="Loading roles..."
          state={listState}
          search={{ placeholder: 'Search roles...', filter: (role, query) => includesText(query, role.name) }}
          toolbar={can('manage_roles_add') ? <ButtonLink to={paths.roleCreate}>Add Role</ButtonLink> : null}
        />
      )}
    </Page>
  );
}
