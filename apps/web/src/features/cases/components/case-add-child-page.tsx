import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useCase } from '../api/case-api';
import { AddCaseForm } from './add-case-form';

/** /testcases/{id}/add-child: a child of case {id}; back to that case. */
export function CaseAddChildPage() {
  const parentId = useIdParam();
  const breadcrumbs = useScreenTrail({ type: 'case', id: parentId }, 'Add Child Test Case');
  const parent = useCase(parentId);

  return (
    <Page title="Add Child Test Case" subtitle={parent.data?.name} breadcrumbs={breadcrumbs} narrow>
      {parentId === null ? (
        <ErrorBox message="Failed to fetch test case" />
      ) : (
        <AddCaseForm
          projectId={parent.data?.project_id}
          parent={{ kind: 'parent', id: parentId }}
          nameLabel="Child Case Name"
          blankNameMessage="Child Test Case name is required"
          submitLabel="Add Child Test Case"
          failure="Failed to create Child Test Case"
          backTo={paths.caseDetail(parentId)}
        />
      )}
    </Page>
  );
}
