import { useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { NameDescriptionForm } from '@/components/ui/name-description-form';
import { Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { useProject } from '@/entities/project/get-project';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useCreateSuite } from '../api/create-suite';

/** /projects/{id}/add-suite: Suite Name (non-empty after trimming) and Description; back to the project. */
export function ProjectAddSuitePage() {
  const projectId = useIdParam();
  const breadcrumbs = useScreenTrail({ type: 'project', id: projectId }, 'Add Test Suite');
  const navigate = useNavigate();
  const project = useProject(projectId);
  const create = useCreateSuite();

  return (
    <Page title="Add Test Suite" subtitle={project.data?.name} breadcrumbs={breadcrumbs} narrow>
      {projectId === null ? (
        <ErrorBox message="Failed to fetch project details" />
      ) : (
        <NameDescriptionForm
          nameLabel="Suite Name"
          blankNameMessage="Test Suite name is required"
          submitLabel="Add Test Suite"
          busyLabel="Adding..."
          busy={create.isPending}
          error={create.isError ? 'Failed to create Test Suite' : null}
          errorCause={create.error}
          cancelTo={paths.projectDetail(projectId)}
          onSubmit={(body) =>
            create.mutate(
              { project_id: projectId, ...body },
              {
                onSuccess: (answer) => {
                  const state: NavigationToastState = {
                    message: answer?.message ?? 'Test suite created successfully',
                  };
                  navigate(paths.projectDetail(projectId), { state });
                },
              },
            )
          }
        />
      )}
    </Page>
  );
}
