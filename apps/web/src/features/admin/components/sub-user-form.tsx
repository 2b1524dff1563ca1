import { LIMITS } from '@verdict/contract';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions, InputField } from '@/components/ui/form-field';
import { MultiSearchableSelect } from '@/components/ui/searchable-select';
import { paths } from '@/lib/paths';
import { useRoles } from '../api/list-roles';
import { namedOptions } from './option-lists';
import type { SubUserValues } from './user-form-values';

export interface SubUserFormProps {
  initial: SubUserValues;
  /** Roles the edited sub-user already holds, so their chips keep names if the list fails. */
  heldRoles?: { id: number; name: string }[];
  /** Create requires a password; edit keeps the old one when left blank (SPEC §5). */
  mode: 'create' | 'edit';
  /** SPEC §8: 'Failed to load roles.' on create, 'Failed to load roles' on edit. */
  rolesErrorText: string;
  pending: boolean;
  /** The failure of the last submit, already worded. */
  error: ReactNode;
  onSubmit: (values: SubUserValues) => void;
}

/** Username, Email, Password and a multi-select of Roles: the create and edit sub-user forms. */
export function SubUserForm({
  initial,
  heldRoles,
  mode,
  rolesErrorText,
  pending,
  error,
  onSubmit,
}: SubUserFormProps) {
  const roles = useRoles();
  const { register, handleSubmit, control } = useForm<SubUserValues>({ defaultValues: initial });
  const creating = mode === 'create';
  const idleLabel = creating ? 'Create Sub-User' : 'Update Sub-User';
  const busyLabel = creating ? 'Creating...' : 'Updating...';

  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)}>
      {error}
      <ErrorBox message={roles.isError ? rolesErrorText : null} />
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
        placeholder={creating ? 'Enter password' : 'Leave blank to keep old password'}
        autoComplete="new-password"
        required={creating}
        {...register('password')}
      />
      <Controller
        control={control}
        name="roleIds"
        render={({ field }) => (
          <MultiSearchableSelect
            label="Roles"
            placeholder="Search roles..."
            options={namedOptions(roles.data, heldRoles)}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <FormActions>
        <Button type="submit" busy={pending}>
          {pending ? busyLabel : idleLabel}
        </Button>
        <ButtonLink to={paths.subUsers} variant="secondary">
          Cancel
        </ButtonLink>
      </FormActions>
    </form>
  );
}
