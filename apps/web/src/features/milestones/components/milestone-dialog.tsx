import type { Milestone } from '@verdict/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions, InputField, SelectField, TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { focusFirstProblem } from '@/lib/focus-heading';
import {
  type MilestoneFormErrors,
  type MilestoneFormValues,
  serverFieldErrors,
  validateMilestone,
} from '../milestone-form-values';

export interface MilestoneDialogProps {
  /** The milestone being edited; none for a new one. */
  editing?: Milestone;
  initial: MilestoneFormValues;
  /** The project's milestones: the top-level ones (not this one) may be its parent. */
  milestones: readonly Milestone[];
  busy: boolean;
  /** The server's refusal: at its field when it names one, else above the buttons. */
  error: unknown;
  onSubmit: (values: MilestoneFormValues) => void;
  onClose: () => void;
}

const STATE_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'completed', label: 'Completed' },
];

/** New Milestone / Edit Milestone (docs/product/milestones.md, "The screens"). */
export function MilestoneDialog({
  editing,
  initial,
  milestones,
  busy,
  error,
  onSubmit,
  onClose,
}: MilestoneDialogProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<MilestoneFormErrors>({});
  // Each refused submit (here or by the server) moves focus to its first problem once drawn.
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const refused = serverFieldErrors(error);
  const set = <K extends keyof MilestoneFormValues>(key: K, value: MilestoneFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const hasSubs = editing !== undefined && milestones.some((m) => m.parent_id === editing.id);
  const parents = milestones
    .filter((m) => m.parent_id === null && m.id !== editing?.id)
    .map((m) => ({ value: m.id, label: m.name }));

  useEffect(() => {
    if (attempt > 0 || error) focusFirstProblem(formRef.current);
  }, [attempt, error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateMilestone(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    onSubmit(values);
  };

  const errorAt = (field: keyof MilestoneFormValues) => errors[field] ?? refused[field];
  const unplaced = error && Object.keys(refused).length === 0;
  const title = editing ? 'Edit Milestone' : 'New Milestone';
  return (
    <Modal title={title} onClose={onClose} busy={busy} className="milestone-dialog">
      <form ref={formRef} onSubmit={submit} noValidate className="form milestone-form">
        <InputField
          label="Name"
          required
          autoComplete="off"
          value={values.name}
          error={errorAt('name')}
          onChange={(event) => set('name', event.target.value)}
        />
        <TextAreaField
          label="Description"
          hint="Markdown"
          rows={4}
          value={values.description}
          error={errorAt('description')}
          onChange={(event) => set('description', event.target.value)}
        />
        <div className="milestone-form-pair">
          <InputField
            label="Start date"
            type="date"
            value={values.start_date}
            error={errorAt('start_date')}
            onChange={(event) => set('start_date', event.target.value)}
          />
          <InputField
            label="Due date"
            type="date"
            value={values.due_date}
            error={errorAt('due_date')}
            onChange={(event) => set('due_date', event.target.value)}
          />
        </div>
        <SelectField
          label="Parent milestone"
          placeholderOption="None (a top-level milestone)"
          options={hasSubs ? [] : parents}
          disabled={hasSubs}
          hint={hasSubs ? 'A milestone with sub-milestones stays top-level.' : undefined}
          value={values.parent_id}
          error={errorAt('parent_id')}
          onChange={(event) => set('parent_id', event.target.value)}
        />
        <InputField
          label="CI branch"
          hint="The branch its automated results come from, e.g. release/2.0"
          autoComplete="off"
          spellCheck={false}
          value={values.branch}
          error={errorAt('branch')}
          onChange={(event) => set('branch', event.target.value)}
        />
        {editing ? (
          <SelectField
            label="State"
            options={STATE_OPTIONS}
            value={values.state}
            error={errorAt('state')}
            onChange={(event) => set('state', event.target.value === 'completed' ? 'completed' : 'open')}
          />
        ) : null}
        {unplaced ? <ErrorBox message="Failed to save the milestone" error={error} /> : null}
        <FormActions>
          <Button type="submit" busy={busy}>
            {editing ? 'Save Milestone' : 'Create Milestone'}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        </FormActions>
      </form>
    </Modal>
  );
}
