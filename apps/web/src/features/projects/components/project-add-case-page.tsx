import { useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useCreateCase } from '../api/create-case';
import { useProject } from '../api/get-project';
import { NameDescriptionForm } from './name-description-form';

/** /projects/{id}/add-case: a top-level case in no suite; back to the project. */
export function ProjectAddCasePage() {
  const projectId = useIdParam();
  const navigate = useNavigate();
  const project = useProject(projectId);
  const create = useCreateCase({ kind: 'project', id: projectId ?? 0 });

  return (
    <Page title="Add Test Case" subtitle={project.data?.name} narrow>
      {projectId === null ? (
        <ErrorBox message="Failed to fetch project details" />
      ) : (
        <NameDescriptionForm
          nameLabel="Case Name"
          blankNameMessage="Test Case name is required"
          submitLabel="Add Test Case"
          busyLabel="Adding..."
          busy={create.isPending}
          error={create.isError ? 'Failed to create Test Case' : null}
          errorCause={create.error}
          cancelTo={paths.projectDetail(projectId)}
          onSubmit={(body) =>
            create.mutate(body, {
              onSuccess: (answer) => {
                const state: NavigationToastState = {
                  message: answer?.message ?? 'Test case created successfully',
                };
                navigate(paths.projectDetail(projectId), { state });
              },
            })
          }
        />
      )}
    </Page>
  );
}
