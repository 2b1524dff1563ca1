import { useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Loading } from '@/components/ui/loading';
import { NameDescriptionForm } from '@/components/ui/name-description-form';
import { Card, Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { useProject } from '@/entities/project/get-project';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useUpdateProject } from '../api/project-mutations';
import { EvidenceRetentionCard } from './evidence-retention-form';

/**
 * /edit-project/{id}: loads name and description; 'Save Changes' or 'Cancel' back to the project.
 * Below, the project's retention of CI evidence, saved on its own.
 */
export function ProjectEditPage() {
  const id = useIdParam();
  const breadcrumbs = useScreenTrail({ type: 'project', id: id }, 'Edit Project');
  const navigate = useNavigate();
  const project = useProject(id);
  const update = useUpdateProject(id ?? 0);

  return (
    // Two cards, one under the other: the project's name and description, and its evidence retention.
    <Page title="Edit Project" breadcrumbs={breadcrumbs} narrow card={false}>
      {id === null || project.isError ? (
        <Card>
          <ErrorBox message="Failed to fetch project" />
        </Card>
      ) : !project.data ? (
        <Card>
          <Loading text="Loading project..." />
        </Card>
      ) : (
        <>
          <Card>
            <NameDescriptionForm
              // Fresh fields when another project is opened in the same screen.
              key={project.data.id}
              nameLabel="Project Name"
              initial={{ name: project.data.name, description: project.data.description }}
              submitLabel="Save Changes"
              busyLabel="Saving..."
              busy={update.isPending}
              error={update.isError ? 'Failed to update project' : null}
              errorCause={update.error}
              cancelTo={paths.projectDetail(project.data.id)}
              onSubmit={(body) =>
                update.mutate(body, {
                  onSuccess: () => {
                    const state: NavigationToastState = { message: 'Project updated successfully!' };
                    navigate(paths.projectDetail(project.data.id), { state });
                  },
                })
              }
            />
          </Card>
          <EvidenceRetentionCard projectId={project.data.id} />
        </>
      )}
    </Page>
  );
}
