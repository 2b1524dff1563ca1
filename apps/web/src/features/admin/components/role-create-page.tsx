import { useNavigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { errorText } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { useCreateRole } from '../api/create-role';
import { RoleForm } from './role-form';

/** /admin-create-role, Create Role (docs/product/admin-screens.md, "Create Role (`/admin-create-role`)"). */
export function RoleCreatePage() {
  const navigate = useNavigate();
  const create = useCreateRole();

  return (
    <Page title="Create Role" narrow>
      <RoleForm
        submitLabel="Create Role"
        busyLabel="Creating..."
        pending={create.isPending}
        fieldErrors={fieldErrorsOf(create.error)}
        error={create.isError ? errorText(create.error, 'Failed to create role. Please try again.') : null}
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: () => navigate(paths.roles, { state: { message: 'Role created successfully!' } }),
          })
        }
      />
    </Page>
  );
}
