import type { TestCaseDetail } from '@verdict/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Loading } from '@/components/ui/loading';
import { NameDescriptionForm } from '@/components/ui/name-description-form';
import { Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { fieldErrorsOf } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useCase, useUpdateCase } from '../api/case-api';
import { useCaseFields } from '../api/case-fields';
import { type RichContent, richBody, richContentOf } from '../case-content';
import { CaseContentFields } from './case-content-fields';

/** /edit-testcase/{id}: name (required), description and the case's content; back to /cases/{id}. */
export function CaseEditPage() {
  const id = useIdParam();
  const breadcrumbs = useScreenTrail({ type: 'case', id: id }, 'Edit Test Case');
  const testCase = useCase(id);

  return (
    <Page title="Edit Test Case" breadcrumbs={breadcrumbs} narrow>
      {id === null || testCase.isError ? (
        <ErrorBox message="Failed to fetch test case details" />
      ) : !testCase.data ? (
        <Loading text="Loading test case..." />
      ) : (
        <CaseEditForm key={testCase.data.id} testCase={testCase.data} />
      )}
    </Page>
  );
}

function CaseEditForm({ testCase }: { testCase: TestCaseDetail }) {
  const navigate = useNavigate();
  const update = useUpdateCase(testCase.id);
  const fields = useCaseFields(testCase.project_id);
  const [content, setContent] = useState<RichContent>(() => richContentOf(testCase));
  return (
    <NameDescriptionForm
      nameLabel="Case Name"
      blankNameMessage="Test Case name is required"
      initial={{ name: testCase.name, description: testCase.description }}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      busy={update.isPending}
      error={update.isError ? 'Failed to update test case' : null}
      errorCause={update.error}
      cancelTo={paths.caseDetail(testCase.id)}
      onSubmit={(body) =>
        update.mutate(
          { ...body, ...richBody(content, fields.data ?? [], testCase) },
          {
            onSuccess: (answer) => {
              const state: NavigationToastState = {
                message: answer?.message ?? 'Test case updated successfully',
              };
              navigate(paths.caseDetail(testCase.id), { state });
            },
          },
        )
      }
    >
      <CaseContentFields
        projectId={testCase.project_id}
        testCase={testCase}
        content={content}
        onChange={setContent}
        errors={fieldErrorsOf(update.error)}
      />
    </NameDescriptionForm>
  );
}
