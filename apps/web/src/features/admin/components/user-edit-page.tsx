import { LIMITS } from '@verdict/contract';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions, InputField, SelectField } from '@/components/ui/form-field';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { MultiSearchableSelect } from '@/components/ui/searchable-select';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useEditUser } from '../api/edit-user';
import { type UserAnswer, useUser } from '../api/get-user';
import { useRoles } from '../api/list-roles';
import { namedOptions } from './option-lists';
import { UpdateErrorBox } from './update-error-box';
import { useLoggedError } from './use-logged-error';
import { editUserBody, type UserEditValues, userEditValues } from './user-form-values';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'InActive' },
];

/** /admin-edit-user/{id} (SPEC §2): 'Loading user data...' first, then the form. */
export function UserEditPage() {
  const id = useIdParam();
  const user = useUser(id);

  if (id === null || user.isError) {
    return (
      <Page title="Edit User" narrow>
        <ErrorBox message="Failed to load user data." />
      </Page>
    );
  }
  if (!user.data) {
    return (
      <Page title="Edit User" narrow>
        <Loading text="Loading user data..." />
      </Page>
    );
  }
  return <UserEditForm id={id} user={user.data} />;
}

function UserEditForm({ id, user }: { id: number; user: UserAnswer }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const roles = useRoles();
  // SPEC §8: on the user form a failed role list is only logged.
  useLoggedError(roles.error, 'Failed to load roles');
  const edit = useEditUser(id);
  const { register, handleSubmit, control } = useForm<UserEditValues>({
    defaultValues: userEditValues(user),
  });

  const onSubmit = handleSubmit((values) =>
    edit.mutate(editUserBody(values), {
      onSuccess: async () => {
        // Editing oneself may change one's own roles, and with them what the app shows.
        if (auth.user?.id === id) await auth.reloadPermissions();
        navigate(paths.users, { state: { message: 'User updated successfully!' } });
      },
    }),
  );

  return (
    <Page title="Edit User" narrow>
      <form className="form" onSubmit={onSubmit}>
        <UpdateErrorBox text="Failed to update user." error={edit.error} />
        <InputField
          label="Username"
          placeholder="Enter username"
          autoComplete="off"
          required
          maxLength={LIMITS.nameMax}
          {...register('username')}
        />
        <InputField
          label="Email"
          type="email"
          placeholder="Enter email"
          autoComplete="off"
          required
          maxLength={LIMITS.emailMax}
          {...register('email')}
        />
        <InputField
          label="Password"
          type="password"
          placeholder="Leave blank to keep old password"
          autoComplete="new-password"
          {...register('password')}
        />
        <InputField
          label="Max User Limit"
          type="number"
          placeholder="Enter max user limit"
          min={0}
          step={1}
          {...register('maxUserLimit')}
        />
        <Controller
          control={control}
          name="roleIds"
          render={({ field }) => (
            <MultiSearchableSelect
              label="Roles"
              placeholder="Search roles..."
              options={namedOptions(roles.data, user.Roles)}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <SelectField label="Status" options={STATUS_OPTIONS} {...register('status')} />
        <FormActions>
          <Button type="submit" busy={edit.isPending}>
            {edit.isPending ? 'Updating...' : 'Update User'}
          </Button>
          <ButtonLink to={paths.users} variant="secondary">
            Cancel
          </ButtonLink>
        </FormActions>
      </form>
    </Page>
  );
}
