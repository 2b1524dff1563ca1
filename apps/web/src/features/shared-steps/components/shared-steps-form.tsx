import { type CaseStep, type CaseStepEntry, LIMITS } from '@verdict/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField, TextAreaField } from '@/components/ui/form-field';
import { isReference } from '@/entities/case/case-steps';
import { StepsEditor } from '@/entities/case/steps-editor';
import { fieldErrorsOf } from '@/lib/field-errors';

export interface SharedStepsValues {
  name: string;
  description: string;
  steps: CaseStep[];
}

interface SharedStepsFormProps {
  initial: SharedStepsValues;
  submitLabel: string;
  busy: boolean;
  /** The server's refusal: at its field when it names one, else above the buttons. */
  error: unknown;
  failure: string;
  onSubmit: (values: SharedStepsValues) => void;
  onCancel: () => void;
}

/** A set's name, description and written steps (a set holds no other set), for New and Edit. */
export function SharedStepsForm({
  initial,
  submitLabel,
  busy,
  error,
  failure,
  onSubmit,
  onCancel,
}: SharedStepsFormProps) {
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<{ name?: string; steps?: string }>({});
  const refused = fieldErrorsOf(error);
  const errors = { ...refused, ...(problems.steps ? { steps: problems.steps } : {}) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (busy) return;
    const found = {
      name: values.name.trim() === '' ? 'Name is required' : undefined,
      steps: values.steps.length === 0 ? 'A set needs at least one step' : undefined,
    };
    setProblems(found);
    if (found.name || found.steps) return;
    onSubmit({ ...values, name: values.name.trim() });
  };

  const placed = Object.keys(refused).length > 0;
  return (
    <form className="form" onSubmit={submit} noValidate>
      <InputField
        label="Name"
        required
        autoComplete="off"
        maxLength={LIMITS.nameMax}
        value={values.name}
        error={problems.name ?? refused.name}
        onChange={(event) => {
          setValues({ ...values, name: event.target.value });
          setProblems({ ...problems, name: undefined });
        }}
      />
      <TextAreaField
        label="Description"
        hint="Markdown."
        rows={3}
        value={values.description}
        error={refused.description}
        onChange={(event) => setValues({ ...values, description: event.target.value })}
      />
      <StepsEditor
        steps={values.steps}
        errors={errors}
        onChange={(steps: CaseStepEntry[]) => {
          setValues({ ...values, steps: steps.filter((step): step is CaseStep => !isReference(step)) });
          setProblems({ ...problems, steps: undefined });
        }}
      />
      <ErrorBox message={error && !placed ? failure : null} error={error} />
      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
