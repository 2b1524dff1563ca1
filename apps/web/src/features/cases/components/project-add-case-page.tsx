import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { useProject } from '@/entities/project/get-project';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { AddCaseForm } from './add-case-form';

/** /projects/{id}/add-case: a top-level case in no suite; back to the project. */
export function ProjectAddCasePage() {
  const projectId = useIdParam();
  const breadcrumbs = useScreenTrail({ type: 'project', id: projectId }, 'Add Test Case');
  const project = useProject(projectId);

  return (
    <Page title="Add Test Case" subtitle={project.data?.name} breadcrumbs={breadcrumbs} narrow>
      {projectId === null ? (
        <ErrorBox message="Failed to fetch project details" />
      ) : (
        <AddCaseForm
          projectId={projectId}
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
