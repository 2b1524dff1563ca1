import { useNavigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { errorText } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { useCreatePermission } from '../api/create-permission';
import { PermissionForm } from './permission-form';

/**
 * /admin-create-permission
 * (docs/product/admin-screens.md, "Create Permission (`/admin-create-permission`)").
 */
export function PermissionCreatePage() {
  const navigate = useNavigate();
  const create = useCreatePermission();

  return (
    <Page title="Create Permission" narrow>
      <PermissionForm
        submitLabel="Create Permission"
        busyLabel="Creating..."
        pending={create.isPending}
        fieldErrors={fieldErrorsOf(create.error)}
        error={
          create.isError ? errorText(create.error, 'Failed to create permission. Please try again.') : null
        }
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: () =>
              navigate(paths.permissions, { state: { message: 'Permission created successfully!' } }),
          })
        }
      />
    </Page>
  );
}
