import { useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { useCreateCase } from '@/features/projects/api/create-case';
import { NameDescriptionForm } from '@/features/projects/components/name-description-form';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useSuite } from '../api/suite-api';

/** /suites/{id}/add-case: a top-level case in the suite; back to the suite. */
export function SuiteAddCasePage() {
  const suiteId = useIdParam();
  const navigate = useNavigate();
  const suite = useSuite(suiteId);
  const create = useCreateCase({ kind: 'suite', id: suiteId ?? 0 });

  return (
    <Page title="Add Test Case to Suite" subtitle={suite.data?.name} narrow>
      {suiteId === null ? (
        <ErrorBox message="Failed to fetch suite" />
      ) : (
        <NameDescriptionForm
          nameLabel="Case Name"
          // SPEC §5 names this screen's trimmed-name message 'Suite name is required'.
          blankNameMessage="Suite name is required"
          submitLabel="Add Test Case"
          busyLabel="Adding..."
          busy={create.isPending}
          error={create.isError ? 'Failed to add Test Case to Suite' : null}
          errorCause={create.error}
          cancelTo={paths.suiteDetail(suiteId)}
          onSubmit={(body) =>
            create.mutate(body, {
              onSuccess: (answer) => {
                const state: NavigationToastState = {
                  message: answer?.message ?? 'Test case created successfully',
                };
                navigate(paths.suiteDetail(suiteId), { state });
              },
            })
          }
        />
      )}
    </Page>
  );
}
