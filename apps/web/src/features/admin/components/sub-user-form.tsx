import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorBox } from '@/components/ui/error-box';
import type { FieldErrors } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { useRoles } from '../api/list-roles';
import { namedOptions } from './option-lists';
import { SubmitActions } from './submit-actions';
import { AccountFields, type FormMode, RolesField } from './user-fields';
import type { SubUserValues } from './user-form-values';

export interface SubUserFormProps {
  initial: SubUserValues;
  /** Roles the edited sub-user already holds, so their chips keep names if the list fails. */
  heldRoles?: { id: number; name: string }[];
  /**
   * Create requires a password; edit keeps the old one when left blank (docs/product/admin-screens.md,
   * "Create Sub-User (`/admin-create-subuser`)" and "Edit Sub-User (`/admin-edit-subuser/{id}`)").
   */
  mode: FormMode;
  /** Sub-users editing themselves are asked for their current password. */
  self?: boolean;
  /**
   * 'Failed to load roles.' on create, 'Failed to load roles' on edit (docs/product/admin-screens.md,
   * "Create Sub-User (`/admin-create-subuser`)" and "Edit Sub-User (`/admin-edit-subuser/{id}`)").
   */
  rolesErrorText: string;
  pending: boolean;
  /** The failure of the last submit, already worded. */
  error: ReactNode;
  /** What the server refused, by body field, shown at each field. */
  fieldErrors?: FieldErrors;
  onSubmit: (values: SubUserValues) => void;
}

/** Username, Email, Password and a multi-select of Roles: the create and edit sub-user forms. */
export function SubUserForm({
  initial,
  heldRoles,
  mode,
  self = false,
  rolesErrorText,
  pending,
  error,
  fieldErrors,
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
      <AccountFields
        mode={mode}
        username={register('username')}
        email={register('email')}
        password={register('password')}
        currentPassword={self ? register('currentPassword') : undefined}
        errors={fieldErrors}
      />
      <RolesField control={control} name="roleIds" options={namedOptions(roles.data, heldRoles)} />
      <SubmitActions label={idleLabel} busyLabel={busyLabel} pending={pending} cancelTo={paths.subUsers} />
    </form>
  );
}
