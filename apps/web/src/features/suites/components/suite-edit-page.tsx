import { useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Loading } from '@/components/ui/loading';
import { NameDescriptionForm } from '@/components/ui/name-description-form';
import { Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useSuite, useUpdateSuite } from '../api/suite-api';

/** /edit-suite/{id}: name (required) and description; back to /suites/{id}. */
export function SuiteEditPage() {
  const id = useIdParam();
  const breadcrumbs = useScreenTrail({ type: 'suite', id: id }, 'Edit Suite');
  const navigate = useNavigate();
  const suite = useSuite(id);
  const update = useUpdateSuite(id ?? 0);

  return (
    <Page title="Edit Suite" breadcrumbs={breadcrumbs} narrow>
      {id === null || suite.isError ? (
        <ErrorBox message="Failed to fetch suite details" />
      ) : !suite.data ? (
        <Loading text="Loading suite..." />
      ) : (
        <NameDescriptionForm
          key={suite.data.id}
          nameLabel="Suite Name"
          blankNameMessage="Suite name is required"
          initial={{ name: suite.data.name, description: suite.data.description }}
          submitLabel="Save Changes"
          busyLabel="Saving..."
          busy={update.isPending}
          error={update.isError ? 'Failed to update suite' : null}
          errorCause={update.error}
          cancelTo={paths.suiteDetail(id)}
          onSubmit={(body) =>
            update.mutate(body, {
              onSuccess: (answer) => {
                const state: NavigationToastState = {
                  message: answer?.message ?? 'Test suite updated successfully',
                };
                navigate(paths.suiteDetail(id), { state });
              },
            })
          }
        />
      )}
    </Page>
  );
}
