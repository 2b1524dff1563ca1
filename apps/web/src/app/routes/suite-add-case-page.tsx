import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { AddCaseForm } from '@/features/cases/components/add-case-form';
import { useSuite } from '@/features/suites/api/suite-api';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';

/** /suites/{id}/add-case: a top-level case in the suite; back to the suite. */
export function SuiteAddCasePage() {
  const suiteId = useIdParam();
  const breadcrumbs = useScreenTrail({ type: 'suite', id: suiteId }, 'Add Test Case to Suite');
  const suite = useSuite(suiteId);

  return (
    <Page title="Add Test Case to Suite" subtitle={suite.data?.name} breadcrumbs={breadcrumbs} narrow>
      {suiteId === null ? (
        <ErrorBox message="Failed to fetch suite" />
      ) : (
        <AddCaseForm
          projectId={suite.data?.project_id}
          parent={{ kind: 'suite', id: suiteId }}
          nameLabel="Case Name"
          // This screen's trimmed-name message is 'Suite name is required'.
          // docs/product/suites.md, "Add Test Case to Suite (`/suites/{id}/add-case`)"
          blankNameMessage="Suite name is required"
          submitLabel="Add Test Case"
          failure="Failed to add Test Case to Suite"
          backTo={paths.suiteDetail(suiteId)}
        />
      )}
    </Page>
  );
}
