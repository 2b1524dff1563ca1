import type { Role } from '@verdict/contract';
import { useNavigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { errorText } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { fieldErrorsOf } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useRole } from '../api/get-role';
import { useUpdateRole } from '../api/update-role';
import { RecordFallback } from './record-fallback';
import { RoleForm } from './role-form';

/**
 * /admin-edit-role/{id}, Edit Role: loads name, description and Permissions
 * (docs/product/admin-screens.md, "Edit Role (`/admin-edit-role/{id}`)").
 */
export function RoleEditPage() {
  const id = useIdParam();
  const role = useRole(id);

  if (id === null || !role.data) {
    return (
      <RecordFallback
        id={id}
        query={role}
        title="Edit Role"
        failureText="Could not load role details."
        loadingText="Loading role..."
        kind="Role"
        backTo={{ href: paths.roles, label: 'Back to Role Management' }}
      />
    );
  }
  return <RoleEditForm id={id} role={role.data} />;
}

function RoleEditForm({ id, role }: { id: number; role: Role }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const update = useUpdateRole(id);
  const held = role.Permissions ?? [];

  return (
    <Page title="Edit Role" narrow>
      <RoleForm
        initial={{
          name: role.name,
          description: role.description ?? '',
          permissionIds: held.map((permission) => permission.id),
        }}
        heldPermissions={held}
        submitLabel="Update Role"
        busyLabel="Updating..."
        pending={update.isPending}
        fieldErrors={fieldErrorsOf(update.error)}
        error={update.isError ? errorText(update.error, 'Failed to update role. Please try again.') : null}
        onSubmit={(body) =>
          update.mutate(body, {
            onSuccess: async () => {
              // The signed-in user's own permissions change with a role they hold.
              if (auth.user?.roleIds.includes(id)) await auth.reloadPermissions();
              navigate(paths.roles, { state: { message: 'Role updated successfully!' } });
            },
          })
        }
      />
    </Page>
  );
}
