import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NameDescriptionForm } from '@/components/ui/name-description-form';
import type { NavigationToastState } from '@/components/ui/toast';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useCaseFields } from '../api/case-fields';
import { type CaseParent, useCreateCase } from '../api/create-case';
import { EMPTY_RICH_CONTENT, type RichContent, richBody } from '../case-content';
import { CaseContentFields } from './case-content-fields';

export interface AddCaseFormProps {
  /** Where the new case goes: a project, a suite, or under a parent case. */
  parent: CaseParent;
  /** The project the case goes into (its custom fields and tags); undefined while it loads. */
  projectId: number | null | undefined;
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

/**
 * The form of the three 'add a case' screens: name, description and the case's content; creates
 * the case, then goes back with a toast.
 */
export function AddCaseForm({
  parent,
  projectId,
  nameLabel,
  blankNameMessage,
  submitLabel,
  failure,
  backTo,
}: AddCaseFormProps) {
  const navigate = useNavigate();
  const create = useCreateCase(parent);
  const fields = useCaseFields(projectId);
  const [content, setContent] = useState<RichContent>(EMPTY_RICH_CONTENT);
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
        create.mutate(
          { ...body, ...richBody(content, fields.data ?? [], null) },
          {
            onSuccess: (answer) => {
              const state: NavigationToastState = {
                message: answer?.message ?? 'Test case created successfully',
              };
              navigate(backTo, { state });
            },
          },
        )
      }
    >
      <CaseContentFields
        projectId={projectId}
        testCase={null}
        content={content}
        onChange={setContent}
        errors={fieldErrorsOf(create.error)}
      />
    </NameDescriptionForm>
  );
}
