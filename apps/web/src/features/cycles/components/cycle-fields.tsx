import { type RefObject, useState } from 'react';
import { InputField, TextAreaField } from '@/components/ui/form-field';
import type { FieldErrors } from '@/lib/field-errors';

/** The words of a cycle the create and edit forms share. */
export interface CycleFieldValues {
  name: string;
  description: string;
  milestone: string;
  environment: string;
}

export const BLANK_CYCLE_FIELDS: CycleFieldValues = {
  name: '',
  description: '',
  milestone: '',
  environment: '',
};

/** The body's fields: the name trimmed; an empty milestone or environment is none (null). */
export function cycleFieldsBody(values: CycleFieldValues) {
  return {
    name: values.name.trim(),
    description: values.description,
    milestone: values.milestone.trim() === '' ? null : values.milestone.trim(),
    environment: values.environment.trim() === '' ? null : values.environment.trim(),
  };
}

/** The fields' state with the blank-name check both forms make before sending. */
export function useCycleFields(initial: CycleFieldValues = BLANK_CYCLE_FIELDS) {
  const [values, setValues] = useState(initial);
  const [nameError, setNameError] = useState<string | null>(null);
  const set = (field: keyof CycleFieldValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'name') setNameError(null);
  };
  /** False (and says so at the name) when the trimmed name is empty. */
  const check = () => {
    if (values.name.trim() !== '') return true;
    setNameError('Test cycle name is required');
    return false;
  };
  return { values, set, nameError, check };
}

export interface CycleFieldsProps {
  fields: ReturnType<typeof useCycleFields>;
  serverErrors: FieldErrors;
  nameRef: RefObject<HTMLInputElement | null>;
}

/** Name (required), Description, Milestone and Environment. */
export function CycleFields({ fields, serverErrors, nameRef }: CycleFieldsProps) {
  const { values, set, nameError } = fields;
  return (
    <>
      <InputField
        ref={nameRef}
        label="Cycle Name"
        name="name"
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={nameError ?? serverErrors.name}
        aria-required
        autoComplete="off"
      />
      <TextAreaField
        label="Description"
        name="description"
        value={values.description}
        onChange={(event) => set('description', event.target.value)}
        error={serverErrors.description}
        rows={3}
      />
      <div className="cycle-form-pair">
        <InputField
          label="Milestone"
          name="milestone"
          hint="For example: Release 2.4"
          value={values.milestone}
          onChange={(event) => set('milestone', event.target.value)}
          error={serverErrors.milestone}
          autoComplete="off"
        />
        <InputField
          label="Environment"
          name="environment"
          hint="For example: Chrome / staging"
          value={values.environment}
          onChange={(event) => set('environment', event.target.value)}
          error={serverErrors.environment}
          autoComplete="off"
        />
      </div>
    </>
  );
}
