import type { Permission } from '@verdict/contract';
import { useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { errorText } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { usePermission } from '../api/get-permission';
import { useUpdatePermission } from '../api/update-permission';
import { PermissionForm } from './permission-form';

/**
 * /admin-edit-permission/{id}: 'Loading permission...', then Name and Description
 * (docs/product/admin-screens.md, "Edit Permission (`/admin-edit-permission/{id}`)").
 */
export function PermissionEditPage() {
  const id = useIdParam();
  const permission = usePermission(id);

  if (id === null || permission.isError) {
    return (
      <Page title="Edit Permission" narrow>
        <ErrorBox message="Failed to fetch permission details." />
      </Page>
    );
  }
  if (!permission.data) {
    return (
      <Page title="Edit Permission" narrow>
        <Loading text="Loading permission..." />
      </Page>
    );
  }
  return <PermissionEditForm id={id} permission={permission.data} />;
}

function PermissionEditForm({ id, permission }: { id: number; permission: Permission }) {
  const navigate = useNavigate();
  const update = useUpdatePermission(id);

  return (
    <Page title="Edit Permission" narrow>
      <PermissionForm
        initial={{ name: permission.name, description: permission.description ?? '' }}
        submitLabel="Update Permission"
        busyLabel="Updating..."
        pending={update.isPending}
        error={
          update.isError ? errorText(update.error, 'Failed to update permission. Please try again.') : null
        }
        onSubmit={(body) =>
          update.mutate(body, {
            onSuccess: () =>
              navigate(paths.permissions, { state: { message: 'Permission updated successfully!' } }),
          })
        }
      />
    </Page>
  );
}
