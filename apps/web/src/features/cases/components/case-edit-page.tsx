import { useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Loading } from '@/components/ui/loading';
import { NameDescriptionForm } from '@/components/ui/name-description-form';
import { Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useScreenTrail } from '@/lib/use-object-trail';
import { useCase, useUpdateCase } from '../api/case-api';

/** /edit-testcase/{id}: name (required) and description; back to /cases/{id}. */
export function CaseEditPage() {
  const id = useIdParam();
  const breadcrumbs = useScreenTrail({ type: 'case', id: id }, 'Edit Test Case');
  const navigate = useNavigate();
  const testCase = useCase(id);
  const update = useUpdateCase(id ?? 0);

  return (
    <Page title="Edit Test Case" breadcrumbs={breadcrumbs} narrow>
      {id === null || testCase.isError ? (
        <ErrorBox message="Failed to fetch test case details" />
      ) : !testCase.data ? (
        <Loading text="Loading test case..." />
      ) : (
        <NameDescriptionForm
          key={testCase.data.id}
          nameLabel="Case Name"
          blankNameMessage="Test Case name is required"
          initial={{ name: testCase.data.name, description: testCase.data.description }}
          submitLabel="Save Changes"
          busyLabel="Saving..."
          busy={update.isPending}
          error={update.isError ? 'Failed to update test case' : null}
          errorCause={update.error}
          cancelTo={paths.caseDetail(id)}
          onSubmit={(body) =>
            update.mutate(body, {
              onSuccess: (answer) => {
                const state: NavigationToastState = {
                  message: answer?.message ?? 'Test case updated successfully',
                };
                navigate(paths.caseDetail(id), { state });
              },
            })
          }
        />
      )}
    </Page>
  );
}
