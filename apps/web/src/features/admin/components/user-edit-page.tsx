import type { User } from '@verdict/contract';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { SelectField } from '@/components/ui/form-field';
import { Page } from '@/components/ui/page';
import { useAuth } from '@/lib/auth';
import { fieldErrorsOf } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useEditUser } from '../api/edit-user';
import { useUser } from '../api/get-user';
import { useRoles } from '../api/list-roles';
import { namedOptions } from './option-lists';
import { RecordFallback } from './record-fallback';
import { ResetTwoFactor } from './reset-two-factor';
import { SubmitActions } from './submit-actions';
import { useLoggedError } from './use-logged-error';
import { AccountFields, MaxUserLimitField, RolesField } from './user-fields';
import { editUserBody, type UserEditValues, userEditValues } from './user-form-values';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'InActive' },
];

/**
 * /admin-edit-user/{id}: 'Loading user data...' first, then the form
 * (docs/product/admin-screens.md, "Edit User (`/admin-edit-user/{id}`)").
 */
export function UserEditPage() {
  const id = useIdParam();
  const user = useUser(id);

  if (id === null || !user.data) {
    return (
      <RecordFallback
        id={id}
        query={user}
        title="Edit User"
        failureText="Failed to load user data."
        loadingText="Loading user data..."
        kind="User"
        backTo={{ href: paths.users, label: 'Back to User Management' }}
      />
    );
  }
  return <UserEditForm id={id} user={user.data} />;
}

function UserEditForm({ id, user }: { id: number; user: User }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const roles = useRoles();
  // On the user form a failed role list is only logged.
  // docs/product/admin-screens.md, "Edit User (`/admin-edit-user/{id}`)"
  useLoggedError(roles.error, 'Failed to load roles');
  const edit = useEditUser(id);
  const self = auth.user?.id === id;
  const { register, handleSubmit, control } = useForm<UserEditValues>({
    defaultValues: userEditValues(user),
  });

  const onSubmit = handleSubmit((values) =>
    edit.mutate(editUserBody(values), {
      onSuccess: async () => {
        // Editing oneself may change one's own roles, and with them what the app shows.
        if (self) await auth.reloadPermissions();
        navigate(paths.users, { state: { message: 'User updated successfully!' } });
      },
    }),
  );

  const fieldErrors = fieldErrorsOf(edit.error);

  return (
    <Page title="Edit User" narrow>
      <form className="form" onSubmit={onSubmit}>
        <ErrorBox message={edit.error ? 'Failed to update user.' : null} error={edit.error} />
        <AccountFields
          mode="edit"
          username={register('username')}
          email={register('email')}
          password={register('password')}
          currentPassword={self ? register('currentPassword') : undefined}
          errors={fieldErrors}
        />
        <MaxUserLimitField mode="edit" error={fieldErrors.max_user_limit} {...register('maxUserLimit')} />
        <RolesField control={control} name="roleIds" options={namedOptions(roles.data, user.Roles)} />
        <SelectField label="Status" options={STATUS_OPTIONS} {...register('status')} />
        <SubmitActions
          label="Update User"
          busyLabel="Updating..."
          pending={edit.isPending}
          cancelTo={paths.users}
        />
      </form>
      {self ? null : <ResetTwoFactor userId={id} email={user.email} />}
    </Page>
  );
}
