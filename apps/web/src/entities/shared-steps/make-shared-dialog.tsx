import type { CaseStep, SharedSteps } from '@verdict/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useCreateSharedSteps } from './shared-steps-api';
import './shared-steps.css';

interface MakeSharedDialogProps {
  projectId: number;
  /** The written steps of the form, with their places in its step list. */
  steps: ReadonlyArray<{ index: number; step: CaseStep }>;
  /** The set was made from the steps at `chosen` (places in the step list). */
  onMade: (chosen: ReadonlySet<number>, set: SharedSteps) => void;
  onClose: () => void;
}

/**
 * 'Make shared': tick written steps, name the set, and it is made at once (POST); the form then
 * holds a reference to it in the first chosen step's place, saved with the case.
 */
export function MakeSharedDialog({ projectId, steps, onMade, onClose }: MakeSharedDialogProps) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<{ name?: string; steps?: string }>({});
  const create = useCreateSharedSteps(projectId);
  const refused = fieldErrorsOf(create.error);

  const toggle = (index: number) => {
    const next = new Set(chosen);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    setChosen(next);
    setProblems((current) => ({ ...current, steps: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in the case form's React tree: its submit must not submit the case too.
    event.stopPropagation();
    if (create.isPending) return;
    const found = {
      name: name.trim() === '' ? 'Name is required' : undefined,
      steps: chosen.size === 0 ? 'Choose at least one step' : undefined,
    };
    setProblems(found);
    if (found.name || found.steps) return;
    const picked = steps.filter(({ index }) => chosen.has(index)).map(({ step }) => step);
    create.mutate(
      { name: name.trim(), steps: picked },
      { onSuccess: (answer) => onMade(chosen, answer.shared_steps) },
    );
  };

  const unplaced = create.error && !refused.name && !refused.steps;
  return (
    <Modal
      title="Make shared steps"
      onClose={onClose}
      busy={create.isPending}
      className="shared-steps-dialog"
    >
      <form className="form" onSubmit={submit} noValidate>
        <fieldset className="steps-editor">
          <legend className="form-label">Steps to share</legend>
          <ul className="shared-steps-choices">
            {steps.map(({ index, step }) => (
              <li key={index} className="shared-steps-choice">
                <label>
                  <input type="checkbox" checked={chosen.has(index)} onChange={() => toggle(index)} />
                  <span>
                    Step {index + 1}: {step.action.trim() || '(no action)'}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {problems.steps || refused.steps ? (
            <p className="form-error" role="alert">
              {problems.steps ?? refused.steps}
            </p>
          ) : null}
        </fieldset>
        <InputField
          label="Name"
          required
          autoComplete="off"
          hint="The chosen steps become this set, used in their place here and insertable in any case."
          value={name}
          error={problems.name ?? refused.name}
          onChange={(event) => {
            setName(event.target.value);
            setProblems((current) => ({ ...current, name: undefined }));
          }}
        />
        <ErrorBox message={unplaced ? 'Failed to make the shared steps' : null} error={create.error} />
        <div className="modal-actions">
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            Make shared
          </Button>
        </div>
      </form>
    </Modal>
  );
}
