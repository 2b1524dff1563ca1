import type { Milestone, Plan, UpdatePlanBody } from '@verdict/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions, InputField, SelectField, TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { milestoneOptions } from '@/entities/milestone/milestone-api';
import { fieldErrorsOf } from '@/lib/field-errors';
import { focusFirstProblem } from '@/lib/focus-heading';

export interface PlanDialogProps {
  plan: Plan;
  /** The project's milestones; undefined while they load (or without home_milestone). */
  milestones: readonly Milestone[] | undefined;
  /** The caller holds home_milestone: the Milestone select is shown, else the plan keeps its own. */
  milestonesShown: boolean;
  busy: boolean;
  /** The server's refusal: at its field when it names one, else above the buttons. */
  error: unknown;
  onSubmit: (body: UpdatePlanBody) => void;
  onClose: () => void;
}

/**
 * Edit test plan: its name, description and milestone; a new milestone takes all its cycles along
 * (docs/product/plans.md, "Changing"). Entries are fixed once the plan is made.
 */
export function PlanDialog({
  plan,
  milestones,
  milestonesShown,
  busy,
  error,
  onSubmit,
  onClose,
}: PlanDialogProps) {
  const [name, setName] = useState(plan.name);
  const [description, setDescription] = useState(plan.description);
  const [milestoneId, setMilestoneId] = useState(plan.milestone_id === null ? '' : String(plan.milestone_id));
  const [nameError, setNameError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const refused = fieldErrorsOf(error);
  useEffect(() => {
    if (attempt > 0 || error) focusFirstProblem(formRef.current);
  }, [attempt, error]);

  const options = milestoneOptions(milestones ?? []);
  // The plan's milestone stays choosable while the list loads.
  if (milestoneId !== '' && !options.some((option) => String(option.value) === milestoneId)) {
    options.unshift({ value: Number(milestoneId), label: 'The current milestone' });
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setNameError('Test plan name is required');
      setAttempt((n) => n + 1);
      return;
    }
    const body: UpdatePlanBody = { name: name.trim(), description };
    if (milestonesShown) body.milestone_id = milestoneId === '' ? null : Number(milestoneId);
    onSubmit(body);
  };

  const unplaced = error && Object.keys(refused).length === 0;
  return (
    <Modal title="Edit test plan" onClose={onClose} busy={busy} className="plan-dialog">
      <form ref={formRef} onSubmit={submit} noValidate className="form">
        <InputField
          label="Plan name"
          required
          autoComplete="off"
          value={name}
          error={nameError ?? refused.name}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(null);
          }}
        />
        <TextAreaField
          label="Description"
          hint="Markdown"
          rows={4}
          value={description}
          error={refused.description}
          onChange={(event) => setDescription(event.target.value)}
        />
        {milestonesShown ? (
          <SelectField
            label="Milestone"
            placeholderOption="None"
            options={options}
            hint="All the plan's test cycles move with it."
            value={milestoneId}
            error={refused.milestone_id}
            onChange={(event) => setMilestoneId(event.target.value)}
          />
        ) : null}
        {unplaced ? <ErrorBox message="Failed to save the test plan" error={error} /> : null}
        <FormActions>
          <Button type="submit" busy={busy}>
            Save test plan
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        </FormActions>
      </form>
    </Modal>
  );
}
