import type { Plan } from '@verdict/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { formatCount } from '@/lib/format-number';
import type { CyclesOnDelete } from '../api/plans';

export interface PlanDeleteDialogProps {
  plan: Plan;
  busy: boolean;
  error: unknown;
  onDelete: (cycles: CyclesOnDelete) => void;
  onClose: () => void;
}

/**
 * Delete test plan: asks what happens to its cycles, keep them (the default) or delete them with
 * their results (docs/product/plans.md, "Deleting a plan").
 */
export function PlanDeleteDialog({ plan, busy, error, onDelete, onClose }: PlanDeleteDialogProps) {
  const [cycles, setCycles] = useState<CyclesOnDelete>('keep');
  const name = useId();
  const textId = useId();
  const count = plan.cycle_count;
  const theCycles = `${count === 1 ? 'its test cycle' : `its ${formatCount(count)} test cycles`}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onDelete(cycles);
  };
  return (
    <Modal
      title="Delete test plan?"
      onClose={onClose}
      busy={busy}
      describedBy={textId}
      className="plan-dialog"
    >
      <form onSubmit={submit} className="form">
        <p id={textId}>
          Delete the test plan {plan.name}? Its entries go with it.
          {count === 0 ? ' It has no test cycles left.' : ''}
        </p>
        {count > 0 ? (
          <fieldset className="plan-delete-choice">
            <legend className="form-label">What happens to {theCycles}?</legend>
            <label>
              <input
                type="radio"
                name={name}
                checked={cycles === 'keep'}
                onChange={() => setCycles('keep')}
              />{' '}
              Keep {count === 1 ? 'it' : 'them'}, with {count === 1 ? 'its' : 'their'} results, in no plan
            </label>
            <label>
              <input
                type="radio"
                name={name}
                checked={cycles === 'delete'}
                onChange={() => setCycles('delete')}
              />{' '}
              Delete {count === 1 ? 'it' : 'them'} too, with {count === 1 ? 'its' : 'their'} results and the
              test runs they recorded
            </label>
          </fieldset>
        ) : null}
        <ErrorBox message={error ? 'Failed to delete the test plan' : null} error={error} />
        <FormActions>
          <Button type="submit" variant="danger" busy={busy}>
            {cycles === 'delete' ? 'Delete plan and cycles' : 'Delete plan'}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        </FormActions>
      </form>
    </Modal>
  );
}
