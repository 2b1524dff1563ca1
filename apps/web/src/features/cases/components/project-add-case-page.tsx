import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { useProject } from '@/lib/get-project';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { AddCaseForm } from './add-case-form';

/** /projects/{id}/add-case: a top-level case in no suite; back to the project. */
export function ProjectAddCasePage() {
  const projectId = useIdParam();
  const project = useProject(projectId);

  return (
    <Page title="Add Test Case" subtitle={project.data?.name} narrow>
      {projectId === null ? (
        <ErrorBox message="Failed to fetch project details" />
      ) : (
        <AddCaseForm
          parent={{ kind: 'project', id: projectId }}
          nameLabel="Case Name"
          blankNameMessage="Test Case name is required"
          submitLabel="Add Test Case"
          failure="Failed to create Test Case"
          backTo={paths.projectDetail(projectId)}
        />
      )}
    </Page>
  );
}
