import { type IdName, LIMITS, type RoleBody } from '@verdict/contract';
import { Controller, useForm } from 'react-hook-form';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField, TextAreaField } from '@/components/ui/form-field';
import { MultiSearchableSelect } from '@/components/ui/searchable-select';
import type { FieldErrors } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { usePermissions } from '../api/list-permissions';
import { permissionOptions } from '../permission-areas';
import { namedOptions } from './option-lists';
import { SubmitActions } from './submit-actions';
import { useLoggedError } from './use-logged-error';

interface RoleValues {
  name: string;
  description: string;
  permissionIds: number[];
}

export interface RoleFormProps {
  initial?: RoleValues;
  /** Permissions the edited role already holds, so their chips keep names if the list fails. */
  heldPermissions?: IdName[];
  submitLabel: string;
  busyLabel: string;
  pending: boolean;
  error: string | null;
  /** What the server refused, by body field, shown at each field. */
  fieldErrors?: FieldErrors;
  onSubmit: (body: RoleBody) => void;
}

/**
 * Create Role and Edit Role: Name and Description (required) plus a multi-select of Permissions,
 * listed by area with readable words before each name (features/admin/permission-areas.ts).
 */
export function RoleForm({
  initial = { name: '', description: '', permissionIds: [] },
  heldPermissions,
  submitLabel,
  busyLabel,
  pending,
  error,
  fieldErrors = {},
  onSubmit,
}: RoleFormProps) {
  const permissions = usePermissions();
  // A failed permission list on the role form is only logged.
  // docs/product/admin-screens.md, "Create Role (`/admin-create-role`)"
  useLoggedError(permissions.error, 'Failed to load permissions');
  const { register, handleSubmit, control } = useForm<RoleValues>({ defaultValues: initial });

  return (
    <form
      className="form"
      onSubmit={handleSubmit((values) =>
        onSubmit({
          name: values.name.trim(),
          description: values.description.trim(),
          permissionIds: values.permissionIds,
        }),
      )}
    >
      <ErrorBox message={error} />
      <InputField
        label="Name"
        placeholder="Enter role name"
        autoComplete="off"
        required
        error={fieldErrors.name}
        maxLength={LIMITS.nameMax}
        {...register('name')}
      />
      <TextAreaField
        label="Description"
        placeholder="Enter description"
        required
        error={fieldErrors.description}
        maxLength={LIMITS.descriptionMax}
        {...register('description')}
      />
      <Controller
        control={control}
        name="permissionIds"
        render={({ field }) => (
          <MultiSearchableSelect
            label="Permissions"
            placeholder="Search permissions..."
            options={permissionOptions(namedOptions(permissions.data, heldPermissions))}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <SubmitActions label={submitLabel} busyLabel={busyLabel} pending={pending} cancelTo={paths.roles} />
    </form>
  );
}
