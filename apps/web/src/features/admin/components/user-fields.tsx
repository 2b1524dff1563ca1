import { LIMITS } from '@verdict/contract';
import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type UseFormRegisterReturn,
  useController,
} from 'react-hook-form';
import { InputField } from '@/components/ui/form-field';
import { type ComboOption, MultiSearchableSelect } from '@/components/ui/searchable-select';
import type { FieldErrors } from '@/lib/field-errors';

/**
 * The fields the user and sub-user forms share (docs/product/admin-screens.md, "The forms"),
 * each taking what react-hook-form's `register` returns. Creating requires a password; editing
 * keeps the old one when it is left blank.
 */

export type FormMode = 'create' | 'edit';

export interface AccountFieldsProps {
  mode: FormMode;
  username: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  password: UseFormRegisterReturn;
  /**
   * Given only when people edit their own account: changing one's own password needs the
   * current one, which the server checks.
   */
  currentPassword?: UseFormRegisterReturn | undefined;
  /** What the server refused, by body field, shown at each field. */
  errors?: FieldErrors;
}

/** Username, Email and Password, and Current password when editing oneself. */
export function AccountFields({
  mode,
  username,
  email,
  password,
  currentPassword,
  errors = {},
}: AccountFieldsProps) {
  const creating = mode === 'create';
  return (
    <>
      <InputField
        label="Username"
        placeholder="Enter username"
        autoComplete="off"
        required
        maxLength={LIMITS.nameMax}
        error={errors.username}
        {...username}
      />
      <InputField
        label="Email"
        type="email"
        placeholder="Enter email"
        autoComplete="off"
        required
        maxLength={LIMITS.emailMax}
        error={errors.email}
        {...email}
      />
      <InputField
        label="Password"
        type="password"
        placeholder={creating ? 'Enter password' : 'Leave blank to keep old password'}
        autoComplete="new-password"
        required={creating}
        error={errors.password}
        {...password}
      />
      {currentPassword ? (
        <InputField
          label="Current password"
          type="password"
          placeholder="Needed to change your password"
          autoComplete="current-password"
          maxLength={1024}
          error={errors.currentPassword}
          {...currentPassword}
        />
      ) : null}
    </>
  );
}

/** Max User Limit (top-level users only): required on create, '' means no limit on edit. */
export function MaxUserLimitField({
  mode,
  error,
  ...registration
}: UseFormRegisterReturn & { mode: FormMode; error?: string | undefined }) {
  return (
    <InputField
      label="Max User Limit"
      type="number"
      placeholder="Enter max user limit"
      min={0}
      step={1}
      required={mode === 'create'}
      error={error}
      {...registration}
    />
  );
}

export interface RolesFieldProps<Values extends FieldValues> {
  control: Control<Values>;
  /** The form value holding the chosen role ids. */
  name: FieldPathByValue<Values, number[]>;
  options: ComboOption<number>[];
}

/** Roles: a searchable multi-select of role ids. */
export function RolesField<Values extends FieldValues>({ control, name, options }: RolesFieldProps<Values>) {
  const { field } = useController({ control, name });
  return (
    <MultiSearchableSelect
      label="Roles"
      placeholder="Search roles..."
      options={options}
      value={field.value as number[]}
      onChange={field.onChange}
    />
  );
}
