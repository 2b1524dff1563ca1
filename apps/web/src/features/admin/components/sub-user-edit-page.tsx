import type { User } from '@verdict/contract';
import { useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { useAuth } from '@/lib/auth';
import { fieldErrorsOf } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useUser } from '../api/get-user';
import { useUpdateSubUser } from '../api/update-sub-user';
import { RecordFallback } from './record-fallback';
import { SubUserForm } from './sub-user-form';
import { subUserValues, updateSubUserBody } from './user-form-values';

/**
 * /admin-edit-subuser/{id}: loads the sub-user, then Username, Email, Password, Roles
 * (docs/product/admin-screens.md, "Edit Sub-User (`/admin-edit-subuser/{id}`)").
 */
export function SubUserEditPage() {
  const id = useIdParam();
  const user = useUser(id);

  if (id === null || !user.data) {
    return (
      <RecordFallback
        id={id}
        query={user}
        title="Edit Sub-User"
        failureText="Failed to load sub-user data."
        loadingText="Loading user data..."
        kind="Sub-user"
        backTo={{ href: paths.subUsers, label: 'Back to Sub-User Management' }}
      />
    );
  }
  return <SubUserEditForm id={id} user={user.data} />;
}

function SubUserEditForm({ id, user }: { id: number; user: User }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const update = useUpdateSubUser(id);

  return (
    <Page title="Edit Sub-User" narrow>
      <SubUserForm
        mode="edit"
        self={auth.user?.id === id}
        initial={subUserValues(user)}
        heldRoles={user.Roles}
        rolesErrorText="Failed to load roles"
        pending={update.isPending}
        fieldErrors={fieldErrorsOf(update.error)}
        error={<ErrorBox message={update.error ? 'Failed to update sub-user.' : null} error={update.error} />}
        onSubmit={(values) =>
          update.mutate(updateSubUserBody(values), {
            onSuccess: async () => {
              if (auth.user?.id === id) await auth.reloadPermissions();
              navigate(paths.subUsers, { state: { message: 'Sub-user updated successfully!' } });
            },
          })
        }
      />
    </Page>
  );
}
