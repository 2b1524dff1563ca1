import { useNavigate } from 'react-router';
import { NameDescriptionForm } from '@/components/ui/name-description-form';
import type { NavigationToastState } from '@/components/ui/toast';
import { type CaseParent, useCreateCase } from '../api/create-case';

export interface AddCaseFormProps {
  /** Where the new case goes: a project, a suite, or under a parent case. */
  parent: CaseParent;
  nameLabel: string;
  /**
   * The message for a blank name on this screen (docs/product/cases.md, "Screens" and
   * docs/product/suites.md, "Add Test Case to Suite (`/suites/{id}/add-case`)").
   */
  blankNameMessage: string;
  submitLabel: string;
  /**
   * The words for a failed create on this screen (docs/product/cases.md, "Screens" and
   * docs/product/suites.md, "Add Test Case to Suite (`/suites/{id}/add-case`)").
   */
  failure: string;
  /** The screen Cancel and a successful create go back to. */
  backTo: string;
}

/** The form of the three 'add a case' screens: creates the case, then goes back with a toast. */
export function AddCaseForm({
  parent,
  nameLabel,
  blankNameMessage,
  submitLabel,
  failure,
  backTo,
}: AddCaseFormProps) {
  const navigate = useNavigate();
  const create = useCreateCase(parent);
  return (
    <NameDescriptionForm
      nameLabel={nameLabel}
      blankNameMessage={blankNameMessage}
      submitLabel={submitLabel}
      busyLabel="Adding..."
      busy={create.isPending}
      error={create.isError ? failure : null}
      errorCause={create.error}
      cancelTo={backTo}
      onSubmit={(body) =>
        create.mutate(body, {
          onSuccess: (answer) => {
            const state: NavigationToastState = {
              message: answer?.message ?? 'Test case created successfully',
            };
            navigate(backTo, { state });
          },
        })
      }
    />
  );
}
