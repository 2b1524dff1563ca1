import { LIMITS, type PermissionBody } from '@verdict/contract';
import { useForm } from 'react-hook-form';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField, TextAreaField } from '@/components/ui/form-field';
import type { FieldErrors } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { SubmitActions } from './submit-actions';

export interface PermissionFormProps {
  initial?: PermissionBody;
  submitLabel: string;
  busyLabel: string;
  pending: boolean;
  error: string | null;
  /** What the server refused, by body field, shown at each field. */
  fieldErrors?: FieldErrors;
  onSubmit: (body: PermissionBody) => void;
}

/**
 * Name and Description, both required; the browser checks them
 * (docs/product/admin-screens.md, "Create Permission (`/admin-create-permission`)").
 */
export function PermissionForm({
  initial = { name: '', description: '' },
  submitLabel,
  busyLabel,
  pending,
  error,
  fieldErrors = {},
  onSubmit,
}: PermissionFormProps) {
  const { register, handleSubmit } = useForm<PermissionBody>({ defaultValues: initial });

  return (
    <form
      className="form"
      onSubmit={handleSubmit((values) =>
        onSubmit({ name: values.name.trim(), description: values.description.trim() }),
      )}
    >
      <ErrorBox message={error} />
      <InputField
        label="Name"
        placeholder="e.g. export_reports"
        autoComplete="off"
        required
        error={fieldErrors.name}
        maxLength={100}
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
      <SubmitActions
        label={submitLabel}
        busyLabel={busyLabel}
        pending={pending}
        cancelTo={paths.permissions}
      />
    </form>
  );
}
