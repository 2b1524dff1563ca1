import type { SharedSteps } from '@verdict/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';
import type { NavigationToastState } from '@/components/ui/toast';
import { sharedStepsPaths } from '@/entities/shared-steps/shared-steps-paths';
import { ApiError } from '@/lib/api-client';
import { useSharedStepsMutations } from '../api/shared-steps';

/**
 * Delete a set. A set that cases use is refused (409 `in_use`); the dialog then says so and offers
 * to write its steps into those cases first, so none of them loses a step.
 */
export function DeleteSharedStepsDialog({
  set,
  mayCopy,
  onClose,
}: {
  set: SharedSteps;
  /** Copying the steps into the cases edits them: it needs edit_test_case too. */
  mayCopy: boolean;
  onClose: () => void;
}) {
  const { remove } = useSharedStepsMutations(set.id);
  const navigate = useNavigate();
  const [inUse, setInUse] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const run = (copyIntoCases: boolean) => {
    setFailure(null);
    remove.mutate(copyIntoCases, {
      onSuccess: (answer) => {
        const state: NavigationToastState = { message: answer.message };
        void navigate(sharedStepsPaths.list(set.project_id), { state });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409 && error.code === 'in_use') {
          setInUse(error.serverMessage ?? 'These shared steps are used by cases.');
        } else setFailure(error);
      },
    });
  };

  const cases = set.case_count === 1 ? 'the case' : `the ${set.case_count} cases`;
  return (
    <Modal
      title={`Delete ${set.name}?`}
      onClose={onClose}
      busy={remove.isPending}
      className="shared-steps-dialog"
    >
      {inUse ? (
        <p className="modal-text" role="alert">
          {inUse}
          {mayCopy ? '' : ' Copying the steps into the cases needs the edit_test_case permission.'}
        </p>
      ) : (
        <p className="modal-text">
          The set goes for good. {set.case_count > 0 ? `It is used by ${cases}.` : 'No case uses it.'}
        </p>
      )}
      <ErrorBox message={failure ? 'Failed to delete the shared steps' : null} error={failure} />
      <div className="modal-actions">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        {inUse && !mayCopy ? null : inUse ? (
          <Button variant="danger" busy={remove.isPending} onClick={() => run(true)}>
            Copy the steps into {cases} and delete
          </Button>
        ) : (
          <Button variant="danger" busy={remove.isPending} onClick={() => run(false)}>
            Yes, Delete
          </Button>
        )}
      </div>
    </Modal>
  );
}
