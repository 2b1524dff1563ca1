import type { CaseFieldType } from '@verdict/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import {
  CheckboxField,
  FormActions,
  InputField,
  SelectField,
  TextAreaField,
} from '@/components/ui/form-field';
import { errorText } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import { focusFirstProblem } from '@/lib/focus-heading';
import { type FieldFormValues, isChoice, optionLines, TYPE_LABELS } from '../field-form-values';

const TYPE_OPTIONS = (Object.keys(TYPE_LABELS) as CaseFieldType[]).map((type) => ({
  value: type,
  label: TYPE_LABELS[type],
}));

export interface FieldFormProps {
  initial: FieldFormValues;
  /** Editing: the type is shown but cannot change (values already written would no longer fit). */
  editing?: boolean;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (values: FieldFormValues) => void;
  onCancel?: () => void;
  /** Focus the name field once drawn (the empty form after a field was added). */
  focusName?: boolean;
}

/** The form that defines a custom field or changes one (docs/product/rich-cases-screens.md). */
export function FieldForm({
  initial,
  editing,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
  focusName = false,
}: FieldFormProps) {
  const [values, setValues] = useState(initial);
  const [nameMissing, setNameMissing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // Counts refused submits: each moves focus to the first invalid field, never leaves it on the button.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstProblem(formRef.current);
  }, [refusals]);
  useEffect(() => {
    if (error) focusFirstProblem(formRef.current);
  }, [error]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form is first drawn
  useEffect(() => {
    if (focusName) nameRef.current?.focus();
  }, []);
  const set = <K extends keyof FieldFormValues>(key: K, value: FieldFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const serverErrors = fieldErrorsOf(error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.name.trim() === '') {
      setNameMissing(true);
      setRefusals((n) => n + 1);
      return;
    }
    setNameMissing(false);
    onSubmit(values);
  };
  const choice = isChoice(values.type);
  return (
    <form ref={formRef} className="form case-field-form" onSubmit={submit} noValidate>
      {error && Object.keys(serverErrors).length === 0 ? (
        <ErrorBox message={errorText(error, 'Failed to save the field')} />
      ) : null}
      <InputField
        ref={nameRef}
        label="Field name"
        required
        value={values.name}
        maxLength={255}
        onChange={(e) => set('name', e.target.value)}
        error={nameMissing ? 'Field name is required' : (serverErrors.name ?? null)}
      />
      <SelectField
        label="Type"
        value={values.type}
        options={TYPE_OPTIONS}
        disabled={editing}
        hint={editing ? 'A field keeps its type.' : undefined}
        onChange={(e) => set('type', e.target.value as CaseFieldType)}
      />
      {choice ? (
        <TextAreaField
          label="Options"
          required
          rows={4}
          hint="One option a line."
          value={values.options}
          onChange={(e) => set('options', e.target.value)}
          error={serverErrors.options ?? null}
        />
      ) : null}
      <DefaultInput
        values={values}
        error={serverErrors.default ?? null}
        onChange={(v) => set('default', v)}
      />
      <CheckboxField
        label="Required: every case must have a value"
        checked={values.required}
        onChange={(e) => set('required', e.target.checked)}
      />
      <FormActions>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </FormActions>
    </form>
  );
}

function DefaultInput({
  values,
  error,
  onChange,
}: {
  values: FieldFormValues;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const common = { label: 'Default value', value: values.default, error };
  switch (values.type) {
    case 'checkbox':
      return (
        <SelectField
          {...common}
          options={[
            { value: '', label: 'None' },
            { value: 'true', label: 'Checked' },
            { value: 'false', label: 'Unchecked' },
          ]}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'select':
      return (
        <SelectField
          {...common}
          options={[
            { value: '', label: 'None' },
            ...optionLines(values.options).map((o) => ({ value: o, label: o })),
          ]}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'textarea':
      return <TextAreaField {...common} rows={3} onChange={(e) => onChange(e.target.value)} />;
    default:
      return (
        <InputField
          {...common}
          type={values.type === 'number' ? 'number' : values.type === 'date' ? 'date' : 'text'}
          hint={
            values.type === 'multiselect' ? 'Options separated by commas; empty for none.' : 'Empty for none.'
          }
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}
