import { REQUIREMENT_STATUSES, type RequirementRef } from '@verdict/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions, InputField, SelectField, TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { STATUS_LABELS } from '@/entities/requirement/requirement-api';
import { RequirementPicker } from '@/entities/requirement/requirement-picker';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import { focusFirstProblem } from '@/lib/focus-heading';
import {
  type RequirementFormErrors,
  type RequirementFormValues,
  validateRequirement,
} from '../requirement-text';

export interface RequirementDialogProps {
  projectId: number;
  /** The requirement being edited (its id is no parent of its own); none for a new one. */
  editingId?: number;
  initial: RequirementFormValues;
  /** The parent the form starts with, to name it. */
  initialParent?: RequirementRef | null;
  busy: boolean;
  /** The server's refusal: at its field when it names one, else above the buttons. */
  error: unknown;
  onSubmit: (values: RequirementFormValues) => void;
  onClose: () => void;
}

const STATUS_OPTIONS = REQUIREMENT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

function serverErrors(error: unknown): RequirementFormErrors {
  // The key is the one field a conflict can be about.
  if (error instanceof ApiError && error.status === 409 && error.code !== 'limit_reached') {
    return { key: error.serverMessage ?? 'This project already has a requirement with that key' };
  }
  return fieldErrorsOf(error) as RequirementFormErrors;
}

/** New requirement / Edit requirement (docs/product/requirements-screens.md). */
export function RequirementDialog({
  projectId,
  editingId,
  initial,
  initialParent = null,
  busy,
  error,
  onSubmit,
  onClose,
}: RequirementDialogProps) {
  const [values, setValues] = useState(initial);
  const [parent, setParent] = useState<RequirementRef | null>(initialParent);
  const [errors, setErrors] = useState<RequirementFormErrors>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const refused = serverErrors(error);
  const set = <K extends keyof RequirementFormValues>(key: K, value: RequirementFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  useEffect(() => {
    if (attempt > 0 || error) focusFirstProblem(formRef.current);
  }, [attempt, error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateRequirement(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    onSubmit(values);
  };

  const errorAt = (field: keyof RequirementFormValues) => errors[field] ?? refused[field];
  const unplaced = error && Object.keys(refused).length === 0;
  const excluded = editingId === undefined ? undefined : new Set([editingId]);
  return (
    <Modal
      title={editingId === undefined ? 'New requirement' : 'Edit requirement'}
      onClose={onClose}
      busy={busy}
      className="requirement-dialog"
    >
      <form ref={formRef} onSubmit={submit} noValidate className="form">
        <InputField
          label="Key"
          hint={editingId === undefined ? 'Optional: left empty, it is the next REQ-number.' : undefined}
          autoComplete="off"
          spellCheck={false}
          value={values.key}
          error={errorAt('key')}
          onChange={(event) => set('key', event.target.value)}
        />
        <InputField
          label="Title"
          required
          autoComplete="off"
          value={values.title}
          error={errorAt('title')}
          onChange={(event) => set('title', event.target.value)}
        />
        <TextAreaField
          label="Description"
          hint="Markdown"
          rows={5}
          value={values.description}
          error={errorAt('description')}
          onChange={(event) => set('description', event.target.value)}
        />
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          value={values.status}
          error={errorAt('status')}
          onChange={(event) => set('status', event.target.value as RequirementFormValues['status'])}
        />
        <fieldset className="requirement-parent">
          <legend>Parent requirement</legend>
          <p aria-live="polite">
            {parent ? (
              <>
                <span className="requirement-key">{parent.key}</span> {parent.title}
              </>
            ) : (
              'None (a top-level requirement)'
            )}
          </p>
          {errorAt('parent_id') ? <p className="form-error">{errorAt('parent_id')}</p> : null}
          {parent ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setParent(null);
                set('parent_id', '');
              }}
            >
              Make it top-level
            </Button>
          ) : null}
          <RequirementPicker
            projectId={projectId}
            label="Find a parent requirement"
            chosen={parent?.id ?? null}
            exclude={excluded}
            onPick={(picked) => {
              setParent(picked);
              set('parent_id', String(picked.id));
            }}
          />
        </fieldset>
        <InputField
          label="External link"
          hint="The story in your tracker. Left empty, a key your issue tracker knows links by itself."
          type="url"
          autoComplete="off"
          value={values.external_url}
          error={errorAt('external_url')}
          onChange={(event) => set('external_url', event.target.value)}
        />
        {unplaced ? <ErrorBox message="Failed to save the requirement" error={error} /> : null}
        <FormActions>
          <Button type="submit" busy={busy}>
            {editingId === undefined ? 'Create requirement' : 'Save requirement'}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        </FormActions>
      </form>
    </Modal>
  );
}
