import { type RefObject, useState } from 'react';
import { InputField, SelectField, TextAreaField } from '@/components/ui/form-field';
import { milestoneOptions, useProjectMilestones } from '@/entities/milestone/milestone-api';
import type { FieldErrors } from '@/lib/field-errors';

/** The words of a cycle the create and edit forms share. */
export interface CycleFieldValues {
  name: string;
  description: string;
  /** The id of the milestone it belongs to, or '' for none. */
  milestone_id: string;
  environment: string;
}

export const BLANK_CYCLE_FIELDS: CycleFieldValues = {
  name: '',
  description: '',
  milestone_id: '',
  environment: '',
};

/** A cycle's milestone as the form's value. */
export const milestoneValue = (milestoneId: number | null | undefined) =>
  milestoneId == null ? '' : String(milestoneId);

/** The body's fields: the name trimmed; no milestone or an empty environment is none (null). */
export function cycleFieldsBody(values: CycleFieldValues) {
  return {
    name: values.name.trim(),
    description: values.description,
    milestone_id: values.milestone_id === '' ? null : Number(values.milestone_id),
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
  projectId: number;
  /**
   * The caller holds home_milestone: the Milestone select is shown. Without it the cycle keeps
   * the milestone it has (decision 194).
   */
  milestonesShown: boolean;
  /** The name of the milestone the form starts with, shown while the list loads. */
  startingMilestone?: string | null | undefined;
}

/** Name (required), Description, Milestone (a select of the project's milestones) and Environment. */
export function CycleFields({
  fields,
  serverErrors,
  nameRef,
  projectId,
  milestonesShown,
  startingMilestone,
}: CycleFieldsProps) {
  const { values, set, nameError } = fields;
  const milestones = useProjectMilestones(projectId, milestonesShown);
  const options = milestoneOptions(milestones.data ?? []);
  // The starting milestone stays choosable while the list loads (or if it could not).
  if (values.milestone_id !== '' && !options.some((option) => String(option.value) === values.milestone_id)) {
    options.unshift({
      value: Number(values.milestone_id),
      label: startingMilestone ?? 'The current milestone',
    });
  }
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
        {milestonesShown ? (
          <SelectField
            label="Milestone"
            name="milestone_id"
            placeholderOption="None"
            options={options}
            hint={milestones.isError ? 'The milestones could not be loaded.' : undefined}
            value={values.milestone_id}
            onChange={(event) => set('milestone_id', event.target.value)}
            error={serverErrors.milestone_id ?? serverErrors.milestone}
          />
        ) : null}
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
