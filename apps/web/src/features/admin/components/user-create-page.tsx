import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { SelectField } from '@/components/ui/form-field';
import { Page } from '@/components/ui/page';
import { errorText } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { useCreateUser } from '../api/create-user';
import { useRoles } from '../api/list-roles';
import { SubmitActions } from './submit-actions';
import { useLoggedError } from './use-logged-error';
import { AccountFields, MaxUserLimitField } from './user-fields';
import { createUserBody, emptyUserCreateValues, type UserCreateValues } from './user-form-values';

/**
 * /admin-create-user: every field required; the browser checks them
 * (docs/product/admin-screens.md, "Create User (`/admin-create-user`)").
 */
export function UserCreatePage() {
  const navigate = useNavigate();
  const roles = useRoles();
  // On the user form a failed role list is only logged.
  // docs/product/admin-screens.md, "Create User (`/admin-create-user`)"
  useLoggedError(roles.error, 'Failed to load roles');
  const create = useCreateUser();
  const { register, handleSubmit } = useForm<UserCreateValues>({ defaultValues: emptyUserCreateValues });

  const onSubmit = handleSubmit((values) =>
    create.mutate(createUserBody(values), {
      onSuccess: () => navigate(paths.users, { state: { message: 'User created successfully!' } }),
    }),
  );

  const fieldErrors = fieldErrorsOf(create.error);

  return (
    <Page title="Create User" narrow>
      <form className="form" onSubmit={onSubmit}>
        <ErrorBox
          message={
            create.isError ? errorText(create.error, 'Failed to create user. Please try again.') : null
          }
        />
        <AccountFields
          mode="create"
          username={register('username')}
          email={register('email')}
          password={register('password')}
          errors={fieldErrors}
        />
        <MaxUserLimitField mode="create" error={fieldErrors.max_user_limit} {...register('maxUserLimit')} />
        <SelectField
          label="Role"
          placeholderOption="-- Select Role --"
          options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
          required
          {...register('roleId')}
        />
        <SubmitActions
          label="Create User"
          busyLabel="Creating..."
          pending={create.isPending}
          cancelTo={paths.users}
        />
      </form>
    </Page>
  );
}
