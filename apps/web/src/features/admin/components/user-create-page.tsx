import { LIMITS } from '@verdict/contract';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions, InputField, SelectField } from '@/components/ui/form-field';
import { Page } from '@/components/ui/page';
import { errorText } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useCreateUser } from '../api/create-user';
import { useRoles } from '../api/list-roles';
import { useLoggedError } from './use-logged-error';
import { createUserBody, emptyUserCreateValues, type UserCreateValues } from './user-form-values';

/** /admin-create-user (SPEC §2): every field required; the browser checks them (SPEC §5). */
export function UserCreatePage() {
  const navigate = useNavigate();
  const roles = useRoles();
  // SPEC §8: on the user form a failed role list is only logged.
  useLoggedError(roles.error, 'Failed to load roles');
  const create = useCreateUser();
  const { register, handleSubmit } = useForm<UserCreateValues>({ defaultValues: emptyUserCreateValues });

  const onSubmit = handleSubmit((values) =>
    create.mutate(createUserBody(values), {
      onSuccess: () => navigate(paths.users, { state: { message: 'User created successfully!' } }),
    }),
  );

  return (
    <Page title="Create User" narrow>
      <form className="form" onSubmit={onSubmit}>
        <ErrorBox
          message={
            create.isError ? errorText(create.error, 'Failed to create user. Please try again.') : null
          }
        />
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
          placeholder="Enter password"
          autoComplete="new-password"
          required
          {...register('password')}
        />
        <InputField
          label="Max User Limit"
          type="number"
          placeholder="Enter max user limit"
          min={0}
          step={1}
          required
          {...register('maxUserLimit')}
        />
        <SelectField
          label="Role"
          placeholderOption="-- Select Role --"
          options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
          required
          {...register('roleId')}
        />
        <FormActions>
          <Button type="submit" busy={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create User'}
          </Button>
          <ButtonLink to={paths.users} variant="secondary">
            Cancel
          </ButtonLink>
        </FormActions>
      </form>
    </Page>
  );
}
