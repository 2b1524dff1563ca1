import type { Permission } from '@verdict/contract';
import { ButtonLink } from '@/components/ui/button';
import { DataList, type DataListColumn, includesText } from '@/components/ui/data-list';
import { LoadFailed } from '@/components/ui/load-failed';
import { Page } from '@/components/ui/page';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useUrlListState } from '@/lib/use-url-list-state';
import { useDeletePermission } from '../api/delete-permission';
import { usePermissions } from '../api/list-permissions';
import { RowActions } from './row-actions';
import { useDeleteRow } from './use-delete-row';

/** /admin-permissions, Permission Management (docs/product/admin-screens.md, "The four lists"). */
export function PermissionsListPage() {
  const { can } = useAuth();
  const listState = useUrlListState();
  const permissions = usePermissions();
  const deletePermission = useDeletePermission();
  const deletion = useDeleteRow<Permission>({
    nameOf: (permission) => permission.name,
    remove: (permission) => deletePermission.mutateAsync(permission.id),
    successText: (name) => `Permission "${name}" deleted successfully`,
    failureText: 'Failed to delete permission',
  });

  const columns: DataListColumn<Permission>[] = [
    { key: 'name', header: 'Permission Name', render: (permission) => permission.name },
    {
      key: 'action',
      header: 'Action',
      render: (permission) => (
        <RowActions
          editTo={can('manage_permissions_edit') ? paths.permissionEdit(permission.id) : undefined}
          onDelete={can('manage_permissions_delete') ? () => void deletion.request(permission) : undefined}
          deleting={deletion.pendingId === permission.id}
        />
      ),
    },
  ];

  return (
    <Page title="Permission Management">
      {permissions.isError ? (
        <LoadFailed
          what="the permissions"
          message={'Failed to fetch permissions'}
          error={permissions.error}
          onRetry={() => void permissions.refetch()}
        />
      ) : (
        <DataList
          label="Permissions"
          columns={columns}
          rows={permissions.data}
          rowKey={(permission) => permission.id}
          emptyText="No permissions found"
          loadingText="Loading permissions..."
          state={listState}
          search={{
            placeholder: 'Search permissions...',
            filter: (permission, query) => includesText(query, permission.name),
          }}
          toolbar={
            can('manage_permissions_add') ? (
              <ButtonLink to={paths.permissionCreate}>Add Permission</ButtonLink>
            ) : null
          }
        />
      )}
    </Page>
  );
}
