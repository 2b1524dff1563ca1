import type { Permission } from '@verdict/contract';
import { useNavigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { errorText } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { usePermission } from '../api/get-permission';
import { useUpdatePermission } from '../api/update-permission';
import { PermissionForm } from './permission-form';
import { RecordFallback } from './record-fallback';

/**
 * /admin-edit-permission/{id}: 'Loading permission...', then Name and Description
 * (docs/product/admin-screens.md, "Edit Permission (`/admin-edit-permission/{id}`)").
 */
export function PermissionEditPage() {
  const id = useIdParam();
  const permission = usePermission(id);

  if (id === null || !permission.data) {
    return (
      <RecordFallback
        id={id}
        query={permission}
        title="Edit Permission"
        failureText="Failed to fetch permission details."
        loadingText="Loading permission..."
        kind="Permission"
        backTo={{ href: paths.permissions, label: 'Back to Permission Management' }}
      />
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
        fieldErrors={fieldErrorsOf(update.error)}
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
